import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMMAND_GRACE_MS, COMMAND_POLL_MS, followCommand, outcomeView, type CommandOutcome } from './commandOutcome';

const TEXTS = { pending: '执行中…', succeeded: '成功' };

describe('a command followed to its outcome', () => {
  beforeEach(() => { vi.useFakeTimers(); });
  afterEach(() => { vi.useRealTimers(); });

  it('reads the command each second until it is final, reporting each reading', async () => {
    const answers: CommandOutcome['state'][] = ['queued', 'sent', 'failed'];
    const read = vi.fn(async (id: number) => ({ id, state: answers.shift()!, code: answers.length ? null : 6 }));
    const seen: string[] = [];
    const done = followCommand({ id: 7, state: 'queued', code: null, deadline: Date.now() + 30_000 }, read, (o) => seen.push(o.state), new AbortController().signal);
    await vi.advanceTimersByTimeAsync(COMMAND_POLL_MS * 3);
    expect(await done).toEqual({ id: 7, state: 'failed', code: 6 });
    expect(seen).toEqual(['queued', 'queued', 'sent', 'failed']);
    expect(read).toHaveBeenCalledTimes(3);
    expect(outcomeView(await done, 'zh', TEXTS)).toEqual({ tone: 'error', text: '设备忙' });
  });

  it('says 命令超时 itself when the deadline has long passed, and survives lost readings meanwhile', async () => {
    const read = vi.fn(async () => { throw new Error('offline'); });
    const done = followCommand({ id: 8, state: 'sent', code: null, deadline: Date.now() + 2_000 }, read, () => undefined, new AbortController().signal);
    await vi.advanceTimersByTimeAsync(2_000 + COMMAND_GRACE_MS + COMMAND_POLL_MS * 2);
    const final = await done;
    expect(final).toEqual({ id: 8, state: 'expired', code: 99 });
    expect(outcomeView(final, 'en', TEXTS)).toEqual({ tone: 'error', text: 'Command timed out' });
  });

  it('stops, reading no more, when its page goes away', async () => {
    const controller = new AbortController();
    const read = vi.fn(async (id: number) => ({ id, state: 'sent' as const, code: null }));
    const done = followCommand({ id: 9, state: 'queued', code: null, deadline: Date.now() + 30_000 }, read, () => undefined, controller.signal);
    const settled = done.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(COMMAND_POLL_MS);
    controller.abort();
    await settled;
    await vi.advanceTimersByTimeAsync(COMMAND_POLL_MS * 5);
    expect(read).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('shows 执行中 while waiting and 成功 on success', () => {
    expect(outcomeView({ id: 1, state: 'sent', code: null }, 'zh', TEXTS)).toEqual({ tone: 'processing', text: '执行中…' });
    expect(outcomeView({ id: 1, state: 'succeeded', code: 0 }, 'zh', TEXTS)).toEqual({ tone: 'success', text: '成功' });
    expect(outcomeView({ id: 1, state: 'failed', code: 11 }, 'zh', TEXTS).text).toBe('设备无应答');
  });
});
