import { isValidElement, type ReactNode } from 'react';
import { applicationResource } from '../../../contract/resources/application';
import { RESOURCES } from '../../../contract/resources/registry';
import { matchPath } from '../../app/routes/matchPath';
import { lazyPage } from '../../shared/lazyPage';
import { EmptyPage } from '../../shared/ui/EmptyState';
import { ALARM_PAGES } from '../alarms/pages/alarmPages';
import { ACCESS_PAGES } from './access/accessPages';
import { BACKUP_PAGES } from './backup/backupPages';
import { CARD_PAGES } from './cards/cardPages';
import { CATALOGUE_PAGES } from './filter-catalogue/cataloguePages';
import { DEVICE_PAGES } from './devices/devicePages';
import { GRAPH_LIB_PAGES } from './graph-libs/graphLibPages';
import { GATEWAY_PAGES } from './gateways/gatewayPages';
import { UPGRADE_PAGES } from './upgrades/upgradePages';
import { WALL_PAGES } from './walls/wallPages';
import { DETAIL_PAGES } from '../monitoring/detail/detailPages';
import { MONITORING_PAGES } from '../monitoring/monitoringPages';
import { PRODUCT_PAGES } from './products/productPages';
import { PROJECT_VIDEO_PAGES } from './project-videos/projectVideoPages';
import { PROJECT_PAGES } from './projects/projectPages';
import { ABOUT_PAGES } from './about/aboutPages';
import { SETTINGS_PAGES } from './settings/settingsPages';
import { registerAccessStrings } from './access/accessStrings';
import { AdminPageScope } from './AdminProviders';
import { registerAdminStrings } from './registerAdminStrings';
import { ResourceListPage } from './ResourceListPage';

registerAdminStrings(RESOURCES);
registerAccessStrings();

// A page beyond the generic list is a chunk of its own, loaded when it is opened: the first admin
// page brings antd and the kit, not every family's pages (the statistics page brings ECharts).
const ApplicationStatsPage = lazyPage(() => import('./applications/ApplicationStatsPage'), 'ApplicationStatsPage');
const ApplicationAssociatePage = lazyPage(() => import('./applications/ApplicationAssociatePage'), 'ApplicationAssociatePage');
const OrgAssociatePage = lazyPage(() => import('./applications/OrgAssociatePage'), 'OrgAssociatePage');
const BaseDataPage = lazyPage(() => import('./BaseDataPage'), 'BaseDataPage');
const LogListPage = lazyPage(() => import('./logs/LogListPage'), 'LogListPage');
const OrgPage = lazyPage(() => import('./orgs/OrgPage'), 'OrgPage');
const OrgTypePage = lazyPage(() => import('./orgs/OrgTypePage'), 'OrgTypePage');
const UsersPage = lazyPage(() => import('./users/UsersPage'), 'UsersPage');
const VisitorPage = lazyPage(() => import('./users/VisitorPage'), 'VisitorPage');
const ScreenLibraryPage = lazyPage(() => import('../screens/library/LibraryPage'), 'LibraryPage');
const AlarmContactsPage = lazyPage(() => import('./alarm-contacts/AlarmContactsPage'), 'AlarmContactsPage');

interface PageProps {
  title: string;
  params: Record<string, string>;
}

/**
 * What each admin route renders, by path or by pattern (`/nv_system/nv_org_rights/:id`); a route not
 * listed shows its title over 暂无数据 until it is built.
 */
const ADMIN_PAGES: Record<string, (props: PageProps) => ReactNode> = {
  '/nv_intelligent_alarm/nv_alarm_contacts': ({ title }) => <AlarmContactsPage title={title} />,
  '/nv_system/nv_base_data': ({ title }) => <BaseDataPage title={title} />,
  '/nv_system/nv_organize': ({ title }) => <OrgPage title={title} />,
  '/nv_system/nv_org_type': ({ title }) => <OrgTypePage title={title} />,
  '/nv_log': ({ title }) => <LogListPage title={title} mine />,
  '/nv_sys_log': ({ title }) => <LogListPage title={title} mine={false} />,
  '/nv_application/nv_application_static': ({ title }) => <ApplicationStatsPage title={title} />,
  '/nv_application/nv_application_associate': ({ title }) => <ApplicationAssociatePage title={title} />,
  '/nv_application/nv_org_associate': ({ title }) => <OrgAssociatePage title={title} />,
  '/nv_application/nv_application_list': ({ title }) => <ResourceListPage title={title} def={applicationResource} />,
  '/nv_system/nv_users': ({ title }) => <UsersPage title={title} />,
  '/nv_system/nv_visitor': ({ title }) => <VisitorPage title={title} />,
  '/nv_system/nv_screen': ({ title }) => <ScreenLibraryPage title={title} />,
  ...ACCESS_PAGES,
  ...ALARM_PAGES,
  ...PRODUCT_PAGES,
  ...DEVICE_PAGES,
  ...PROJECT_VIDEO_PAGES,
  ...GRAPH_LIB_PAGES,
  ...GATEWAY_PAGES,
  ...UPGRADE_PAGES,
  ...CARD_PAGES,
  ...CATALOGUE_PAGES,
  ...PROJECT_PAGES,
  ...DETAIL_PAGES,
  ...MONITORING_PAGES,
  ...ABOUT_PAGES,
  ...BACKUP_PAGES,
  ...SETTINGS_PAGES,
  ...WALL_PAGES,
};

function pageAt(path: string): { page: (props: PageProps) => ReactNode; params: Record<string, string> } | undefined {
  const exact = ADMIN_PAGES[path];
  if (exact) return { page: exact, params: {} };
  for (const [pattern, page] of Object.entries(ADMIN_PAGES)) {
    const params = pattern.includes('/:') ? matchPath(pattern, path) : undefined;
    if (params) return { page, params };
  }
  return undefined;
}

/**
 * Fetches the chunk of the page at `path` when it is a lazy page of its own, so that a cold start
 * renders it without suspending (React holds a revealed Suspense boundary back for 300 ms).
 */
export function preloadAdminRoute(path: string): Promise<void> {
  const found = pageAt(path);
  const element = found?.page({ title: '', params: found.params });
  const type = isValidElement(element) ? (element.type as { preload?: () => Promise<void> }) : undefined;
  return typeof type?.preload === 'function' ? type.preload() : Promise.resolve();
}

/**
 * The administration branch (its own lazy chunk, with antd, the query cache and the admin texts):
 * the page of the route `path`, given its title and the route's `params`.
 */
export function AdminPage({ title, path, params }: { title: string; path: string; params: Record<string, string> }) {
  const page = pageAt(path)?.page;
  return (
    <div data-page={path}>
      {page ? <AdminPageScope>{page({ title, params })}</AdminPageScope> : <EmptyPage title={title} />}
    </div>
  );
}
