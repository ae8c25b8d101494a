import type { MenuItem } from '../../../contract/session';
import { hasRight, Right } from '../../../contract/rights';
import { firstLeaf, flattenMenu, type MenuNode } from '../../shared/menu';
import { matchPath, normalizePath } from './matchPath';

/** Which component renders a main-layout page. */
export type MainPageKind = 'home' | 'notice' | 'account' | 'admin' | 'projectGraph' | 'playlists';

/** A route of the main layout that exists for everyone with its right, menu or not (SPEC §2). */
export interface FixedRoute {
  pattern: string;
  /** Translation key of its title. */
  titleKey: string;
  page: MainPageKind;
  right?: string;
  /**
   * The page's own chunk, where a cold start on it should fetch that beside the admin branch's
   * rather than after it (the pages opened from links and new tabs: a device's detail).
   */
  chunk?: () => Promise<unknown>;
}

export const MAIN_FIXED_ROUTES: readonly FixedRoute[] = [
  { pattern: '/', titleKey: 'route.home', page: 'home' },
  { pattern: '/nv_notice', titleKey: 'route.nv_notice', page: 'notice', right: Right.NoticePreview },
  { pattern: '/nv_log', titleKey: 'route.nv_log', page: 'admin' },
  { pattern: '/nv_sys_log', titleKey: 'route.nv_sys_log', page: 'admin' },
  { pattern: '/nv_data_backup', titleKey: 'route.nv_data_backup', page: 'admin' },
  { pattern: '/nv_product/nv_measure_auth/:isIotDevice', titleKey: 'route.nv_measure_auth', page: 'admin', right: Right.ProductPreview },
  { pattern: '/nv_project/nv_project_user/:projectId', titleKey: 'route.nv_project_user', page: 'admin', right: Right.ProjectPreview },
  { pattern: '/nv_project/nv_associate_device/:projectId', titleKey: 'route.nv_associate_device', page: 'admin', right: Right.ProjectPreview },
  { pattern: '/nv_project/nv_associate_video/:projectId', titleKey: 'route.nv_associate_video', page: 'admin', right: Right.ProjectPreview },
  { pattern: '/nv_product/nv_product_sync_detail/:id', titleKey: 'route.nv_product_sync_detail', page: 'admin', right: Right.ProductPreview },
  {
    pattern: '/nv_monitor/nv_device_detail/:deviceId', titleKey: 'route.nv_device_detail', page: 'admin', right: Right.DevicePreview,
    chunk: () => import('../../features/monitoring/detail/DeviceDetailPage'),
  },
  {
    pattern: '/nv_monitor/nv_device_onlinedata/:deviceId', titleKey: 'route.nv_device_onlinedata', page: 'admin', right: Right.DevicePreview,
    chunk: () => import('../../features/monitoring/detail/DeviceOnlineDataPage'),
  },
  { pattern: '/nv_system/nv_org_rights/:id', titleKey: 'route.nv_org_rights', page: 'admin', right: Right.RightPreview },
  { pattern: '/nv_system/nv_org_roles/:id', titleKey: 'route.nv_org_roles', page: 'admin', right: Right.RolePreview },
  { pattern: '/nv_system/nv_org_rights2/:id', titleKey: 'route.nv_org_rights2', page: 'admin', right: Right.RightPreview },
  { pattern: '/nv_system/nv_org_roles2/:id', titleKey: 'route.nv_org_roles2', page: 'admin', right: Right.RolePreview },
  { pattern: '/nv_system/nv_org_type_rights/:id', titleKey: 'route.nv_org_type_rights', page: 'admin', right: Right.RightPreview },
  { pattern: '/nv_system/nv_org_type_roles/:id', titleKey: 'route.nv_org_type_roles', page: 'admin', right: Right.RolePreview },
  { pattern: '/nv_system/nv_user_rights/:id', titleKey: 'route.nv_user_rights', page: 'admin', right: Right.RightPreview },
];

/** Where a parent goes when it names a default child (SPEC §2); otherwise its first visible child. */
const DEFAULT_CHILDREN: Record<string, string> = {
  '/nv_system': '/nv_system/nv_base_data',
  '/nv_iot': '/nv_iot/nv_iot_monitor',
  '/nv_intelligent_alarm': '/nv_intelligent_alarm/nv_realtime_alarm',
};

/** Menu entries with a page of their own that is not the generic admin page. */
const MENU_PAGES: Record<string, MainPageKind> = { nv_account: 'account', nv_project_graph: 'projectGraph', nv_kiosk_playlists: 'playlists' };

export type MainRoute =
  | { kind: 'page'; path: string; page: MainPageKind; title: { key: string } | { menu: MenuNode }; params: Record<string, string> }
  | { kind: 'redirect'; to: string }
  | { kind: 'notFound' };

export interface RouteContext {
  /** The menu as the user sees it. */
  tree: readonly MenuNode[];
  /** The whole menu as the server sent it: a path it lists with a right the user lacks is not there. */
  items: readonly MenuItem[];
  rights: readonly string[];
}

function redirectForParent(node: MenuNode): MainRoute {
  const preferred = DEFAULT_CHILDREN[node.path];
  const visible = flattenMenu(node.children);
  const target = (preferred && visible.find((n) => n.path === preferred && !n.children.length)) || firstLeaf(node);
  return { kind: 'redirect', to: target.path };
}

/**
 * What the main layout shows at `rawPath` (SPEC §2): a visible menu entry's page, a parent's
 * redirect to its first child, a fixed route the user has the right for, or not found.
 */
export function resolveMainRoute(rawPath: string, ctx: RouteContext): MainRoute {
  const path = normalizePath(rawPath);
  const visible = flattenMenu(ctx.tree);
  const node = visible.find((n) => normalizePath(n.path) === path);
  if (node) {
    if (node.children.length) return redirectForParent(node);
    return { kind: 'page', path, page: MENU_PAGES[node.name] ?? 'admin', title: { menu: node }, params: {} };
  }
  const hiddenByMenu = ctx.items.some((i) => normalizePath(i.path) === path);
  if (hiddenByMenu) return { kind: 'notFound' };
  for (const route of MAIN_FIXED_ROUTES) {
    const params = matchPath(route.pattern, path);
    if (!params) continue;
    if (route.right && !hasRight(ctx.rights, route.right)) return { kind: 'notFound' };
    return { kind: 'page', path, page: route.page, title: { key: route.titleKey }, params };
  }
  return { kind: 'notFound' };
}

/**
 * The page kind `rawPath` will most likely render, before the menu is known (the cold start's
 * preload): a fixed route's, a menu page of its own by its last segment, else the admin page.
 */
export function likelyMainPage(rawPath: string): { kind: MainPageKind; chunk?: () => Promise<unknown> } {
  const path = normalizePath(rawPath);
  const fixed = MAIN_FIXED_ROUTES.find((r) => matchPath(r.pattern, path));
  if (fixed) return { kind: fixed.page, chunk: fixed.chunk };
  return { kind: MENU_PAGES[path.split('/').pop() ?? ''] ?? 'admin' };
}
