import { expect, type APIRequestContext } from '@playwright/test';
import { apiGet, apiPost } from './api';

interface DeviceRow {
  id: number;
  name: string;
  projectId: number | null;
  deviceTypeId: number;
}

interface RealValueRow {
  measureId: number;
  measureName: string;
  value: number | null;
  alarm: boolean;
}

/** The device type of the demo's NV-F600 filters (contract/enums.ts DeviceTypeId.Filter). */
const FILTER_TYPE = 2006;

/** A point of a demo filter: its 阻力 (resistance) alarms above 450 Pa (server/seed/demo-catalogue.ts). */
export interface ResistancePoint {
  deviceId: number;
  deviceName: string;
  measureId: number;
}

/** A filter in a project whose 阻力 point has no open alarm, so a violation raises a new one. */
export async function quietResistancePoint(request: APIRequestContext, token: string): Promise<ResistancePoint> {
  const page = await apiGet<{ list: DeviceRow[] }>(request, token, '/t_device?Page=1&Size=200');
  const filters = page.list.filter((d) => d.deviceTypeId === FILTER_TYPE && d.projectId !== null);
  expect(filters.length, 'the demo seed has filters in projects').toBeGreaterThan(0);
  for (const device of filters) {
    const values = await apiGet<RealValueRow[]>(request, token, `/t_real_measure/values?deviceId=${device.id}`);
    const point = values.find((v) => v.measureName === '阻力' && !v.alarm);
    if (point) return { deviceId: device.id, deviceName: device.name, measureId: point.measureId };
  }
  throw new Error('every demo filter has an open resistance alarm');
}

/** POST /api/ingest (needs the `ingest` right); expects every item to be stored and fresh. */
export async function ingest(request: APIRequestContext, token: string, items: { deviceId: number; measureId: number; value: number; ts: number }[]): Promise<void> {
  const body = await apiPost(request, token, '/ingest', { items });
  expect(body.success, JSON.stringify(body)).toBe(true);
  expect(body.data, 'stored, and newer than what the point had').toMatchObject({ accepted: items.length, stale: 0, rejected: [] });
}
