import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { getRuntimeConfig } from '../../shared/config';
import { createScreenClient } from '../../shared/screen/createScreenClient';
import { useScreenPreferences, wallThemeOf } from '../../shared/screen/useWallTheme';
import { registerScreenStrings } from '../../shared/screen/registerScreenStrings';
import { appStore } from '../../shared/store';
import { ITEM_RENDERERS } from './itemRenderers';
import { KioskOverlay } from './KioskOverlay';
import { WallPage } from '../../shared/screen/wallStyles';
import { Layer, Message } from './kioskStyles';
import type { Mount, RotationState } from './RotationController';
import { parseKioskParams } from './rotationPlan';
import { registerKioskStrings } from './registerKioskStrings';
import { useIdlePause } from './useIdlePause';
import { usePlaylist } from './usePlaylist';
import { useRotation } from './useRotation';
import type { ScreenDataClient } from '../../../screens/runtime/types';
import type { ScreenEnvironment } from '../../../screens/runtime/ScreenEnvironment';

registerScreenStrings();
registerKioskStrings();

/**
 * /kiosk: the rotation player of lobby displays and walls in rotation mode (issue 7). It plays
 * `?playlist=<id>` (else the first enabled playlist) item after item, each for its duration,
 * looping; the next item is mounted out of sight before its turn so a switch never shows a blank
 * or a spinner, and the previous one is unmounted (its charts, maps, graphs and subscriptions
 * disposed) at each switch. A touch or a key pauses it; it goes on after `idleSec` (30) without
 * input. `&timeScale=<n>` divides every duration (tests, the soak bench). The playlist is re-read
 * every minute; a server away is retried every 5 s while the item on screen stays. Templates show
 * in the user's wall theme, or `&theme=light|dark`.
 */
export function KioskPlayerPage() {
  const { t } = useTranslation('kiosk');
  const search = useSearch();
  const params = useMemo(() => parseKioskParams(search), [search]);
  const { playlist, problem, unreachable } = usePlaylist(params.playlistId);
  const { state, controller } = useRotation(playlist, params.timeScale);
  // One client for the screen's lifetime: it follows the hub owner itself (createScreenClient).
  const client = useMemo(() => createScreenClient(appStore), []);
  const prefs = useScreenPreferences();
  const wallTheme = wallThemeOf(useMemo(() => new URLSearchParams(search), [search]), prefs);
  const environment = useMemo(() => ({ map: getRuntimeConfig().map, wallTheme: wallTheme ?? undefined }), [wallTheme]);
  const pause = useCallback(() => controller?.pause(), [controller]);
  const resume = useCallback(() => controller?.resume(), [controller]);
  useIdlePause(params.idleSec, pause, resume);
  useEffect(() => {
    const previous = document.title;
    document.title = `${t('translation:route.kiosk')}${playlist ? ` · ${playlist.name}` : ''}`;
    return () => { document.title = previous; };
  }, [playlist, t]);

  let message: { title: string; hint?: string } | null = null;
  if (problem === 'none') message = { title: t('noPlaylist'), hint: t('noPlaylistHint') };
  else if (problem === 'notFound') message = { title: t('notFound'), hint: t('notFoundHint') };
  else if (problem === 'disabled') message = { title: t('disabled'), hint: t('disabledHint') };
  else if (playlist && state && !state.entries.length) message = { title: t('nothingPlayable'), hint: t('nothingPlayableHint') };
  else if (!state?.current || !wallTheme) message = { title: playlist?.name ?? t('translation:route.kiosk'), hint: unreachable ? t('connecting') : t('preparing') };

  return (
    <WallPage data-page="kiosk" data-kiosk-playlist={playlist?.id ?? ''} aria-label={t('translation:route.kiosk')}>
      {state && controller && !problem && wallTheme && (
        <>
          {state.current && <ItemLayer key={state.current.id} role="current" mount={state.current} state={state} client={client} environment={environment} onReport={controller} />}
          {state.next && <ItemLayer key={state.next.id} role="next" mount={state.next} state={state} client={client} environment={environment} onReport={controller} />}
        </>
      )}
      {message && (
        <Message role="status" data-kiosk-message="">
          <h1>{message.title}</h1>
          {message.hint && <p>{message.hint}</p>}
        </Message>
      )}
      {state?.current && !problem && <KioskOverlay state={state} idleSec={params.idleSec} />}
    </WallPage>
  );
}

interface LayerProps {
  role: 'current' | 'next';
  mount: Mount;
  state: RotationState;
  client: ScreenDataClient;
  environment: ScreenEnvironment;
  onReport: { reportReady(id: number): void; reportShowable(id: number): void; reportFailed(id: number, reason: string): void };
}

/**
 * One mounted item. The same layer (same React key: the mount id) turns from `next` to `current`
 * at a switch, so the prepared item is shown as it is, never mounted twice.
 */
function ItemLayer({ role, mount, state, client, environment, onReport }: LayerProps) {
  // The item is kept from its first render: a playlist re-read that moves or drops it must not remount it.
  const [shown] = useState(() => (mount.index >= 0 ? state.entries[mount.index]?.item : undefined));
  const Renderer = shown ? ITEM_RENDERERS[shown.kind] : undefined;
  const onReady = useCallback(() => onReport.reportReady(mount.id), [onReport, mount.id]);
  const onShowable = useCallback(() => onReport.reportShowable(mount.id), [onReport, mount.id]);
  const onFailed = useCallback((reason: string) => onReport.reportFailed(mount.id, reason), [onReport, mount.id]);
  const kind = shown?.kind;
  useEffect(() => {
    if (kind && !ITEM_RENDERERS[kind]) onFailed(`no renderer for ${kind} items`);
  }, [kind, onFailed]);
  return (
    <Layer data-kiosk-layer={role} data-kiosk-key={mount.key} aria-hidden={role === 'next'} inert={role === 'next'}>
      {Renderer && shown && <Renderer item={shown} client={client} environment={environment} onReady={onReady} onShowable={onShowable} onFailed={onFailed} />}
    </Layer>
  );
}
