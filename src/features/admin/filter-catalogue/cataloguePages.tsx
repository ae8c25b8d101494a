import type { ReactNode } from 'react';
import { lazyPage } from '../../../shared/lazyPage';

// A chunk of its own, loaded when the page is opened; AdminPage holds the Suspense boundary.
const CatalogueSyncPage = lazyPage(() => import('./CatalogueSyncPage'), 'CatalogueSyncPage');

interface PageProps {
  title: string;
  params: Record<string, string>;
}

/** 产品管理 › 滤网目录同步 (issue 21) by route. */
export const CATALOGUE_PAGES: Record<string, (props: PageProps) => ReactNode> = {
  '/nv_product/nv_filter_sync': ({ title }) => <CatalogueSyncPage title={title} />,
};
