import { useEffect, useState } from 'react';
import type { PlaylistRecord } from '../../../contract/playlists';
import { RotationController, type RotationState } from './RotationController';
import { targetId, toEntries } from './rotationPlan';

/**
 * What the kiosk launcher and the soak bench read: `window.__nvKiosk`, replaced (frozen) on each
 * switch, pause and change of the item being prepared.
 */
export interface KioskSnapshot {
  rotations: number;
  /** The item on screen: a template's id, or a graph item's project id. */
  current: { kind: 'template' | 'graph'; id: number; title: string } | null;
  /** The item mounted out of sight for the next turn (its playlist key) and whether it has reported ready. */
  next: { key: string; ready: boolean } | null;
  paused: boolean;
}

declare global {
  interface Window {
    __nvKiosk?: Readonly<KioskSnapshot>;
  }
}

const log = (line: string) => console.info(line);

function publish(state: RotationState): void {
  const entry = state.current && state.current.index >= 0 ? state.entries[state.current.index] : null;
  const prev = window.__nvKiosk;
  const current = entry ? { kind: entry.item.kind, id: targetId(entry.item), title: entry.title } : null;
  const next = state.next ? { key: state.next.key, ready: state.next.ready } : null;
  if (prev && prev.rotations === state.rotations && prev.paused === state.paused
    && JSON.stringify(prev.current) === JSON.stringify(current) && JSON.stringify(prev.next) === JSON.stringify(next)) return;
  window.__nvKiosk = Object.freeze({
    rotations: state.rotations, current: current && Object.freeze(current), next: next && Object.freeze(next), paused: state.paused,
  });
}

/**
 * One {@link RotationController} for the page's lifetime, fed with the playlist's entries
 * whenever the playlist changes; its state for rendering, and `__nvKiosk` kept current.
 */
export function useRotation(playlist: PlaylistRecord | null, timeScale: number): { state: RotationState | null; controller: RotationController | null } {
  const [state, setState] = useState<RotationState | null>(null);
  const [controller, setController] = useState<RotationController | null>(null);
  useEffect(() => {
    const c = new RotationController({
      onChange: (s) => {
        publish(s);
        setState(s);
      },
      log,
    });
    setController(c);
    return () => {
      c.dispose();
      setController(null);
      setState(null);
      delete window.__nvKiosk;
    };
  }, []);
  useEffect(() => {
    controller?.setEntries(playlist ? toEntries(playlist.items, timeScale, (item, index) => {
      log(`kiosk: skipped item ${index + 1} of "${playlist.name}" (${item.kind} ${targetId(item)}): its target does not exist or is not visible`);
    }) : []);
  }, [controller, playlist, timeScale]);
  return { state, controller };
}
