import type { GraphLiveSnapshot } from '../../../contract/graph/live';
import { HubTopic, type DeviceStateData, type MeasureValuesData, type MeasureWarningData } from '../../../contract/hub';
import type { HubHealth, ScreenDataClient } from '../../runtime/types';
import type { LiveGraph } from './liveGraph';
import { applyDeviceState, applyMeasureValues, applyMeasureWarning, applySnapshot, createLiveStore, takeDirty } from './liveStore';
import { graphLiveStats } from './liveStats';

/**
 * Pushes are applied at most this often (4 Hz): a busy site costs at most four model updates a
 * second, each of many cells (a label's redraw, not the frame, is what costs; see graph-bench).
 */
export const APPLY_INTERVAL_MS = 250;
/** The shared blink: every blinking cell on and off together, twice a second. */
const BLINK_MS = 500;
/** Snapshot retry after a failure, doubling up to the maximum. */
const RETRY_MIN_MS = 5_000;
const RETRY_MAX_MS = 60_000;

export interface LiveFeedEvents {
  /** The first snapshot was applied (or failed: the graph is drawn either way). */
  onFirstSnapshot(): void;
  /** Whether the values can be trusted (hub up and the last snapshot read succeeded). */
  onStale(stale: boolean): void;
}

/**
 * Feeds one LiveGraph: the project's snapshot (GET /api/s/graph-live), then the hub's pushes on
 * `project:<id>`, folded into the live store as they come and applied to the graph once per
 * animation frame at most every APPLY_INTERVAL_MS. Re-reads the snapshot after every reconnect.
 * `dispose()` releases every subscription, timer, frame and request.
 */
export class LiveFeed {
  private readonly store = createLiveStore();
  private readonly offs: (() => void)[] = [];
  private readonly abort = new AbortController();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private frame: number | undefined;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private readonly blink: ReturnType<typeof setInterval>;
  private lastApply = 0;
  private retryMs = RETRY_MIN_MS;
  private snapshotOk = false;
  private hub: HubHealth;
  private first = true;
  private disposed = false;

  constructor(private readonly client: ScreenDataClient, private readonly projectId: number, private readonly view: LiveGraph,
    blinkHost: HTMLElement, private readonly events: LiveFeedEvents) {
    this.hub = client.hubHealth();
    const index = view.index;
    const pushed = (changed: boolean | number) => {
      graphLiveStats.pushes++;
      if (changed) this.schedule();
    };
    this.offs.push(
      client.subscribe(HubTopic.project(projectId)),
      client.on('measureValues', (d) => pushed(applyMeasureValues(this.store, index, d as MeasureValuesData))),
      client.on('deviceState', (d) => pushed(applyDeviceState(this.store, index, d as DeviceStateData))),
      client.on('measureWarning', (d) => pushed(applyMeasureWarning(this.store, index, d as MeasureWarningData))),
      client.onResync(() => void this.loadSnapshot()),
      client.onHubHealth((h) => {
        this.hub = h;
        this.report();
      }),
    );
    this.blink = setInterval(() => blinkHost.toggleAttribute('data-blink-off'), BLINK_MS);
    void this.loadSnapshot();
  }

  /** Reads the snapshot; on failure keeps what it has, says stale and tries again later. */
  async loadSnapshot(): Promise<void> {
    clearTimeout(this.retry);
    try {
      const snap = await this.client.get('/api/s/graph-live', { projectId: this.projectId }, this.abort.signal) as GraphLiveSnapshot;
      if (this.disposed) return;
      applySnapshot(this.store, this.view.index, snap);
      graphLiveStats.snapshots++;
      this.snapshotOk = true;
      this.retryMs = RETRY_MIN_MS;
      this.flush();
    } catch {
      if (this.disposed) return;
      this.snapshotOk = false;
      this.retry = setTimeout(() => void this.loadSnapshot(), this.retryMs);
      this.retryMs = Math.min(RETRY_MAX_MS, this.retryMs * 2);
    }
    this.report();
    if (this.first) {
      this.first = false;
      this.events.onFirstSnapshot();
    }
  }

  private report(): void {
    this.events.onStale(!this.snapshotOk || this.hub === 'down');
  }

  /** Asks for one apply: on the next frame, no sooner than APPLY_INTERVAL_MS after the last. */
  private schedule(): void {
    if (this.timer !== undefined || this.frame !== undefined || this.disposed) return;
    const wait = Math.max(0, this.lastApply + APPLY_INTERVAL_MS - performance.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.frame = requestAnimationFrame(() => {
        this.frame = undefined;
        this.flush();
      });
    }, wait);
  }

  private flush(): void {
    this.lastApply = performance.now();
    const ids = takeDirty(this.store);
    if (!ids.length) return;
    this.view.apply(ids, this.store);
    graphLiveStats.frames++;
    graphLiveStats.cells += ids.length;
  }

  dispose(): void {
    this.disposed = true;
    this.abort.abort();
    for (const off of this.offs) off();
    this.offs.length = 0;
    clearTimeout(this.timer);
    clearTimeout(this.retry);
    clearInterval(this.blink);
    if (this.frame !== undefined) cancelAnimationFrame(this.frame);
  }
}
