import type { ReactNode } from 'react';
import { lazyPage } from '../../../shared/lazyPage';

// Chunks of their own, loaded when a page is opened; AdminPage holds the Suspense boundary.
const WallAdminPage = lazyPage(() => import('./WallAdminPage'), 'WallAdminPage');
const WallHealthPage = lazyPage(() => import('./WallHealthPage'), 'WallHealthPage');

interface PageProps {
  title: string;
  params: Record<string, string>;
}

/** The video-wall pages (issue 23): 视频墙 (definitions and display tokens) and 墙体健康. */
export const WALL_PAGES: Record<string, (props: PageProps) => ReactNode> = {
  '/nv_system/nv_video_wall': ({ title }) => <WallAdminPage title={title} />,
  '/nv_system/nv_wall_health': ({ title }) => <WallHealthPage title={title} />,
};
