import type { FastifyInstance } from 'fastify';
import { Right } from '../../../contract/rights';
import {
  HistoryQuery, HistoryResult, MAX_HISTORY_POINTS, OnlineHistoryPage, OnlineHistoryQuery, RealValueList, RealValuesQuery,
  type HistoryInterval,
} from '../../../contract/telemetry';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/api-error';
import { endpoint } from '../../http/endpoint';
import { telemetryRepository, visibleDevice, visibleProject } from './telemetry-repository';

const HOUR = 3_600_000;
/** A project's values in one answer: bounded, a project has a few hundred points at most. */
const MAX_VALUES = 20_000;

/** Raw up to 2 hours, minutes up to 3 days, hours beyond: each stays within MAX_HISTORY_POINTS. */
export function pickInterval(from: number, to: number): HistoryInterval {
  const range = to - from;
  return range <= 2 * HOUR ? 'raw' : range <= 72 * HOUR ? '1m' : '1h';
}

/** Current values, trends and online history: what monitoring screens and device pages read. */
export function registerTelemetryRoutes(app: FastifyInstance, { db }: AppDeps): void {
  const telemetry = telemetryRepository(db);

  endpoint(app, db, {
    method: 'GET', url: '/t_real_measure/values', access: 'signed-in', query: RealValuesQuery, response: RealValueList,
    async handler({ user, query }) {
      const deviceId = query.deviceId !== undefined ? (await visibleDevice(db, user, query.deviceId)).id : undefined;
      const projectId = query.projectId !== undefined ? await visibleProject(db, user, query.projectId) : undefined;
      return telemetry.realValues({ deviceId, projectId }, MAX_VALUES);
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_history_measure', access: 'signed-in', query: HistoryQuery, response: HistoryResult,
    async handler({ user, query }) {
      const device = await visibleDevice(db, user, query.deviceId);
      const measureId = await telemetry.findDeviceMeasure(device.id, query.measureId);
      if (measureId === undefined) throw notFound('测点');
      const interval = query.interval === 'auto' ? pickInterval(query.from, query.to) : query.interval;
      return telemetry.history(device.id, measureId, interval, query.from, query.to, MAX_HISTORY_POINTS);
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_history_online', access: Right.DevicePreview, query: OnlineHistoryQuery, response: OnlineHistoryPage,
    async handler({ user, query }) {
      const device = await visibleDevice(db, user, query.deviceId);
      return telemetry.onlineHistory(device.id, query.Page, query.Size);
    },
  });
}
