import { useEffect } from 'react';
import type { TemplateBrief } from './monitorApi';

/** The template after `currentId` in the list, wrapping; null when there is nothing to rotate to. */
export function nextTemplateId(list: readonly TemplateBrief[], currentId: number | null): number | null {
  if (list.length < 2) return null;
  const i = list.findIndex((x) => x.id === currentId);
  return list[(i + 1) % list.length].id;
}

/**
 * /monitor's rotation (personal setting 自动轮换模板): every `seconds` it shows the next template
 * the user can see. A manual switch restarts the interval.
 */
export function useMonitorRotation(list: readonly TemplateBrief[], currentId: number | null, seconds: number, show: (id: number) => void): void {
  useEffect(() => {
    if (seconds <= 0) return undefined;
    const next = nextTemplateId(list, currentId);
    if (next === null) return undefined;
    const timer = setTimeout(() => show(next), seconds * 1_000);
    return () => clearTimeout(timer);
  }, [list, currentId, seconds, show]);
}
