import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { Project } from '../../../../contract/resources/project';
import { ApiRequestError } from '../../../shared/http';
import { PageHeading, PagePanel } from '../../../shared/ui/PagePanel';
import { PanelBody } from '../ResourceListPage';
import { fetchProject } from './projectApi';

/** The project of a page's `:projectId`, or undefined for an id that is not one. */
export function parseProjectId(raw: string | undefined): number | undefined {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : undefined;
}

/**
 * A page of one project (members, devices): its heading names the project, a link leads back to
 * 项目列表, and a project that does not exist or is not visible says so instead of an empty page.
 */
export function ProjectFrame({ projectId, titleKey, children }: { projectId: number | undefined; titleKey: string; children(project: Project): ReactNode }) {
  const { t } = useTranslation('admin');
  const [, navigate] = useLocation();
  const project = useQuery({
    queryKey: ['resource', 't_project', 'one', projectId],
    queryFn: ({ signal }) => fetchProject(projectId!, signal),
    enabled: projectId !== undefined,
    retry: (count, err) => !(err instanceof ApiRequestError && err.status === 404) && count < 2,
  });
  const missing = projectId === undefined || (project.error instanceof ApiRequestError && project.error.status === 404);
  return (
    <PagePanel>
      <PageHeading>{project.data ? t(titleKey, { name: project.data.name }) : t(titleKey, { name: '…' })}</PageHeading>
      <PanelBody>
        <Button type="link" icon={<ArrowLeftOutlined aria-hidden />} style={{ paddingInline: 0, marginBottom: '0.5rem' }}
          onClick={() => navigate('/nv_project/nv_project_list')}>{t('projects.back')}</Button>
        {missing && <Result status="404" title={t('projects.notFound')} />}
        {!missing && project.isError && <Result status="error" title={t('projects.loadFailed', { error: project.error.message })} />}
        {!missing && project.isPending && <Spin style={{ display: 'block', margin: '3rem auto' }} />}
        {project.data && children(project.data)}
      </PanelBody>
    </PagePanel>
  );
}
