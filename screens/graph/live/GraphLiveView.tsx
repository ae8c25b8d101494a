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
  const callbacks = useRef({ onReady, onEmpty });
  useEffect(() => {
    callbacks.current = { onReady, onEmpty };
  });

  useEffect(() => {
    let disposed = false;
    let view: LiveGraph | undefined;
    let feed: LiveFeed | undefined;
    let observer: ResizeObserver | undefined;
    let fitFrame: number | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let retryMs = RETRY_MIN_MS;
    const abort = new AbortController();
    setPhase('loading');
    setStale(false);

    const release = () => {
      feed?.dispose();
      feed = undefined;
      observer?.disconnect();
      observer = undefined;
      if (fitFrame !== undefined) cancelAnimationFrame(fitFrame);
      if (view) {
        view.destroy();
        liveInstances.graphs--;
        view = undefined;
      }
    };

    const load = async () => {
      try {
        const record = await loadGraphRecord(client, projectId, graphId, abort.signal);
        if (disposed) return;
        if (!record) {
          setPhase('empty');
          callbacks.current.onEmpty?.();
          return;
        }
        const { LiveGraph } = await import('./liveGraph');
        const host = canvas.current;
        if (disposed || !host || !box.current) return;
        view = new LiveGraph(host, record.xml);
        liveInstances.graphs++;
        if (view.isEmpty()) {
          release();
          setPhase('empty');
          callbacks.current.onEmpty?.();
          return;
        }
        view.fit();
        observer = new ResizeObserver(() => {
          if (fitFrame !== undefined) cancelAnimationFrame(fitFrame);
          fitFrame = requestAnimationFrame(() => {
            fitFrame = undefined;
            view?.fit();
          });
        });
        observer.observe(host);
        setGraphName(record.name);
        setPhase('ready');
        feed = new LiveFeed(client, record.projectId, view, box.current, {
          onFirstSnapshot: () => callbacks.current.onReady?.(),
          onStale: setStale,
        });
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
  }, [client, projectId, graphId]);

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
