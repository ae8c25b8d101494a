import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { ErrorPanel } from '../../../screens/runtime/ErrorPanel';
import { ScreenRuntime } from '../../../screens/runtime/ScreenRuntime';
import { getRuntimeConfig } from '../../shared/config';
import { appStore } from '../../shared/store';
import { createScreenClient } from '../../shared/screen/createScreenClient';
import { MonitorControls } from './MonitorControls';
import { monitorEarlyReads } from './monitorPrefetch';
import { addressVariables, templateIdParam } from '../../../contract/address-params';
import { useMonitorKeys } from './useMonitorKeys';
import { Connecting, Page } from './monitorStyles';
import { registerScreenStrings } from '../../shared/screen/registerScreenStrings';
import { useMonitorTemplate, useTemplateList } from './useMonitorTemplate';
import { useMonitorRotation } from './useRotation';
import { useScreenPreferences, wallThemeOf } from '../../shared/screen/useWallTheme';

registerScreenStrings();

/** A video wall's screen (`?wall=<id>&tile=<r>,<c>`, issue 23): its own chunk, so a plain /monitor loads none of it. */
const WallTilePage = lazy(() => import('../walls/tile/WallTilePage').then((m) => ({ default: m.WallTilePage })));

/** Address parameters of this page (not template variables). */
const PAGE_PARAMS = ['tpl', 'theme'];

/**
 * /monitor: the big screen, full window with no console chrome. It shows `?tpl=<id>`, else the
 * user's active template (else the default), in the user's wall theme or `?theme=light|dark`; other
 * address parameters fill template variables
 * (`?projectId=3`). Arrow/Page keys and digits switch templates (remote controls send those),
 * F toggles full screen; moving the mouse shows the switcher for a few seconds. With `?wall=<id>&tile=<r>,<c>`
 * it is one screen of a video wall instead (src/features/walls/tile/WallTilePage.tsx).
 */
export function MonitorPage() {
  const search = useSearch();
  if (new URLSearchParams(search).has('wall')) return <Suspense fallback={<Page data-page="wall-tile" />}><WallTilePage /></Suspense>;
  return <TemplateMonitor />;
}

/** /monitor showing one template (the page without `wall`). */
function TemplateMonitor() {
  const { t } = useTranslation();
  const search = useSearch();
  const [, navigate] = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const tplId = templateIdParam(params.get('tpl'));
  const variables = useMemo(() => addressVariables(params, PAGE_PARAMS), [params]);
  const { record, error, notFound } = useMonitorTemplate(tplId);
  const list = useTemplateList();
  // One client for the screen's lifetime: it follows the hub owner itself (createScreenClient).
  const client = useMemo(() => createScreenClient(appStore, monitorEarlyReads), []);
  const prefs = useScreenPreferences();
  const wallTheme = wallThemeOf(params, prefs);
  const environment = useMemo(() => ({ map: getRuntimeConfig().map, wallTheme: wallTheme ?? undefined }), [wallTheme]);

  const [announce, setAnnounce] = useState<string | null>(null);
  const show = useCallback((id: number) => {
    const next = new URLSearchParams(params);
    next.set('tpl', String(id));
    navigate(`/monitor?${next.toString()}`, { replace: true });
    const name = list.find((x) => x.id === id)?.name;
    if (name) setAnnounce(name);
  }, [list, navigate, params]);
  useEffect(() => {
    if (!announce) return undefined;
    const timer = setTimeout(() => setAnnounce(null), 3_000);
    return () => clearTimeout(timer);
  }, [announce]);

  const currentId = record?.id ?? tplId;
  useMonitorKeys(list, currentId, show);
  useMonitorRotation(list, currentId, prefs?.rotateSeconds ?? 0, show);

  let body;
  if (record && wallTheme) {
    body = <ScreenRuntime key={record.id} content={record.content} name={record.name} variables={variables} client={client} environment={environment} />;
  } else if (notFound) {
    body = <ErrorPanel error={t('monitor.notFound')} hint={t('monitor.notFoundHint')} />;
  } else {
    body = <Connecting role="status">{error ? t('monitor.connecting') : t('common.loading')}</Connecting>;
  }
  return (
    <Page data-page="monitor" data-template={record?.id ?? ''}>
      {body}
      <MonitorControls list={list} currentId={currentId} announce={announce} onShow={show} />
    </Page>
  );
}
