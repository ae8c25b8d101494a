import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { addressVariables, templateIdParam } from '../../../../contract/address-params';
import { useScreenPreferences, wallThemeOf } from '../../../shared/screen/useWallTheme';
import { ErrorPanel } from '../../../../screens/runtime/ErrorPanel';
import { ScreenRuntime } from '../../../../screens/runtime/ScreenRuntime';
import { getRuntimeConfig } from '../../../shared/config';
import { toggleFullscreen } from '../../../shared/fullscreen';
import { errorText } from '../../../shared/errorText';
import { createScreenClient } from '../../../shared/screen/createScreenClient';
import { registerScreenStrings } from '../../../shared/screen/registerScreenStrings';
import { useWakeOnPointer } from '../../../shared/screen/useWakeOnPointer';
import { WallBar, WallBarButton, WallCentre, WallPage } from '../../../shared/screen/wallStyles';
import { appStore } from '../../../shared/store';
import { useMonitorTemplate } from '../../monitor/useMonitorTemplate';
import { fetchRevision } from '../editor/panels/revisionsApi';
import { readDraftContent } from './previewDraft';
import { useThumbnailCapture } from './useThumbnailCapture';

registerScreenStrings();

/** Address parameters of this page (not template variables). */
const PAGE_PARAMS = ['id', 'rev', 'draft', 'capture', 'theme'];

/** The content of revision `rev` of template `id`, when one is asked for. */
function useRevision(id: number | null, rev: number | null): { content: unknown; error: string | null } | null {
  const [state, setState] = useState<{ content: unknown; error: string | null } | null>(null);
  useEffect(() => {
    if (id === null || rev === null) return undefined;
    const abort = new AbortController();
    fetchRevision(id, rev, abort.signal).then(
      (r) => setState({ content: r.content, error: null }),
      (err: unknown) => !abort.signal.aborted && setState({ content: null, error: errorText(err) }),
    );
    return () => abort.abort();
  }, [id, rev]);
  return state;
}

/**
 * /nv_screen_graph_preview?id=: a template exactly as /monitor shows it (the same runtime, live
 * data, the template re-read like a wall's), with `&rev=` one of its saved revisions and with
 * `&draft=1` the editor's unsaved draft of it. Moving the mouse shows what is previewed, full
 * screen, and the way to the editor. With `&capture=1` (the library's hidden frame) it stores a
 * thumbnail of what it drew.
 */
export function PreviewPage() {
  const { t } = useTranslation();
  const search = useSearch();
  const [, navigate] = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const id = templateIdParam(params.get('id'));
  const rev = templateIdParam(params.get('rev'));
  const draft = useMemo(() => (id !== null && params.get('draft') === '1' ? readDraftContent(id) : null), [id, params]);
  const variables = useMemo(() => addressVariables(params, PAGE_PARAMS), [params]);
  const { record, error, notFound } = useMonitorTemplate(id);
  const revision = useRevision(id, rev);
  const client = useMemo(() => createScreenClient(appStore), []);
  const capture = params.get('capture') === '1';
  // Thumbnails are shared by every user: always the default (dark) wall.
  const prefs = useScreenPreferences();
  const wallTheme = capture ? 'dark' : wallThemeOf(params, prefs);
  const environment = useMemo(() => ({ map: getRuntimeConfig().map, wallTheme: wallTheme ?? undefined }), [wallTheme]);
  const open = useWakeOnPointer('preview');
  useThumbnailCapture(id, capture && rev === null && !draft);
  const otherTheme = wallTheme === 'light' ? 'dark' : 'light';
  const showTheme = () => {
    const next = new URLSearchParams(params);
    next.set('theme', otherTheme);
    navigate(`/nv_screen_graph_preview?${next.toString()}`, { replace: true });
  };

  const content = draft ?? (rev !== null ? revision?.content : record?.content);
  const what = draft ? t('preview.draft') : rev !== null ? t('preview.revision', { rev }) : t('preview.saved');
  let body;
  if (id === null) body = <ErrorPanel error={t('preview.noId')} />;
  else if (revision?.error) body = <ErrorPanel title={record?.name} error={revision.error} />;
  else if (content !== undefined && content !== null && record && wallTheme) {
    body = <ScreenRuntime content={content} name={record.name} variables={variables} client={client} environment={environment} />;
  } else if (notFound) body = <ErrorPanel error={t('monitor.notFound')} />;
  else body = <WallCentre role="status">{error ? t('monitor.connecting') : t('common.loading')}</WallCentre>;

  return (
    <WallPage data-page="preview" data-template={record?.id ?? ''}>
      {body}
      <WallBar $open={open} aria-label={t('route.nv_screen_graph_preview')} aria-hidden={!open}>
        <span style={{ padding: '0 0.75rem', whiteSpace: 'nowrap' }}>{record?.name} · {what}</span>
        {id !== null && (
          <WallBarButton type="button" tabIndex={open ? 0 : -1} onClick={() => navigate(`/nv_screen_graph_editor?id=${id}`)}>{t('preview.edit')}</WallBarButton>
        )}
        <WallBarButton type="button" tabIndex={open ? 0 : -1} onClick={showTheme}>{t(otherTheme === 'light' ? 'preview.themeLight' : 'preview.themeDark')}</WallBarButton>
        <WallBarButton type="button" tabIndex={open ? 0 : -1} onClick={() => toggleFullscreen().catch(() => undefined)}>{t('monitor.fullscreen')}</WallBarButton>
        <WallBarButton type="button" tabIndex={open ? 0 : -1} onClick={() => navigate('/nv_screen_graph_lib')}>{t('preview.toLibrary')}</WallBarButton>
      </WallBar>
    </WallPage>
  );
}
