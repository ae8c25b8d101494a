import { describe, expect, it } from 'vitest';
import { syncStateOf } from './sync-items';

describe('product sync summary state', () => {
  it('runs while any device waits, then is succeeded, failed or partial', () => {
    expect(syncStateOf({ queued: 1, succeeded: 5 })).toBe('running');
    expect(syncStateOf({ sent: 1, failed: 5 })).toBe('running');
    expect(syncStateOf({ succeeded: 5 })).toBe('succeeded');
    expect(syncStateOf({ failed: 2, expired: 1 })).toBe('failed');
    expect(syncStateOf({ succeeded: 4, expired: 1 })).toBe('partial');
  });
});
