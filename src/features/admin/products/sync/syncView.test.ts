import { describe, expect, it } from 'vitest';
import type { SyncCounts } from '../../../../../contract/product-sync';
import { progressOf } from '../../kit/batchCounts';
import { isRunning, refreshWhileRunning, resultOf, retryableCount, SYNC_REFRESH_MS } from './syncView';

const counts = (c: Partial<SyncCounts>): SyncCounts => {
  const full = { queued: 0, sent: 0, succeeded: 0, failed: 0, expired: 0, ...c };
  return { ...full, total: full.queued + full.sent + full.succeeded + full.failed + full.expired };
};

describe('product sync view', () => {
  it('refreshes while any sync shown runs or has devices waiting, and stops when none does', () => {
    const done = { state: 'partial' as const, counts: counts({ succeeded: 3, failed: 1 }) };
    expect(refreshWhileRunning(undefined)).toBe(false);
    expect(refreshWhileRunning([])).toBe(false);
    expect(refreshWhileRunning([done])).toBe(false);
    expect(refreshWhileRunning([done, { state: 'running', counts: counts({ queued: 2 }) }])).toBe(SYNC_REFRESH_MS);
    // The reader's own devices may still wait while the state read was older.
    expect(isRunning({ state: 'succeeded', counts: counts({ sent: 1 }) })).toBe(true);
    expect(isRunning(done)).toBe(false);
  });

  it('splits the bar into succeeded and failed parts that fill it once nothing waits', () => {
    expect(progressOf(counts({}))).toEqual({ succeeded: 0, failed: 0 });
    expect(progressOf(counts({ succeeded: 1, failed: 1, queued: 1 }))).toEqual({ succeeded: 33, failed: 33 });
    expect(progressOf(counts({ succeeded: 2, expired: 1 }))).toEqual({ succeeded: 66, failed: 34 });
    expect(progressOf(counts({ succeeded: 24 }))).toEqual({ succeeded: 100, failed: 0 });
    expect(progressOf(counts({ failed: 5, expired: 3 }))).toEqual({ succeeded: 0, failed: 100 });
  });

  it('shows a result code in the reader\'s language and the gateway\'s own words when they add something', () => {
    expect(resultOf({ code: null, codeText: null, message: '' }, 'zh')).toEqual({ text: '', detail: '' });
    expect(resultOf({ code: 11, codeText: '设备无应答', message: '设备无应答' }, 'zh')).toEqual({ text: '设备无应答', detail: '' });
    expect(resultOf({ code: 11, codeText: '设备无应答', message: '设备无应答' }, 'en')).toEqual({ text: 'Device does not answer', detail: '' });
    expect(resultOf({ code: 11, codeText: '设备无应答', message: 'timeout on RS485' }, 'en')).toEqual({ text: 'Device does not answer', detail: 'timeout on RS485' });
    expect(resultOf({ code: 98, codeText: '设备未接入网关', message: '设备未接入网关，无法下发配置' }, 'en'))
      .toEqual({ text: 'Device has no gateway', detail: '' });
    expect(resultOf({ code: 99, codeText: '命令超时', message: '命令在截止时间前未完成' }, 'zh')).toEqual({ text: '命令超时', detail: '' });
    expect(resultOf({ code: 0, codeText: '无', message: '' }, 'zh')).toEqual({ text: '', detail: '' });
    expect(resultOf({ code: 4242, codeText: null, message: '' }, 'en').text).toBe('Error code: 4242');
  });

  it('counts the failed and timed-out devices a retry sends again', () => {
    expect(retryableCount([{ state: 'failed' }, { state: 'expired' }, { state: 'succeeded' }, { state: 'queued' }])).toBe(2);
  });
});
