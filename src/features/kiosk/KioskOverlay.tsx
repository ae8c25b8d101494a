import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { RotationState } from './RotationController';
import { PausedBadge, Progress, Strip, Title } from './kioskStyles';

/**
 * The player's only chrome, a status strip along the bottom edge below the item (never over it:
 * the item is laid out above the strip, so no caption hides a widget's data): the item's title and
 * its place in the playlist, a thin progress line that fills over the item's time and stops while
 * paused, and the 已暂停 badge.
 */
export function KioskOverlay({ state, idleSec }: { state: RotationState; idleSec: number }) {
  const { t } = useTranslation('kiosk');
  const { current, entries, paused } = state;
  // The line restarts when an item starts (again); a pause or resume only stops or runs it.
  const cycle = useRef({ mount: 0, since: 0, delay: 0 });
  if (current && (cycle.current.mount !== current.id || (state.elapsedMs === 0 && state.runningSince !== null && state.runningSince !== cycle.current.since))) {
    cycle.current = { mount: current.id, since: state.runningSince ?? 0, delay: state.elapsedMs };
  }
  const entry = current && current.index >= 0 ? entries[current.index] : null;
  return (
    <Strip data-kiosk-strip="">
      {entry && (
        <Title key={`title-${current!.id}`} data-kiosk-title="">
          {entry.title}
          <small>{t('progress', { n: current!.index + 1, count: entries.length })}</small>
        </Title>
      )}
      {current && (
        <Progress data-kiosk-progress="">
          <div
            key={`${cycle.current.mount}-${cycle.current.since}`}
            style={{
              animationDuration: `${state.durationMs}ms`,
              animationDelay: `-${cycle.current.delay}ms`,
              animationPlayState: paused || state.runningSince === null ? 'paused' : 'running',
            }}
          />
        </Progress>
      )}
      {paused && (
        <PausedBadge role="status" data-kiosk-paused="">
          {t('paused')}
          <small>{t('pausedHint', { seconds: idleSec })}</small>
        </PausedBadge>
      )}
    </Strip>
  );
}
