import { useEffect, useRef, useState } from 'react';
import { HubTopic, type DeviceStateData, type MeasureValuesData, type MeasureWarningData } from '../../../contract/hub';
import type { ScreenDataClient } from '../../../screens/runtime/types';
import { errorText } from '../../shared/errorText';
import { fetchProjectMonitor } from './monitoringApi';
import { applyDeviceState, applyMeasureValues, applyMeasureWarning, fromSnapshot, type ProjectMonitorState } from './projectMonitorState';

/** The page redraws at most this often however many pushes come (a busy site pushes every second or more). */
const REDRAW_MS = 250;
/** A push the snapshot cannot place (a device not listed, an alarm list gone short) reads it again, at most this often. */
const RELOAD_MS = 1_000;
const RETRY_MIN_MS = 5_000;
const RETRY_MAX_MS = 60_000;

export interface ProjectMonitorView {
  state: ProjectMonitorState | null;
  /** The last snapshot read failed (the message); the state shown, if any, is older. */
  error: string | null;
  /** Whether the data can be trusted: the hub is up and the last snapshot read succeeded. */
  stale: boolean;
}

/**
 * 项目监控's data: the snapshot of `projectId`, then the hub's pushes on `project:<id>` applied
 * over it, a new snapshot after every reconnect (pushes missed while away) and when a push cannot
 * be placed, retries with back-off while reads fail. Everything it starts — subscription,
 * listeners, timers, requests — stops when the project changes or the page goes away.
 */
export function useProjectMonitor(client: ScreenDataClient, projectId: number | undefined): ProjectMonitorView {
  const [view, setView] = useState<ProjectMonitorView>({ state: null, error: null, stale: false });
  const live = useRef<{ state: ProjectMonitorState | null; error: string | null; hubDown: boolean }>({ state: null, error: null, hubDown: false });

  useEffect(() => {
    if (projectId === undefined) return undefined;
    const current = live.current;
    current.state = null;
    current.error = null;
    current.hubDown = client.hubHealth() === 'down';
    let disposed = false;
    let abort: AbortController | null = null;
    let redraw: ReturnType<typeof setTimeout> | undefined;
    let reload: ReturnType<typeof setTimeout> | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let retryMs = RETRY_MIN_MS;
    let lastDraw = 0;

    const draw = () => {
      redraw = undefined;
      lastDraw = Date.now();
      setView({ state: current.state, error: current.error, stale: current.hubDown || current.error !== null });
    };
    const publish = (now = false) => {
      if (redraw !== undefined) return;
      const wait = now ? 0 : Math.max(0, lastDraw + REDRAW_MS - Date.now());
      redraw = setTimeout(draw, wait);
    };
    const load = async () => {
      clearTimeout(retry);
      abort?.abort();
      const mine = (abort = new AbortController());
      try {
        const snap = await fetchProjectMonitor(projectId, mine.signal);
        if (disposed || mine.signal.aborted) return;
        current.state = fromSnapshot(snap);
        current.error = null;
        retryMs = RETRY_MIN_MS;
      } catch (err) {
        if (disposed || mine.signal.aborted) return;
        current.error = errorText(err);
        retry = setTimeout(() => void load(), retryMs);
        retryMs = Math.min(RETRY_MAX_MS, retryMs * 2);
      }
      publish(true);
    };
    const reloadSoon = () => {
      if (reload !== undefined) return;
      reload = setTimeout(() => {
        reload = undefined;
        void load();
      }, RELOAD_MS);
    };
    const outcome = (result: 'applied' | 'ignored' | 'reload' | boolean) => {
      if (result === 'reload') reloadSoon();
      else if (result === true || result === 'applied') publish();
    };

    const offs = [
      client.subscribe(HubTopic.project(projectId)),
      client.on('deviceState', (d) => { if (current.state) outcome(applyDeviceState(current.state, d as DeviceStateData)); }),
      client.on('measureValues', (d) => { if (current.state) outcome(applyMeasureValues(current.state, d as MeasureValuesData)); }),
      client.on('measureWarning', (d) => { if (current.state) outcome(applyMeasureWarning(current.state, d as MeasureWarningData)); }),
      client.onResync(() => void load()),
      client.onHubHealth((health) => {
        current.hubDown = health === 'down';
        publish(true);
      }),
    ];
    setView({ state: null, error: null, stale: current.hubDown });
    void load();
    return () => {
      disposed = true;
      abort?.abort();
      clearTimeout(redraw);
      clearTimeout(reload);
      clearTimeout(retry);
      for (const off of offs) off();
    };
  }, [client, projectId]);

  return view;
}
