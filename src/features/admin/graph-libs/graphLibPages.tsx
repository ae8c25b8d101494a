import type { ReactNode } from 'react';
import { lazyPage } from '../../../shared/lazyPage';

// A chunk of its own, loaded when a library is opened; AdminPage holds the Suspense boundary.
const GraphLibraryPage = lazyPage(() => import('./GraphLibraryPage'), 'GraphLibraryPage');

interface PageProps {
  title: string;
  params: Record<string, string>;
}

/** The graph libraries (issue 18): one page, over every project the user sees or over one project. */
export const GRAPH_LIB_PAGES: Record<string, (props: PageProps) => ReactNode> = {
  '/nv_project/nv_graph_lib': ({ title }) => <GraphLibraryPage key="all" title={title} mode="all" />,
  '/nv_project/nv_project_graph_lib': ({ title }) => <GraphLibraryPage key="project" title={title} mode="project" />,
};
