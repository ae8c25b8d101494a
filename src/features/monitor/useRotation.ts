import { useEffect, useState } from 'react';
import { screenPreferencesOf } from '../../../contract/screen-preferences';
import { apiGet } from '../../shared/http';
import type { TemplateBrief } from './monitorApi';

/** The user's rotation interval from the personal settings (0: none), read once per page. */
export function useRotationSeconds(): number {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    const abort = new AbortController();
    apiGet<Record<string, unknown>>('/user/customSet', undefined, abort.signal, { quietNotFound: true })
      .then((set) => setSeconds(screenPreferencesOf(set).rotateSeconds), () => undefined);
    return () => abort.abort();
  }, []);
  return seconds;
}

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
