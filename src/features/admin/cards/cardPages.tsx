import type { ReactNode } from 'react';
import { lazyPage } from '../../../shared/lazyPage';

// A chunk of its own, loaded when the page is opened; AdminPage holds the Suspense boundary.
const CardPage = lazyPage(() => import('./CardPage'), 'CardPage');

interface PageProps {
  title: string;
  params: Record<string, string>;
}

/** The IoT card registry (issue 21) by route. */
export const CARD_PAGES: Record<string, (props: PageProps) => ReactNode> = {
  '/nv_iot/nv_iot_card': ({ title }) => <CardPage title={title} />,
};
