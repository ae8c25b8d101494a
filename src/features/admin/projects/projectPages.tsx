import type { ReactNode } from 'react';
import { projectGroupResource } from '../../../../contract/resources/project-group';
import { lazyPage } from '../../../shared/lazyPage';
import { ResourceListPage } from '../ResourceListPage';

// Chunks of their own, loaded when a project page is opened; AdminPage holds the Suspense boundary.
const ProjectListPage = lazyPage(() => import('./ProjectListPage'), 'ProjectListPage');
const ProjectMembersPage = lazyPage(() => import('./ProjectMembersPage'), 'ProjectMembersPage');
const AssociateDevicePage = lazyPage(() => import('./AssociateDevicePage'), 'AssociateDevicePage');

interface PageProps {
  title: string;
  params: Record<string, string>;
}

/** The project pages (issue 18) by route; camera channels (nv_associate_video) and the graph libraries are their own families'. */
export const PROJECT_PAGES: Record<string, (props: PageProps) => ReactNode> = {
  '/nv_project/nv_project_list': ({ title }) => <ProjectListPage title={title} />,
  '/nv_project/nv_project_group': ({ title }) => <ResourceListPage title={title} def={projectGroupResource} />,
  '/nv_project/nv_project_user/:projectId': ({ params }) => <ProjectMembersPage projectId={params.projectId} />,
  '/nv_project/nv_associate_device/:projectId': ({ params }) => <AssociateDevicePage projectId={params.projectId} />,
};
