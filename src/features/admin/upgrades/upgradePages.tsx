import type { ReactNode } from 'react';
import { lazyPage } from '../../../shared/lazyPage';

// Each page is a chunk of its own, loaded when it is opened; AdminPage holds the Suspense boundary.
const UpgradePage = lazyPage(() => import('./UpgradePage'), 'UpgradePage');
const DebugPage = lazyPage(() => import('./DebugPage'), 'DebugPage');

interface PageProps {
  title: string;
  params: Record<string, string>;
}

/** Firmware upgrade and remote debugging (issue 18) by route. */
export const UPGRADE_PAGES: Record<string, (props: PageProps) => ReactNode> = {
  '/nv_iot/nv_upgrade': ({ title }) => <UpgradePage title={title} />,
  '/nv_iot/nv_debug': ({ title }) => <DebugPage title={title} />,
};
