import { useEffect } from 'react';
import { toggleFullscreen } from '../../shared/fullscreen';
import type { TemplateBrief } from './monitorApi';

const NEXT = new Set(['ArrowRight', 'ArrowDown', 'PageDown', 'MediaTrackNext', 'ChannelUp']);
const PREVIOUS = new Set(['ArrowLeft', 'ArrowUp', 'PageUp', 'MediaTrackPrevious', 'ChannelDown']);

/** Which template a key asks for; null when the key is not a switch key. Wraps around. */
export function templateForKey(key: string, list: readonly TemplateBrief[], currentId: number | null): number | null {
  if (list.length === 0) return null;
  const index = Math.max(0, list.findIndex((x) => x.id === currentId));
  if (NEXT.has(key)) return list[(index + 1) % list.length].id;
  if (PREVIOUS.has(key)) return list[(index - 1 + list.length) % list.length].id;
  if (/^[1-9]$/.test(key) && Number(key) <= list.length) return list[Number(key) - 1].id;
  return null;
}

/** Keyboard and remote control of the wall: switch keys change the template, F toggles full screen. */
export function useMonitorKeys(list: readonly TemplateBrief[], currentId: number | null, onShow: (id: number) => void): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.target instanceof HTMLElement && event.target.closest('input, textarea, select')) return;
      if (event.key === 'f' || event.key === 'F') {
        toggleFullscreen().catch(() => undefined);
        return;
      }
      const id = templateForKey(event.key, list, currentId);
      if (id === null || id === currentId) return;
      event.preventDefault();
      onShow(id);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [list, currentId, onShow]);
}
