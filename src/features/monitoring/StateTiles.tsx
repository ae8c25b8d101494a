import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { StateCounts } from './projectMonitorState';

/** The colours of the device states (SPEC §3: 0 offline, 1 online, 2 alarm), readable on both themes. */
export const STATE_COLOURS = { total: '#2dc1c6', online: '#27b36a', alarm: '#f5484d', offline: '#8a9bb0' } as const;
export type TileKey = keyof typeof STATE_COLOURS;

const Row = styled.div`
  display: grid;
  grid-template-columns: repeat(4, minmax(0, 1fr));
  gap: 1rem;
`;

const Tile = styled.button<{ $accent: string; $active: boolean; $clickable: boolean }>`
  all: unset;
  box-sizing: border-box;
  cursor: ${({ $clickable }) => ($clickable ? 'pointer' : 'default')};
  padding: 0.875rem 1.25rem;
  border-radius: 0.5rem;
  border: 1px solid ${({ $active, $accent, theme }) => ($active ? $accent : theme.surfaceBorder)};
  border-inline-start: 0.25rem solid ${({ $accent }) => $accent};
  background: ${({ theme }) => theme.surface};
  &:focus-visible { outline: 2px solid ${({ $accent }) => $accent}; outline-offset: 2px; }
`;

const Label = styled.div`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.textMuted};
`;

const Value = styled.div<{ $accent: string }>`
  margin-top: 0.125rem;
  font-size: 2rem;
  font-weight: 600;
  line-height: 1.2;
  color: ${({ $accent }) => $accent};
  font-variant-numeric: tabular-nums;
`;

/** Percent of `n` in `total`, one decimal, 0 without devices. */
export const percentOf = (n: number, total: number) => (total ? Math.round((n / total) * 1000) / 10 : 0);

/**
 * The devices-by-state tiles of the monitoring pages: total, online, alarm, offline with their
 * share. With `onPick` a tile filters by its state (pressed while active); `data-monitor-count`
 * names each for tests.
 */
export function StateTiles({ counts, active, onPick }: { counts: StateCounts | null; active?: number; onPick?: (state: number | undefined) => void }) {
  const { t } = useTranslation('monitoring');
  const tiles: { key: TileKey; state?: number }[] = [{ key: 'total' }, { key: 'online', state: 1 }, { key: 'alarm', state: 2 }, { key: 'offline', state: 0 }];
  return (
    <Row>
      {tiles.map(({ key, state }) => {
        const value = counts?.[key];
        const pressed = state !== undefined && active === state;
        return (
          <Tile
            key={key}
            {...(onPick ? { type: 'button' as const, onClick: () => onPick(state === undefined || pressed ? undefined : state) } : { as: 'div' as const })}
            $accent={STATE_COLOURS[key]}
            $active={pressed}
            $clickable={!!onPick}
            aria-pressed={onPick && state !== undefined ? pressed : undefined}
            data-monitor-count={key}
          >
            <Label>{t(key)}</Label>
            <Value $accent={STATE_COLOURS[key]} data-count-value="">{value ?? '—'}</Value>
            <Label>{key !== 'total' && counts ? t('share', { percent: percentOf(value ?? 0, counts.total) }) : '\u00a0'}</Label>
          </Tile>
        );
      })}
    </Row>
  );
}
