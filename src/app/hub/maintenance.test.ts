import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MaintenanceData } from '../../../contract/hub';
import { createMaintenanceReaction } from './maintenance';

const notice = (phase: MaintenanceData['phase']): MaintenanceData => ({ action: 'restore', phase, fileName: 'nv-manual-1.db', by: 'admin', at: 1 });

describe('the console\'s reaction to a restore', () => {
  beforeEach(() => { vi.useFakeTimers(); });
  afterEach(() => { vi.useRealTimers(); });

  it('shows the notice while it runs, then says it is done and reloads once', () => {
    const show = vi.fn();
    const reload = vi.fn();
    const r = createMaintenanceReaction({ show, reload, delayMs: 3000 });
    r.handle(notice('started'));
    expect(show).toHaveBeenLastCalledWith(notice('started'));
    vi.advanceTimersByTime(10_000);
    expect(reload).not.toHaveBeenCalled();
    r.handle(notice('done'));
    r.handle(notice('done'));
    expect(show).toHaveBeenLastCalledWith(notice('done'));
    vi.advanceTimersByTime(2999);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('says a failed restore changed nothing and does not reload; cancel drops a pending reload', () => {
    const reload = vi.fn();
    const r = createMaintenanceReaction({ show: vi.fn(), reload });
    r.handle(notice('failed'));
    vi.advanceTimersByTime(10_000);
    expect(reload).not.toHaveBeenCalled();
    r.handle(notice('done'));
    r.cancel();
    vi.advanceTimersByTime(10_000);
    expect(reload).not.toHaveBeenCalled();
  });
});
