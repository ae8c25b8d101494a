import { useAtomValue } from 'jotai';
import { Suspense, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, useLocation } from 'wouter';
import { AppLaunchers } from '../features/shell/AppLaunchers';
import type { SidebarItem } from '../features/shell/Sidebar';
import { TagsView } from '../features/shell/TagsView';
import { refreshCountsAtom } from '../features/shell/tagsView';
import { HomePage } from '../features/home/HomePage';
import { buildMenuTree, menuItemsAtom, menuTitle, type MenuNode } from '../shared/menu';
import { ChunkBoundary } from '../shared/ui/ChunkBoundary';
import { SUPER_ADMIN_NAME, useRights, userAtom } from '../shared/user';
import { Frame } from './layouts/Frame';
import { Navbar } from './layouts/Navbar';
import { AccountPage, AdminPage, NoticePage, PlaylistAdminPage, ProjectGraphPage } from './lazyPages';
import { PageLoading } from './PageLoading';
import { normalizePath } from './routes/matchPath';
import { resolveMainRoute, type MainRoute, type RouteContext } from './routes/mainRoutes';
import { SUPER_HOME } from './SuperBranch';

type PageRoute = Extract<MainRoute, { kind: 'page' }>;

function toSidebarItems(nodes: readonly MenuNode[], language: string): SidebarItem[] {
  return nodes.map((n) => ({ key: String(n.id), path: n.path, title: menuTitle(n, language), icon: n.icon, children: toSidebarItems(n.children, language) }));
}

/** Menu parents of a path, for the breadcrumb. */
function parentsOf(nodes: readonly MenuNode[], path: string, language: string): string[] {
  for (const node of nodes) {
    if (node.children.some((c) => c.path === path)) return [menuTitle(node, language)];
    const deeper = parentsOf(node.children, path, language);
    if (deeper.length) return [menuTitle(node, language), ...deeper];
  }
  return [];
}

function MainPage({ route, title }: { route: PageRoute; title: string }) {
  switch (route.page) {
    case 'home':
      return <HomePage />;
    case 'notice':
      return <NoticePage />;
    case 'account':
      return <AccountPage />;
    case 'projectGraph':
      return <ProjectGraphPage />;
    case 'playlists':
      return <PlaylistAdminPage />;
    default:
      return <AdminPage title={title} path={route.path} params={route.params} />;
  }
}

/**
 * The main layout's routes (SPEC §2): built from the menu and the user's rights, parents redirect
 * to their first child, everything else goes to /404. The superadmin's root is the template library.
 */
export function MainBranch() {
  const { t, i18n } = useTranslation();
  const [location] = useLocation();
  const user = useAtomValue(userAtom);
  const items = useAtomValue(menuItemsAtom);
  const rights = useRights();
  const refreshCounts = useAtomValue(refreshCountsAtom);
  const tree = useMemo(() => buildMenuTree(items, rights), [items, rights]);
  const ctx: RouteContext = useMemo(() => ({ tree, items, rights }), [tree, items, rights]);
  const language = i18n.language;

  const titleOf = useCallback((route: MainRoute): string => {
    if (route.kind !== 'page') return '';
    return 'menu' in route.title ? menuTitle(route.title.menu, language) : t(route.title.key);
  }, [language, t]);
  const titleFor = useCallback((path: string) => titleOf(resolveMainRoute(path, ctx)), [ctx, titleOf]);
  const sidebarItems = useMemo<SidebarItem[]>(() => [
    { key: 'home', path: '/', title: t('route.home'), icon: 'home', children: [] },
    ...toSidebarItems(tree, language),
  ], [tree, language, t]);

  const path = normalizePath(location);
  if (user?.username === SUPER_ADMIN_NAME && path === '/') return <Redirect to={SUPER_HOME} replace />;
  const route = resolveMainRoute(path, ctx);
  if (route.kind === 'redirect') return <Redirect to={route.to} replace />;
  if (route.kind === 'notFound') return <Redirect to="/404" replace />;

  const title = titleOf(route);
  return (
    <Frame
      items={sidebarItems}
      head={(
        <>
          <Navbar crumbs={[...parentsOf(tree, route.path, language), title]} launchers={<AppLaunchers />} />
          <TagsView active={route.path} titleFor={titleFor} />
        </>
      )}
    >
      <ChunkBoundary key={`${route.path}#${refreshCounts[route.path] ?? 0}`}>
        <Suspense fallback={<PageLoading />}>
          <MainPage route={route} title={title} />
        </Suspense>
      </ChunkBoundary>
    </Frame>
  );
}
