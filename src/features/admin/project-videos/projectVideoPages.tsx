import type { ReactNode } from 'react';
import { lazyPage } from '../../../shared/lazyPage';

// A chunk of its own (with hls.js behind it), loaded when the page is opened; AdminPage holds the Suspense boundary.
const ProjectVideosPage = lazyPage(() => import('./ProjectVideosPage'), 'ProjectVideosPage');

interface PageProps {
  title: string;
  params: Record<string, string>;
}

/** 关联视频 (issue 18): a project's camera channels, by the project in the path. */
export const PROJECT_VIDEO_PAGES: Record<string, (props: PageProps) => ReactNode> = {
  '/nv_project/nv_associate_video/:projectId': ({ title, params }) => <ProjectVideosPage key={params.projectId} title={title} projectId={params.projectId ?? ''} />,
};
