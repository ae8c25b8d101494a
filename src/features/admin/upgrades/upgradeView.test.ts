import { describe, expect, it } from 'vitest';
import { progressOf } from '../kit/batchCounts';
import { formatBytes, itemResult, refreshWhileRunning } from './upgradeView';

const counts = (c: Partial<Record<string, number>>) => {
  const full = { waiting: 0, queued: 0, sent: 0, succeeded: 0, failed: 0, expired: 0, cancelled: 0, ...c };
  return { ...full, total: Object.values(full).reduce((a, b) => a + b, 0) };
};

describe('upgrade view', () => {
  it('fills the bar with succeeded and failed parts, whole once nothing waits', () => {
    expect(progressOf(counts({ waiting: 3 }))).toEqual({ succeeded: 0, failed: 0 });
    expect(progressOf(counts({ succeeded: 1, sent: 1, failed: 1 }))).toEqual({ succeeded: 33, failed: 33 });
    expect(progressOf(counts({ succeeded: 1, failed: 1, expired: 1 }))).toEqual({ succeeded: 33, failed: 67 });
  });

  it('refreshes while a task has devices in flight', () => {
    expect(refreshWhileRunning([{ state: 'pending', counts: counts({ waiting: 2 }) }])).toBe(false);
    expect(refreshWhileRunning([{ state: 'running', counts: counts({ queued: 2 }) }])).toBe(3000);
  });

  it('reads a result code as its SPEC §4 text in either language, with the gateway\'s words when they add something', () => {
    expect(itemResult({ code: 2, codeText: '已是最新版本', message: '已是最新版本' }, 'zh')).toEqual({ text: '已是最新版本', detail: '' });
    expect(itemResult({ code: 4, codeText: 'MD5校验失败', message: 'md5 mismatch' }, 'en')).toEqual({ text: 'MD5 check failed', detail: 'md5 mismatch' });
    expect(itemResult({ code: 777, codeText: '错误码：777', message: '' }, 'en').text).toBe('Error code: 777');
    expect(itemResult({ code: 0, codeText: '无', message: '' }, 'zh')).toEqual({ text: '', detail: '' });
  });

  it('formats sizes', () => {
    expect([formatBytes(512), formatBytes(1536), formatBytes(70_000), formatBytes(32 * 1024 * 1024)]).toEqual(['512 B', '1.5 KB', '68 KB', '32 MB']);
  });
});
