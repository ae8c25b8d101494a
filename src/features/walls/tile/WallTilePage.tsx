import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { templateIdParam } from '../../../../contract/address-params';
import { formatTile, isTileOf, parseTile } from '../../../../contract/wall/tile-geometry';
import type { WallDefinition } from '../../../../contract/walls';
import { getRuntimeConfig } from '../../../shared/config';
import { createScreenClient } from '../../../shared/screen/createScreenClient';
import { registerScreenStrings } from '../../../shared/screen/registerScreenStrings';
import { useWakeOnPointer } from '../../../shared/screen/useWakeOnPointer';
import { useScreenPreferences, wallThemeOf } from '../../../shared/screen/useWallTheme';
import { WallPage } from '../../../shared/screen/wallStyles';
import { appStore } from '../../../shared/store';
import { createSyncedScreenClient, type SyncedScreenClient } from '../sync/syncedScreenClient';
import { useClockSynced, useServerClock } from '../sync/useServerClock';
import { useTileHealthReporter } from '../sync/useTileHealthReporter';
import { registerWallTileStrings } from './registerWallTileStrings';
import { TileLayer } from './TileLayer';
import { tilePlacer } from './tilePlacer';
import { timeScaleParam } from './displayPlan';
import { useIdleReset } from './useIdleReset';
import { useTileSchedule } from './useTileSchedule';
import { useWallDisplay } from './useWallDisplay';
import { useWallTopic } from './useWallTopic';
import { TileCaption, TileMessage } from './wallTileStyles';
import { publishTileSnapshot, type TileSnapshot } from './tileSnapshot';

registerScreenStrings();
registerWallTileStrings();

/**
 * /monitor?wall=<id>&tile=<r>,<c>: one screen of a video wall (issue 23). It shows its window of
 * the wall's current template laid across the whole wall (bezels hidden, at the screen's native
 * resolution), on the server's clock measured over the hub: the next rotation item is prepared out
 * of sight before its start and shown at its start, as on every other tile of the wall; a tile that
 * was not ready catches up as soon as it is. Data reads and pushes go through the synced client,
 * so every tile shows the same data version. The tile reports its health over the hub. Input on
 * this tile changes only this tile; after the wall's idle time it returns to the synchronised view.
 * `&timeScale=<n>` divides the rotation's times (tests and the wall soak bench).
 *
 * The page root carries for tests and benches: `data-wall-item` (template id on screen),
 * `data-wall-item-index`, `data-wall-slot` (server ms the item was due), `data-wall-switched-at`
 * (server ms it was put on screen), `data-wall-painted-at` (server ms of the first frame after),
 * `data-wall-skew` (ms late against the schedule), `data-wall-switches`, `data-wall-ready`,
 * `data-wall-late`; `window.__nvWallTile` holds the same.
 */
export function WallTilePage() {
  const { t } = useTranslation('wallTile');
  const search = useSearch();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const wallId = templateIdParam(params.get('wall'));
  const tile = useMemo(() => parseTile(params.get('tile') ?? ''), [params]);
  if (wallId === null || !tile) {
    return (
      <WallPage data-page="wall-tile" data-wall-problem="badAddress">
        <TileMessage role="alert"><h1>{t('badAddress')}</h1><p>{t('badAddressHint')}</p></TileMessage>
      </WallPage>
    );
  }
  return <WallTile key={`${wallId}:${formatTile(tile)}`} wallId={wallId} tile={tile} params={params} />;
}

function WallTile({ wallId, tile, params }: { wallId: number; tile: [number, number]; params: URLSearchParams }) {
  const { t } = useTranslation('wallTile');
  const clock = useServerClock();
  // Re-rendered once the hub's offset is measured, so the tile's snapshot says which clock it is on.
  useClockSynced(clock);
  // Until the hub's offset is measured, the one the display read suggests (a wall whose hub is away still rotates on time).
  const restOffset = useRef<number | null>(null);
  const now = useCallback(() => (clock.synced ? clock.now() : Date.now() + (restOffset.current ?? 0)), [clock]);
  const { display, from, problem, restOffsetMs, reload } = useWallDisplay(wallId, now);
  restOffset.current = restOffsetMs;
  useWallTopic(wallId, reload);

  const wall: WallDefinition | null = display?.wall ?? null;
  const onWall = wall ? isTileOf(wall, tile) : false;
  const timeScale = timeScaleParam(params.get('timeScale'));
  const { state, reportReady, resetView } = useTileSchedule(onWall ? display : null, from, now, timeScale);
  useIdleReset(wall?.idleSeconds ?? 60, resetView);

  const [client, setClient] = useState<SyncedScreenClient | null>(null);
  useEffect(() => {
    const c = createSyncedScreenClient(createScreenClient(appStore), clock);
    setClient(c);
    return () => {
      c.dispose();
      setClient(null);
    };
  }, [clock]);

  const prefs = useScreenPreferences();
  const wallTheme = wallThemeOf(params, prefs);
  // `now`: the widgets' animation phases come from the wall's clock, so they match across seams.
  const environment = useMemo(() => ({ map: getRuntimeConfig().map, wallTheme: wallTheme ?? undefined, now }), [wallTheme, now]);
  const geometryKey = wall && `${wall.rows}x${wall.cols}:${wall.screenWidth}x${wall.screenHeight}:${wall.bezelX},${wall.bezelY}`;
  // The placement changes with the geometry only, not with every read of the wall.
  const placement = useMemo(() => (wall ? tilePlacer(wall, tile) : null), [geometryKey, tile]);

  const shown = state?.shown ?? null;
  const shownItem = shown?.value ?? null;
  useTileHealthReporter({
    wallId, tile, client, enabled: onWall,
    templateId: shownItem?.template.id ?? null,
    templateVersion: shownItem?.template.updatedAt ?? null,
    itemIndex: shownItem?.index ?? null,
    ready: !!shown?.ready,
    skewMs: state?.skewMs ?? null,
  });

  const page = useRef<HTMLElement>(null);
  const snapshot = useRef<TileSnapshot | null>(null);
  // The first frame that shows a new item: when the wall's viewers see the switch.
  useLayoutEffect(() => {
    if (!shown) return undefined;
    const frame = requestAnimationFrame(() => {
      const paintedAt = Math.round(now());
      page.current?.setAttribute('data-wall-painted-at', String(paintedAt));
      if (snapshot.current) publishTileSnapshot((snapshot.current = { ...snapshot.current, paintedAt }));
    });
    return () => cancelAnimationFrame(frame);
  }, [shown?.key]);
  useEffect(() => {
    snapshot.current = {
      wallId, tile: formatTile(tile),
      templateId: shownItem?.template.id ?? null, itemIndex: shownItem?.index ?? null, slotStartsAt: shown?.startsAt ?? null,
      switchedAt: state?.switchedAt ?? null, paintedAt: snapshot.current?.paintedAt ?? null, skewMs: state?.skewMs ?? null,
      switches: state?.switches ?? 0, ready: !!shown?.ready, late: !!state?.late, pending: state?.pending.length ?? 0,
      offsetMs: clock.synced ? clock.offsetMs : restOffsetMs, rttMs: clock.rttMs, clockSource: clock.synced ? 'hub' : restOffsetMs !== null ? 'rest' : 'local',
    };
    publishTileSnapshot(snapshot.current);
  });
  useEffect(() => () => publishTileSnapshot(null), []);

  useEffect(() => {
    if (!wall) return undefined;
    const previous = document.title;
    document.title = `${wall.name} · ${formatTile(tile)}`;
    return () => { document.title = previous; };
  }, [wall?.name, tile]);

  const pointer = useWakeOnPointer('wall-tile');
  const [row, col] = tile;
  let message: { title: string; hint?: string; problem: string } | null = null;
  if (problem === 'notFound') message = { title: t('notFound'), hint: t('notFoundHint'), problem };
  else if (problem === 'forbidden' && !display) message = { title: t('forbidden'), hint: t('forbiddenHint'), problem };
  else if (wall && !onWall) {
    message = {
      title: t('notOnWall', { tile: formatTile(tile) }),
      hint: t('notOnWallHint', { name: wall.name, rows: wall.rows, cols: wall.cols, last: formatTile([wall.rows - 1, wall.cols - 1]) }),
      problem: 'notOnWall',
    };
  } else if (display && !display.items.length) message = { title: t('empty'), hint: t('emptyHint'), problem: 'empty' };
  else if (!display) message = { title: t('loading'), hint: problem ? t('connecting') : undefined, problem: problem ?? 'loading' };
  else if (!shown) message = { title: wall!.name, hint: t('preparing', { row: row + 1, col: col + 1 }), problem: 'preparing' };

  const mounts = state && client && placement && wallTheme && !message?.problem.match(/notFound|notOnWall|empty/)
    ? [...(shown ? [shown] : []), ...state.pending].sort((a, b) => a.mountedAt - b.mountedAt || a.startsAt - b.startsAt)
    : [];
  return (
    <WallPage
      ref={page}
      data-page="wall-tile"
      data-wall-id={wallId}
      data-wall-tile={formatTile(tile)}
      data-wall-item={shownItem?.template.id ?? ''}
      data-wall-item-index={shownItem?.index ?? ''}
      data-wall-slot={shown?.startsAt ?? ''}
      data-wall-switched-at={state?.switchedAt ?? ''}
      data-wall-skew={state?.skewMs ?? ''}
      data-wall-switches={state?.switches ?? 0}
      data-wall-ready={shown?.ready ? 'true' : 'false'}
      data-wall-late={state?.late ? 'true' : 'false'}
      data-wall-problem={message?.problem ?? ''}
      aria-label={wall ? t('caption', { name: wall.name, row: row + 1, col: col + 1, tile: formatTile(tile) }) : undefined}
    >
      {mounts.map((m) => (
        <TileLayer key={m.key} mountKey={m.key} role={m === shown ? 'shown' : 'pending'} item={m.value} client={client!}
          environment={environment} placement={placement!} onReady={reportReady} />
      ))}
      {message && (
        <TileMessage role="status" data-wall-message="">
          <h1>{message.title}</h1>
          {message.hint && <p>{message.hint}</p>}
        </TileMessage>
      )}
      {wall && onWall && (
        <TileCaption $open={pointer} aria-hidden="true">
          {t('caption', { name: wall.name, row: row + 1, col: col + 1, tile: formatTile(tile) })}
        </TileCaption>
      )}
    </WallPage>
  );
}
