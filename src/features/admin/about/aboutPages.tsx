import type { ReactNode } from 'react';
import { lazyPage } from '../../../shared/lazyPage';

// Each page is a chunk of its own (版本信息 carries the component list); AdminPage holds the Suspense boundary.
const VersionPage = lazyPage(() => import('./VersionPage'), 'VersionPage');
const LicencePage = lazyPage(() => import('./LicencePage'), 'LicencePage');

interface PageProps {
  title: string;
  params: Record<string, string>;
}

/** 关于 (issue 22) by route: 版本信息 and 授权信息. */
export const ABOUT_PAGES: Record<string, (props: PageProps) => ReactNode> = {
  '/nv_about/nv_version': ({ title }) => <VersionPage title={title} />,
  '/nv_about/nv_authorize': ({ title }) => <LicencePage title={title} />,
};
