import { useEffect, useState } from 'react';
import type { ScreenTemplateRecord } from '../../../contract/screen-template';
import { ApiRequestError } from '../../shared/http';
import { fetchTemplate, fetchTemplateList, type TemplateBrief } from './monitorApi';
import { peekReadyTemplate, takePrefetchedTemplate } from './monitorPrefetch';
import { errorText } from '../../shared/errorText';

/** A wall that cannot reach the server tries again this often. */
export const TEMPLATE_RETRY_MS = 5_000;
/** How often a wall looks for edits of the template it shows (it swaps in place when changed). */
export const TEMPLATE_RECHECK_MS = 60_000;

export interface MonitorTemplateState {
  /** The template shown; the previous one stays while the next loads, so a switch never blanks the wall. */
  record: ScreenTemplateRecord | null;
  /** Why no template can be shown (not found, or the server cannot be reached yet). */
  error: string | null;
  notFound: boolean;
}

/**
 * The template for `id` (null: the user's active one, else the default), re-read every
 * {@link TEMPLATE_RECHECK_MS} so edits reach walls that nobody touches, and retried every
 * {@link TEMPLATE_RETRY_MS} while the server cannot be reached.
 */
export function useMonitorTemplate(id: number | null): MonitorTemplateState {
  // A template the page carried shows in the first render; the read below then hands over the same one.
  const [state, setState] = useState<MonitorTemplateState>(() => ({ record: peekReadyTemplate(id), error: null, notFound: false }));
  useEffect(() => {
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let first: Promise<ScreenTemplateRecord> | null = takePrefetchedTemplate(id);
    const load = () => {
      const request = first ?? fetchTemplate(id, abort.signal);
      first = null;
      request.then(
        (record) => {
          if (abort.signal.aborted) return;
          setState((prev) => (prev.record && prev.record.id === record.id && prev.record.updatedAt === record.updatedAt && !prev.error
            ? prev
            : { record, error: null, notFound: false }));
          timer = setTimeout(load, TEMPLATE_RECHECK_MS);
        },
        (error: unknown) => {
          if (abort.signal.aborted) return;
          const notFound = error instanceof ApiRequestError && error.status === 404;
          setState((prev) => ({ record: notFound ? null : prev.record, error: errorText(error), notFound }));
          timer = setTimeout(load, notFound ? TEMPLATE_RECHECK_MS : TEMPLATE_RETRY_MS);
        },
      );
    };
    load();
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, [id]);
  return state;
}

/** The templates the user may switch between (empty until loaded; re-read with the template). */
export function useTemplateList(): TemplateBrief[] {
  const [list, setList] = useState<TemplateBrief[]>([]);
  useEffect(() => {
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = () => {
      fetchTemplateList(abort.signal).then(
        (items) => {
          setList(items);
          timer = setTimeout(load, TEMPLATE_RECHECK_MS);
        },
        () => { if (!abort.signal.aborted) timer = setTimeout(load, TEMPLATE_RETRY_MS); },
      );
    };
    load();
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, []);
  return list;
}
