import type { FastifyInstance } from 'fastify';
import { Right } from '../../../contract/rights';
import {
  HistoryQuery, HistoryResult, OnlineHistoryPage, OnlineHistoryQuery, RealValueList, RealValuesQuery,
} from '../../../contract/telemetry';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/api-error';
import { endpoint } from '../../http/endpoint';
import { chooseResolution, type HistoryResolution } from './history-resolution';
import { telemetryRepository, visibleDevice, visibleProject } from './telemetry-repository';

/** A project's values in one answer: bounded, a project has a few hundred points at most. */
const MAX_VALUES = 20_000;
const TABLE_BUCKET_MS = { raw: 0, '1m': 60_000, '1h': 3_600_000 } as const;

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
      const resolution: HistoryResolution = query.interval === 'auto'
        ? chooseResolution(query.from, query.to, query.maxPoints,
          await telemetry.historyFacts(device.id, measureId, query.from, query.to, query.maxPoints))
        : { interval: query.interval, bucketMs: TABLE_BUCKET_MS[query.interval] };
      return telemetry.history(device.id, measureId, resolution, query.from, query.to, query.maxPoints);
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_history_online', access: Right.DevicePreview, query: OnlineHistoryQuery, response: OnlineHistoryPage,
    async handler({ user, query }) {
      const device = await visibleDevice(db, user, query.deviceId);
      return telemetry.onlineHistory(device.id, { from: query.from, to: query.to }, query.Page, query.Size, Date.now());
    },
  });
}
