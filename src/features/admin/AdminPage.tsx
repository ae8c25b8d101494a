import { Spin } from 'antd';
import { Suspense, type ReactNode } from 'react';
import { applicationResource } from '../../../contract/resources/application';
import { contactsResource } from '../../../contract/resources/contacts';
import { RESOURCES } from '../../../contract/resources/registry';
import { matchPath } from '../../app/routes/matchPath';
import { lazyPage } from '../../shared/lazyPage';
import { EmptyPage } from '../../shared/ui/EmptyState';
import { ACCESS_PAGES } from './access/accessPages';
import { registerAccessStrings } from './access/accessStrings';
import { AdminProviders } from './AdminProviders';
import { ApplicationAssociatePage } from './applications/ApplicationAssociatePage';
import { OrgAssociatePage } from './applications/OrgAssociatePage';
import { BaseDataPage } from './BaseDataPage';
import { LogListPage } from './logs/LogListPage';
import { OrgPage } from './orgs/OrgPage';
import { OrgTypePage } from './orgs/OrgTypePage';
import { registerAdminStrings } from './registerAdminStrings';
import { ResourceListPage } from './ResourceListPage';
import { UsersPage } from './users/UsersPage';
import { VisitorPage } from './users/VisitorPage';

registerAdminStrings(RESOURCES);
registerAccessStrings();

// The statistics page brings ECharts: a chunk of its own, loaded when the page is opened.
const ApplicationStatsPage = lazyPage(() => import('./applications/ApplicationStatsPage'), 'ApplicationStatsPage');

interface PageProps {
  title: string;
  params: Record<string, string>;
}

/**
 * What each admin route renders, by path or by pattern (`/nv_system/nv_org_rights/:id`); a route not
 * listed shows its title over 暂无数据 until it is built.
 */
const ADMIN_PAGES: Record<string, (props: PageProps) => ReactNode> = {
  '/nv_intelligent_alarm/nv_alarm_contacts': ({ title }) => <ResourceListPage title={title} def={contactsResource} />,
  '/nv_system/nv_base_data': ({ title }) => <BaseDataPage title={title} />,
  '/nv_system/nv_organize': ({ title }) => <OrgPage title={title} />,
  '/nv_system/nv_org_type': ({ title }) => <OrgTypePage title={title} />,
  '/nv_log': ({ title }) => <LogListPage title={title} mine />,
  '/nv_sys_log': ({ title }) => <LogListPage title={title} mine={false} />,
  '/nv_application/nv_application_static': ({ title }) => <Suspense fallback={<Spin style={{ display: 'block', margin: '4rem auto' }} />}><ApplicationStatsPage title={title} /></Suspense>,
  '/nv_application/nv_application_associate': ({ title }) => <ApplicationAssociatePage title={title} />,
  '/nv_application/nv_org_associate': ({ title }) => <OrgAssociatePage title={title} />,
  '/nv_application/nv_application_list': ({ title }) => <ResourceListPage title={title} def={applicationResource} />,
  '/nv_system/nv_users': ({ title }) => <UsersPage title={title} />,
  '/nv_system/nv_visitor': ({ title }) => <VisitorPage title={title} />,
  ...ACCESS_PAGES,
};

/**
 * The administration branch (its own lazy chunk, with antd, the query cache and the admin texts):
 * the page of the route `path`, given its title and the route's `params`.
 */
export function AdminPage({ title, path, params }: { title: string; path: string; params: Record<string, string> }) {
  const page = ADMIN_PAGES[path] ?? Object.entries(ADMIN_PAGES).find(([pattern]) => pattern.includes('/:') && matchPath(pattern, path))?.[1];
  return (
    <div data-page={path}>
      {page ? <AdminProviders>{page({ title, params })}</AdminProviders> : <EmptyPage title={title} />}
    </div>
  );
}
