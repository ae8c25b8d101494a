import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenDataClient } from '../../runtime/types';
import { liveInstances } from '../../widgets/shared/liveInstances';
import { registerGraphStrings } from '../registerGraphStrings';
import { LiveFeed } from './liveFeed';
import type { LiveGraph } from './liveGraph';
import { GraphCanvas, LiveBox, Message, StaleMarker } from './liveStyles';
import { loadGraphRecord } from './loadGraphRecord';

registerGraphStrings();

/** Retry of a failed graph load, doubling up to a minute. */
const RETRY_MIN_MS = 5_000;
const RETRY_MAX_MS = 60_000;

export interface GraphLiveViewProps {
  /** REST reads and hub pushes, from the host (the console's createScreenClient). */
  client: ScreenDataClient;
  projectId: number;
  /** A graph of the project; absent: its active graph, else its default. */
  graphId?: number;
  /** The graph is drawn and its first snapshot applied (or failed: the graph shows either way). */
  onReady?: () => void;
  /** The project has no graph (暂无组态数据 is shown). */
  onEmpty?: () => void;
}

type Phase = 'loading' | 'ready' | 'empty' | 'error';

/**
 * A project graph, read-only and live: drawn with maxGraph (loaded as its own chunk), fitted to
 * the box at any size, values and states from the graph-live snapshot and the hub's pushes,
 * applied in batches (liveFeed.ts). Everything it starts — the graph, the resize observer, the
 * feed's subscriptions and timers — is released on unmount or when the graph changes.
 * `data-graph-phase` on the box says loading / ready / empty / error; `data-stale` whether the
 * values can be trusted.
 */
export function GraphLiveView({ client, projectId, graphId, onReady, onEmpty }: GraphLiveViewProps) {
  const { t } = useTranslation('graph');
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLDivElement>(null);
  const [phase, setPhase] = useState<Phase>('loading');
  const [stale, setStale] = useState(false);
  const [graphName, setGraphName] = useState('');
  const [shown, setShown] = useState<{ view: LiveGraph; projectId: number } | null>(null);
  const callbacks = useRef({ onReady, onEmpty });
  const clientRef = useRef(client);
  useEffect(() => {
    callbacks.current = { onReady, onEmpty };
    clientRef.current = client;
  });

  // The graph: loaded, drawn and fitted once per project/graph; the client may change under it.
  useEffect(() => {
    let disposed = false;
    let view: LiveGraph | undefined;
    let observer: ResizeObserver | undefined;
    let fitFrame: number | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let retryMs = RETRY_MIN_MS;
    const abort = new AbortController();
    setPhase('loading');
    setShown(null);

    const release = () => {
      observer?.disconnect();
      observer = undefined;
      if (fitFrame !== undefined) cancelAnimationFrame(fitFrame);
      if (view) {
        view.destroy();
        liveInstances.graphs--;
        view = undefined;
      }
    };
    const empty = () => {
      setPhase('empty');
      callbacks.current.onEmpty?.();
    };

    const load = async () => {
      try {
        const record = await loadGraphRecord(clientRef.current, projectId, graphId, abort.signal);
        if (disposed) return;
        if (!record) return empty();
        const { LiveGraph } = await import('./liveGraph');
        const host = canvas.current;
        if (disposed || !host) return;
        view = new LiveGraph(host, record.xml);
        liveInstances.graphs++;
        if (view.isEmpty()) {
          release();
          return empty();
        }
        view.fit();
        const fitted = view;
        observer = new ResizeObserver(() => {
          if (fitFrame !== undefined) cancelAnimationFrame(fitFrame);
          fitFrame = requestAnimationFrame(() => {
            fitFrame = undefined;
            fitted.fit();
          });
        });
        observer.observe(host);
        setGraphName(record.name);
        setPhase('ready');
        setShown({ view, projectId: record.projectId });
      } catch (err) {
        if (disposed) return;
        release();
        canvas.current?.replaceChildren();
        setPhase('error');
        console.error('project graph failed to load', err);
        retry = setTimeout(() => void load(), retryMs);
        retryMs = Math.min(RETRY_MAX_MS, retryMs * 2);
      }
    };
    void load();
    return () => {
      disposed = true;
      abort.abort();
      clearTimeout(retry);
      release();
    };
  }, [projectId, graphId]);

  // The live feed of the drawn graph; a new client (the hub connected) gets a new feed.
  const readyFor = useRef<LiveGraph | null>(null);
  useEffect(() => {
    const host = box.current;
    if (!shown || !host) return undefined;
    const feed = new LiveFeed(client, shown.projectId, shown.view, host, {
      onFirstSnapshot: () => {
        if (readyFor.current === shown.view) return;
        readyFor.current = shown.view;
        callbacks.current.onReady?.();
      },
      onStale: setStale,
    });
    return () => {
      feed.dispose();
      setStale(false);
    };
  }, [client, shown]);

  return (
    <LiveBox ref={box} data-graph-live="" data-graph-phase={phase} data-stale={stale ? 'true' : 'false'} aria-label={graphName || undefined}>
      <GraphCanvas ref={canvas} />
      {phase === 'empty' && <Message>{t('live.empty')}</Message>}
      {phase === 'loading' && <Message role="status">{t('live.loading')}</Message>}
      {phase === 'error' && <Message $tone="error" role="alert">{t('live.loadFailed')}</Message>}
      <StaleMarker $on={phase === 'ready' && stale} data-stale-marker="">{t('live.stale')}</StaleMarker>
    </LiveBox>
  );
}
