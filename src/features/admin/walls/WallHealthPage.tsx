import { EditOutlined, KeyOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Drawer, Empty, Flex, Spin, Tag, Typography } from 'antd';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled, { css } from 'styled-components';
import { Link } from 'wouter';
import { hasRight, Right } from '../../../../contract/rights';
import { formatTile } from '../../../../contract/wall/tile-geometry';
import { TILE_STATES, type TileHealth, type TileState, type WallHealth } from '../../../../contract/walls';
import { errorText } from '../../../shared/errorText';
import { unreadRefreshAtom } from '../../../shared/refreshSignals';
import { useRights } from '../../../shared/user';
import { PageHeading, PagePanel } from '../../../shared/ui/PagePanel';
import { formatDateTime } from '../kit/cellValue';
import { PanelBody } from '../ResourceListPage';
import { fetchHealth, wallKeys } from './wallApi';
import { registerWallStrings } from './wallStrings';
import { WallTokens } from './WallTokens';
import { agoParts, durationParts, STATE_TAG, stateCounts, worstState } from './wallView';

registerWallStrings();

// The history drawer brings ECharts: a chunk of its own, loaded when a tile is opened.
const TileHistoryDrawer = lazy(() => import('./TileHistoryDrawer').then((m) => ({ default: m.TileHistoryDrawer })));

/** How often the health is read (each tile reports every 5 s). */
const REFRESH_MS = 5000;
const WALL_PAGE = '/nv_system/nv_video_wall';

/** The tile colours (border and wash) of each state. */
const STATE_COLOR: Record<TileState, string> = { ok: '#3fbf6f', warn: '#f0a020', down: '#f0524f', unknown: '#8a96a6' };

const Walls = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: 1rem;
  & > .ant-card { flex: 0 1 auto; max-width: 100%; min-width: min(100%, 34rem); }
`;

/** The tiles as they hang on the wall (16:9 screens, at most 16rem wide; narrower on a wall too wide for the page). */
const Grid = styled.div<{ $cols: number }>`
  display: grid;
  grid-template-columns: repeat(${({ $cols }) => $cols}, minmax(9rem, 16rem));
  gap: 0.5rem;
  overflow-x: auto;
`;

const TileButton = styled.button<{ $state: TileState }>`
  ${({ $state, theme }) => css`
    border: 2px solid ${STATE_COLOR[$state]};
    background: linear-gradient(${STATE_COLOR[$state]}${theme.mode === 'dark' ? '2e' : '24'}, ${STATE_COLOR[$state]}${theme.mode === 'dark' ? '14' : '10'});
  `}
  aspect-ratio: 16 / 9;
  min-height: 8.5rem;
  min-width: 0;
  border-radius: 0.375rem;
  padding: 0.625rem 0.75rem;
  color: inherit;
  font: inherit;
  text-align: left;
  cursor: pointer;
  display: flex;
  flex-direction: column;
  gap: 0.375rem;
  overflow: hidden;
  &:hover, &:focus-visible { outline: 2px solid ${({ theme }) => theme.primary}; outline-offset: 2px; }
  & header { display: flex; justify-content: space-between; align-items: center; gap: 0.5rem; }
  & header b { font-weight: 600; color: ${({ theme }) => theme.textStrong}; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  & .reasons { color: ${({ $state }) => ($state === 'ok' ? 'inherit' : STATE_COLOR[$state])}; font-size: 0.8125rem; font-weight: 500; line-height: 1.35; }
  & dl { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 0.125rem 0.75rem; margin: auto 0 0; font-size: 0.8125rem; }
  & dl div { display: flex; justify-content: space-between; gap: 0.375rem; min-width: 0; }
  & dt { color: ${({ theme }) => theme.textMuted}; white-space: nowrap; }
  & dd { margin: 0; font-variant-numeric: tabular-nums; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
`;

/** The health texts (`admin:walls.health.*`) and the formatting of ages and spans. */
function useHealthText() {
  const { t } = useTranslation('admin', { keyPrefix: 'walls.health' });
  const ago = (at: number, now: number) => {
    const [unit, n] = agoParts(at, now);
    return t(`ago.${unit}`, { n });
  };
  const span = (ms: number) => {
    const [unit, n] = durationParts(ms);
    return t(`dur.${unit}`, { n });
  };
  return { t, ago, span };
}

/** One tile: where it is, its state and why, and its last figures. */
function TileCard({ tile, now, onOpen }: { tile: TileHealth; now: number; onOpen: () => void }) {
  const { t: tw } = useTranslation('admin', { keyPrefix: 'walls' });
  const { t, ago, span } = useHealthText();
  const [r, c] = tile.tile;
  const report = tile.lastReport;
  const reasons = tile.reasons.map((p) => t(`reasons.${p}`));
  return (
    <TileButton type="button" $state={tile.state} onClick={onOpen} data-health-tile={formatTile(tile.tile)} data-state={tile.state}
      aria-label={`${tw('tile', { r: r + 1, c: c + 1 })}: ${t(`states.${tile.state}`)}${reasons.length ? ` (${reasons.join('; ')})` : ''}`}>
      <header>
        <b>{tw('tile', { r: r + 1, c: c + 1 })}</b>
        <Tag color={STATE_TAG[tile.state]} style={{ marginInlineEnd: 0 }}>{t(`states.${tile.state}`)}</Tag>
      </header>
      {reasons.length > 0 && <div className="reasons">{reasons.join(' · ')}</div>}
      {report ? (
        <dl>
          <div><dt>{t('fps')}</dt><dd>{report.fps.toFixed(0)}</dd></div>
          <div><dt>{t('heap')}</dt><dd>{report.heapMb === null ? '—' : `${report.heapMb.toFixed(0)} MB`}</dd></div>
          <div><dt>{t('dataAge')}</dt><dd>{report.dataAgeMs === null ? '—' : span(report.dataAgeMs)}</dd></div>
          <div><dt>{t('seen')}</dt><dd title={formatDateTime(report.at)}>{ago(report.at, now)}</dd></div>
        </dl>
      ) : (
        <Typography.Text type="secondary" style={{ marginTop: 'auto', fontSize: '0.8125rem' }}>{t('neverReported')}</Typography.Text>
      )}
    </TileButton>
  );
}

/** One wall: its name and state counts, its tiles as laid out on the wall. */
function WallCard({ health, now, canEdit, onOpenTile, onTokens }: {
  health: WallHealth;
  now: number;
  canEdit: boolean;
  onOpenTile: (tile: TileHealth) => void;
  onTokens: () => void;
}) {
  const { t } = useHealthText();
  const counts = stateCounts(health.tiles);
  const worst = worstState(health.tiles);
  return (
    <Card
      data-health-wall={health.wall.name}
      title={(
        <Flex align="center" gap="0.75rem" wrap>
          <span>{health.wall.name}</span>
          <Tag color={STATE_TAG[worst]}>{t(`states.${worst}`)}</Tag>
          <Typography.Text type="secondary" style={{ fontWeight: 400, fontSize: '0.875rem' }} data-health-counts>
            {TILE_STATES.filter((state) => counts[state] > 0).map((state) => t(`counts.${state}`, { n: counts[state] })).join(' · ')}
          </Typography.Text>
        </Flex>
      )}
      extra={(
        <Flex gap="0.25rem">
          {/* Tokens are listed and revoked by those who may edit walls (the calls need screen-edit). */}
          {canEdit && <Button type="link" icon={<KeyOutlined />} onClick={onTokens} data-health-tokens={health.wall.id}>{t('manageTokens')}</Button>}
          {canEdit && (
            <Link href={`${WALL_PAGE}?wall=${health.wall.id}`} asChild>
              <Button type="link" icon={<EditOutlined />}>{t('editWall')}</Button>
            </Link>
          )}
        </Flex>
      )}
    >
      <Grid $cols={health.wall.cols}>
        {health.tiles.map((tile) => <TileCard key={formatTile(tile.tile)} tile={tile} now={now} onOpen={() => onOpenTile(tile)} />)}
      </Grid>
    </Card>
  );
}

/**
 * 墙体健康 (/nv_system/nv_wall_health, issue 23): every visible wall as its grid of tiles coloured
 * by health (ok green, warn amber, down red, no reports grey) with the reasons in words and the
 * last frame rate, memory, data age and report time; read every 5 s and on every push (a health
 * alarm arrives as a message). A tile opens its history; a wall its display tokens.
 */
export function WallHealthPage({ title }: { title: string }) {
  const { t } = useHealthText();
  const { t: tw } = useTranslation('admin', { keyPrefix: 'walls' });
  const canEdit = hasRight(useRights(), Right.ScreenEdit);
  const health = useQuery({ queryKey: wallKeys.health, queryFn: ({ signal }) => fetchHealth(signal), refetchInterval: REFRESH_MS });
  const [open, setOpen] = useState<{ wall: WallHealth['wall']; tile: TileHealth } | null>(null);
  const [tokensOf, setTokensOf] = useState<WallHealth['wall'] | null>(null);

  // A push (a health alarm is a message) reads the health at once.
  const pushed = useAtomValue(unreadRefreshAtom);
  const { refetch } = health;
  useEffect(() => {
    if (pushed) void refetch();
  }, [pushed, refetch]);

  const walls = health.data ?? [];
  const now = health.dataUpdatedAt || Date.now();
  // The drawer follows the tile's latest health.
  const openTile = open && walls.find((w) => w.wall.id === open.wall.id)?.tiles.find((x) => formatTile(x.tile) === formatTile(open.tile.tile));

  return (
    <PagePanel data-wall-health-page>
      <PageHeading>{title}</PageHeading>
      <PanelBody>
        <Flex vertical gap="1rem">
          {health.error && <Alert type="error" showIcon title={tw('loadFailed', { error: errorText(health.error) })} />}
          {health.dataUpdatedAt > 0 && (
            <Typography.Text type="secondary" data-health-updated>{t('refreshed', { time: formatDateTime(health.dataUpdatedAt) })}</Typography.Text>
          )}
          <Spin spinning={health.isLoading}>
            {walls.length ? (
              <Walls>
                {walls.map((w) => (
                  <WallCard key={w.wall.id} health={w} now={now} canEdit={canEdit} onOpenTile={(tile) => setOpen({ wall: w.wall, tile })} onTokens={() => setTokensOf(w.wall)} />
                ))}
              </Walls>
            ) : (
              !health.isLoading && <Empty description={t('empty')} />
            )}
          </Spin>
        </Flex>
      </PanelBody>
      {open && (
        <Suspense fallback={null}>
          <TileHistoryDrawer wall={open.wall} tile={openTile ?? open.tile} onClose={() => setOpen(null)} />
        </Suspense>
      )}
      {tokensOf && (
        <Drawer open size="min(72rem, 94vw)" destroyOnHidden title={`${tw('tokens')} · ${tokensOf.name}`} onClose={() => setTokensOf(null)} data-health-tokens-drawer>
          <WallTokens wall={tokensOf} canEdit={canEdit} />
        </Drawer>
      )}
    </PagePanel>
  );
}
