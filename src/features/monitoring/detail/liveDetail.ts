import type { DeviceDetail } from '../../../../contract/device-detail';
import { DeviceState } from '../../../../contract/enums';
import type { DeviceStateData, MeasureValue, MeasureWarningData } from '../../../../contract/hub';

/** The detail as the page holds it: the snapshot, changed in place by pushes. `skewMs`: server clock − ours. */
export type LiveDetail = DeviceDetail & { skewMs: number };

/** Data older than this (a device reports every few seconds) marks the values stale. */
export const STALE_AFTER_MS = 60_000;

/** Samples of this device: each replaces a point's value unless the point holds a newer one (pushes may repeat). */
export function applyValues(d: LiveDetail, items: readonly MeasureValue[]): LiveDetail {
  const mine = items.filter((i) => i.deviceId === d.device.id);
  if (!mine.length) return d;
  const newest = new Map<number, MeasureValue>();
  for (const i of mine) if ((newest.get(i.measureId)?.ts ?? -Infinity) <= i.ts) newest.set(i.measureId, i);
  let changed = false;
  const measures = d.measures.map((m) => {
    const v = newest.get(m.measureId);
    if (!v || (m.ts !== null && m.ts > v.ts)) return m;
    changed = true;
    return { ...m, value: v.value, ts: v.ts };
  });
  if (!changed) return d;
  const last = Math.max(...mine.map((i) => i.ts));
  return { ...d, measures, device: { ...d.device, lastSeenAt: Math.max(d.device.lastSeenAt ?? 0, last) } };
}

/** The device's new state (online, alarm, offline). */
export function applyState(d: LiveDetail, push: DeviceStateData): LiveDetail {
  if (push.deviceId !== d.device.id || push.state === d.device.state) return d;
  const lastSeenAt = push.state === DeviceState.Offline ? d.device.lastSeenAt : Math.max(d.device.lastSeenAt ?? 0, push.ts);
  return { ...d, device: { ...d.device, state: push.state, lastSeenAt } };
}

/** An alarm raised, updated or cleared on one of the device's points. */
export function applyWarning(d: LiveDetail, push: MeasureWarningData): LiveDetail {
  const a = push.alarm;
  if (a.deviceId !== d.device.id || !d.measures.some((m) => m.measureId === a.measureId)) return d;
  return {
    ...d,
    measures: d.measures.map((m) => {
      if (m.measureId !== a.measureId) return m;
      if (push.action === 'clear') return m.alarm && m.alarm.id !== a.id ? m : { ...m, alarm: null };
      return { ...m, alarm: { id: a.id, warnLevel: a.warnLevel, alarmContent: a.alarmContent, raisedAt: a.raisedAt } };
    }),
  };
}

export type Freshness = { kind: 'live' } | { kind: 'stale'; since: number } | { kind: 'never' } | { kind: 'hubDown' };

/**
 * Whether what the page shows is current: not while the hub is away (pushes are being missed),
 * nor when the newest sample is older than {@link STALE_AFTER_MS} by the server's clock.
 */
export function freshnessOf(d: LiveDetail, hubDown: boolean, now: number): Freshness {
  if (hubDown) return { kind: 'hubDown' };
  const newest = Math.max(-Infinity, ...d.measures.map((m) => m.ts ?? -Infinity));
  if (newest === -Infinity) return { kind: 'never' };
  return now + d.skewMs - newest > STALE_AFTER_MS ? { kind: 'stale', since: newest } : { kind: 'live' };
}
