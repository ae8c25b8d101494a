import { useAtomValue, useSetAtom } from 'jotai';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { MenuItem } from '../../contract/session';
import type { SidebarItem } from '../features/shell/Sidebar';
import { showSettingsAtom } from '../features/shell/settingsState';
import { apiGet } from '../shared/http';
import { menuTitle } from '../shared/menu';
import { clearToken } from '../shared/session';
import { SUPER_ADMIN_NAME, userAtom } from '../shared/user';
import { Frame } from './layouts/Frame';
import { PersonalConfigPage, ScreenLibraryPage } from './lazyPages';
import { Navbar } from './layouts/Navbar';
import { PageLoading } from './PageLoading';
import { normalizePath } from './routes/matchPath';
import { ChunkBoundary } from '../shared/ui/ChunkBoundary';

/** Where the superadmin starts (SPEC §2: the super layout's default). */
export const SUPER_HOME = '/nv_screen_graph_lib';

const SUPER_TITLES: Record<string, string> = {
  '/nv_screen_graph_lib': 'route.nv_screen_graph_lib',
  '/nv_personal_config': 'route.nv_personal_config',
};

/**
 * The super-admin layout (SPEC §2): a sidebar with only the template library and personal
 * configuration, the settings panel open. Anyone but superadmin opening it loses the token.
 */
export function SuperBranch() {
  const { t, i18n } = useTranslation();
  const [location] = useLocation();
  const user = useAtomValue(userAtom);
  const setShowSettings = useSetAtom(showSettingsAtom);
  const [menu, setMenu] = useState<MenuItem[]>([]);
  const allowed = user?.username === SUPER_ADMIN_NAME;

  useEffect(() => {
    if (allowed) return;
    clearToken();
    window.location.reload();
  }, [allowed]);

  useEffect(() => {
    if (!allowed) return undefined;
    setShowSettings(true);
    const controller = new AbortController();
    apiGet<MenuItem[]>('/menu/all', { type: 'super' }, controller.signal).then(setMenu, () => {});
    return () => controller.abort();
  }, [allowed, setShowSettings]);

  const items = useMemo<SidebarItem[]>(() => [...menu].sort((a, b) => a.order - b.order)
    .map((m) => ({ key: String(m.id), path: m.path, title: menuTitle(m, i18n.language), icon: m.icon, children: [] })), [menu, i18n.language]);

  if (!allowed) return null;
  const path = normalizePath(location);
  const title = t(SUPER_TITLES[path] ?? 'route.nv_screen_graph_lib');
  return (
    <Frame items={items} head={<Navbar crumbs={[title]} />}>
      <ChunkBoundary>
        <Suspense fallback={<PageLoading />}>
          {path === '/nv_personal_config' ? <PersonalConfigPage title={title} /> : <ScreenLibraryPage title={title} />}
        </Suspense>
      </ChunkBoundary>
    </Frame>
  );
}
