import type { FastifyInstance } from 'fastify';
import {
  Availability, AvailabilityQuery, DeviceAlarmPage, DeviceAlarmQuery, DeviceDetail,
} from '../../../contract/device-detail';
import { IdParam } from '../../../contract/envelope';
import { Right } from '../../../contract/rights';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/api-error';
import { endpoint } from '../../http/endpoint';
import { findDevice } from '../devices/device-repository';
import { telemetryRepository, visibleDevice } from '../telemetry/telemetry-repository';
import { accountPeriods, calendarPeriods, totalOf } from './availability';
import { deviceDetailRepository } from './device-detail-repository';

/** Most state changes one availability answer reads (a device flapping every minute for 400 days has fewer). */
const MAX_CHANGES = 600_000;

/**
 * The device detail and online-data pages (issue 19): the device with its live points, its alarms,
 * and its availability from t_history_online. Trends and the change list are telemetry's
 * (GET /api/t_history_measure, /api/t_history_online). Each call needs device-preview and a device
 * in the caller's data scope (else 404).
 */
export function registerDeviceDetailRoutes(app: FastifyInstance, { db }: AppDeps): void {
  const detail = deviceDetailRepository(db);
  const telemetry = telemetryRepository(db);

  endpoint(app, db, {
    method: 'GET', url: '/t_device/detail/:id', access: Right.DevicePreview, params: IdParam, response: DeviceDetail,
    async handler({ user, params }) {
      const device = await findDevice(db, user, params.id);
      if (!device) throw notFound('设备');
      return { device, measures: await detail.measures(device.id), serverTime: Date.now() };
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_device/alarms', access: Right.DevicePreview, query: DeviceAlarmQuery, response: DeviceAlarmPage,
    async handler({ user, query }) {
      const device = await visibleDevice(db, user, query.deviceId);
      return detail.alarms(device.id, query.state === 'open', query.Page, query.Size);
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_history_online/availability', access: Right.DevicePreview, query: AvailabilityQuery, response: Availability,
    async handler({ user, query }) {
      const device = await visibleDevice(db, user, query.deviceId);
      const now = Date.now();
      const changes = await telemetry.onlineChanges(device.id, query.from, query.to, MAX_CHANGES);
      const periods = accountPeriods(changes, calendarPeriods(query.from, query.to, query.step, query.tzOffset), now);
      const carried = changes[0] && changes[0].ts < query.from ? changes[0].state : null;
      return { total: totalOf(query.from, query.to, periods), periods: query.step === 'none' ? [] : periods, stateAtFrom: carried };
    },
  });
}
