import { useCallback, useEffect, useRef, useState } from 'react';
import { SourceStore } from '../../../../../screens/runtime/SourceStore';
import type { ScreenDataClient } from '../../../../../screens/runtime/types';
import type { DataSource, TemplateVariable } from '../model/types';
import { requestKey, sampleRequest, type SampleRequest } from './sampleRequest';
import { errorText } from '../../../../shared/errorText';

/** What the editor knows of one source's live sample. */
export interface Sample {
  /** The request it answers ({@link requestKey}); a sample of an older request is not shown as current. */
  key: string;
  request: SampleRequest;
  status: 'loading' | 'ok' | 'error' | 'missing' | 'listening';
  /** The answer (REST) or the last push (hub). */
  data?: unknown;
  error?: string;
  /** Epoch ms of the answer or push. */
  at?: number;
}

export interface SourceSamples {
  /** The sample of a source, when it is of the source's current request. */
  get(source: DataSource): Sample | undefined;
  /**
   * Reads a REST source now; a read of the same request already on its way is kept unless
   * `again` (the refresh button). For a hub source, notes what would be listened to.
   */
  load(source: DataSource, again?: boolean): void;
  /** Listens to a hub source's pushes, keeping the last as its sample, until the answer is called. */
  listen(source: DataSource): () => void;
}

/**
 * The live samples of a template's sources, shared by the sample view and the binding editor so a
 * source is read once. REST reads go through the wall's own client (same URL building, token and
 * errors); a newer read of a source cancels its older one, and unmounting cancels all.
 */
export function useSourceSamples(client: ScreenDataClient, variables: readonly TemplateVariable[]): SourceSamples {
  const [samples, setSamples] = useState<Record<string, Sample>>({});
  const aborts = useRef(new Map<string, { key: string; abort: AbortController }>());
  const put = useCallback((id: string, sample: Sample) => setSamples((all) => ({ ...all, [id]: sample })), []);

  useEffect(() => {
    const running = aborts.current;
    return () => {
      for (const read of running.values()) read.abort.abort();
      running.clear();
    };
  }, []);

  const get = useCallback((source: DataSource) => {
    const sample = samples[source.id];
    return sample && sample.key === requestKey(sampleRequest({ variables }, source)) ? sample : undefined;
  }, [samples, variables]);

  const load = useCallback((source: DataSource, again = false) => {
    const request = sampleRequest({ variables }, source);
    const key = requestKey(request);
    const running = aborts.current.get(source.id);
    if (running?.key === key && !again) return;
    running?.abort.abort();
    aborts.current.delete(source.id);
    if (request.kind === 'missing') return put(source.id, { key, request, status: 'missing' });
    if (request.kind === 'hub') return put(source.id, { key, request, status: 'listening' });
    const abort = new AbortController();
    aborts.current.set(source.id, { key, abort });
    setSamples((all) => ({ ...all, [source.id]: { ...(all[source.id]?.key === key ? all[source.id] : {}), key, request, status: 'loading' } }));
    client.get(request.endpoint, request.params, abort.signal).then(
      (data) => {
        if (abort.signal.aborted) return;
        aborts.current.delete(source.id);
        put(source.id, { key, request, status: 'ok', data, at: Date.now() });
      },
      (err: unknown) => {
        if (abort.signal.aborted) return;
        aborts.current.delete(source.id);
        put(source.id, { key, request, status: 'error', error: errorText(err), at: Date.now() });
      },
    );
  }, [client, put, variables]);

  const listen = useCallback((source: DataSource) => {
    const request = sampleRequest({ variables }, source);
    if (request.kind !== 'hub') return () => undefined;
    const key = requestKey(request);
    setSamples((all) => (all[source.id]?.key === key ? all : { ...all, [source.id]: { key, request, status: 'listening' } }));
    // The wall's own store: it subscribes the topic and filters the pushes to it (project:7 gets project 7's only).
    const store = new SourceStore([{ id: source.id, kind: 'hub', topic: request.topic, event: request.event }], client);
    const off = store.onLive(source.id, (live) => put(source.id, { key, request, status: 'ok', data: live.data, at: Date.now() }));
    store.start();
    return () => {
      off();
      store.dispose();
    };
  }, [client, put, variables]);

  return { get, load, listen };
}
