import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TileReport } from '../../../../contract/walls';
import { createTileHealthReporter, type TileReportState, type TileReporterSources } from './tileHealthReporter';

/** Animation frames every `frameMs` of fake time while requested. */
function fakeFrames(frameMs: number) {
  let next = 1;
  const pending = new Map<number, ReturnType<typeof setTimeout>>();
  return {
    requestFrame(cb: (t: number) => void) {
      const id = next++;
      pending.set(id, setTimeout(() => {
        pending.delete(id);
        cb(Date.now());
      }, frameMs));
      return id;
    },
    cancelFrame(id: number) {
      clearTimeout(pending.get(id));
      pending.delete(id);
    },
    pending: () => pending.size,
  };
}

function setup(overrides: Partial<TileReporterSources> = {}, frameMs = 1000 / 60, fpsWindowMs?: number) {
  const sent: TileReport[] = [];
  const state: TileReportState = { templateId: 7, templateVersion: 1_700_000_000_000, itemIndex: 1, ready: true };
  const frames = fakeFrames(frameMs);
  const errors = new EventTarget();
  let reconnects = 0;
  const sources: TileReporterSources = {
    send: vi.fn(async (r: TileReport) => { sent.push(r); return true; }),
    state: () => state,
    dataVersion: () => 42,
    dataAgeMs: () => 12_345,
    reconnects: () => reconnects,
    heapMb: () => 31.5,
    now: () => Date.now(),
    requestFrame: frames.requestFrame,
    cancelFrame: frames.cancelFrame,
    errors,
    ...overrides,
  };
  const reporter = createTileHealthReporter({ wallId: 3, tile: [1, 0], ...(fpsWindowMs !== undefined && { fpsWindowMs }) }, sources);
  return { sent, state, frames, errors, reporter, setReconnects: (n: number) => { reconnects = n; } };
}

describe('createTileHealthReporter', () => {
  beforeEach(() => { vi.useFakeTimers({ now: 1_700_000_000_000 }); });
  afterEach(() => { vi.useRealTimers(); });

  it('reports every 5 s what the page and its sources say', async () => {
    const { sent, reporter, setReconnects } = setup();
    await vi.advanceTimersByTimeAsync(4_999);
    expect(sent).toHaveLength(0);
    setReconnects(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toEqual({
      wallId: 3, tile: [1, 0], templateId: 7, templateVersion: 1_700_000_000_000, dataVersion: 42, itemIndex: 1,
      fps: expect.any(Number), heapMb: 31.5, dataAgeMs: 12_345, reconnects: 2, errors: 0, ready: true,
    });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent).toHaveLength(3);
    reporter.dispose();
  });

  it('counts frames over the last second of each interval only', async () => {
    const { sent, frames, reporter } = setup({}, 20);
    await vi.advanceTimersByTimeAsync(3_999);
    expect(frames.pending()).toBe(0); // not counting yet: no animation-frame callback asked
    await vi.advanceTimersByTimeAsync(1);
    expect(frames.pending()).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    // 50 frames a second; the one due at the report's own instant may fall after it.
    expect([49, 50]).toContain(sent[0].fps);
    expect(frames.pending()).toBe(0);
    reporter.dispose();
  });

  it('a janky page reports its low frame rate; counting can span the whole interval', async () => {
    const { sent, reporter } = setup({}, 80, 5_000);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent[0].fps).toBeCloseTo(12.4, 0);
    expect(sent[1].fps).toBeCloseTo(12.4, 0);
    reporter.dispose();
  });

  it('counts window errors and unhandled rejections with the last message (≤ 200 characters)', async () => {
    const { sent, errors, reporter } = setup();
    errors.dispatchEvent(Object.assign(new Event('error'), { message: 'boom' }));
    errors.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: new Error('x'.repeat(300)) }));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sent[0].errors).toBe(2);
    expect(sent[0].lastError).toBe('x'.repeat(200));
    reporter.dispose();
  });

  it('takes the page state at each report; a given data version wins over the client; skew is sent when known', async () => {
    const { sent, state, reporter } = setup();
    await vi.advanceTimersByTimeAsync(5_000);
    Object.assign(state, { itemIndex: 2, ready: false, dataVersion: 9, skewMs: 14 });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sent[1]).toMatchObject({ itemIndex: 2, ready: false, dataVersion: 9, skewMs: 14 });
    expect(sent[0].skewMs).toBeUndefined();
    reporter.dispose();
  });

  it('sends nulls where a figure is unknown and survives a refused send', async () => {
    const send = vi.fn(() => Promise.reject(new Error('hub not connected')));
    const { reporter } = setup({ send, heapMb: () => null, dataAgeMs: () => null, dataVersion: () => null });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[0]).toEqual([expect.objectContaining({ heapMb: null, dataAgeMs: null, dataVersion: null })]);
    reporter.dispose();
  });

  it('dispose leaves no timer, frame request or listener', async () => {
    const { sent, frames, errors, reporter } = setup({}, 1000 / 60, 5_000);
    await vi.advanceTimersByTimeAsync(100);
    reporter.dispose();
    expect(frames.pending()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    errors.dispatchEvent(new Event('error'));
    await vi.advanceTimersByTimeAsync(20_000);
    expect(sent).toHaveLength(0);
  });
});
