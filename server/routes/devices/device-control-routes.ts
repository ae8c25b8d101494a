import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  ControlBody, ControlPoints, DeviceStates, DeviceStatesQuery, RefreshStateResult, SetRouteBody, SetRouteResult, SyncStateBody,
  SyncStateResult,
} from '../../../contract/device-control';
import { IdParam } from '../../../contract/envelope';
import { GatewayCommandRecord } from '../../../contract/gateway-commands';
import { Right } from '../../../contract/rights';
import { verifyMd5 } from '../../auth/passwords';
import type { DB } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { badRequest, notFound } from '../../http/api-error';
import { endpoint } from '../../http/endpoint';
import { GatewayCommandRepository } from '../gateway-commands/gateway-command-repository';
import { visibleProject } from '../telemetry/telemetry-repository';
import { passwordHashOf } from '../user/user-repository';
import { controlPoints, queueAudited, writeSetPoint } from './device-control-repository';
import { findDevice } from './device-repository';
import { auditSync, deviceStates, resyncStates, setRoute, visibleIds } from './device-state-repository';

/** A refresh asks the gateway to read the device at once: past this many seconds it is 命令超时. */
const REFRESH_TTL_S = 60;

/** The caller's password, as the password check sends it (md5), or 400 密码错误 (as login-test answers). */
export async function checkPassword(db: Kysely<DB>, userId: number, md5: string): Promise<void> {
  if (!(await verifyMd5(md5, await passwordHashOf(db, userId)))) throw badRequest('密码错误');
}

/**
 * Remote control and the device state calls (issue 18; server/routes/devices/README.md):
 * - GET /api/t_device/control-points/{id} and POST /api/t_device/control (device-control): a
 *   device's writable points, and a set-point write queued for its gateway after the password
 *   check, with its 远程控制 audit line; its outcome is read at GET /api/t_gateway_command/{id};
 * - GET /api/t_device/states (device-preview), POST /api/t_device/refresh-state/{id}, sync-state
 *   and set-route (device-edit).
 * Every call is limited to the devices of the caller's data scope (another device is 404).
 */
export function registerDeviceControlRoutes(app: FastifyInstance, { db, config, telemetry, telemetryEvents }: AppDeps): void {
  const commands = new GatewayCommandRepository(db);
  const serial = <T>(work: () => Promise<T>): Promise<T> => (telemetry ? telemetry.ingest.exclusive(work) : work());
  const offlineAfterMs = config.offlineAfterS * 1000;
  const resync = async (ids: number[]) => {
    const events = await serial(() => resyncStates(db, ids, Date.now(), offlineAfterMs));
    for (const e of events) telemetryEvents?.emit('deviceState', e);
    return events.length;
  };
  const record = async (user: Parameters<GatewayCommandRepository['find']>[0], id: number) => {
    const found = await commands.find(user, id);
    if (!found) throw notFound('网关命令');
    const { payload: _payload, devices: _devices, ...rest } = found;
    return rest;
  };

  endpoint(app, db, {
    method: 'GET', url: '/t_device/control-points/:id', access: Right.DeviceControl, params: IdParam, response: ControlPoints,
    handler: ({ user, params }) => controlPoints(db, { user }, params.id),
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_device/control', access: Right.DeviceControl, tenancy: 'subtree', body: ControlBody, response: GatewayCommandRecord,
    rateLimit: config.loginRateLimit,
    async handler({ user, body, req }) {
      await checkPassword(db, user.id, body.password);
      const { password: _password, ...write } = body;
      return record(user, await writeSetPoint(db, { user, ip: req.ip }, write));
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_device/states', access: Right.DevicePreview, query: DeviceStatesQuery, response: DeviceStates,
    async handler({ user, query }) {
      if (query.projectId !== undefined) await visibleProject(db, user, query.projectId);
      return deviceStates(db, user, query);
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_device/refresh-state/:id', access: Right.DeviceEdit, tenancy: 'subtree', params: IdParam, response: RefreshStateResult,
    async handler({ user, params, req }) {
      const device = await findDevice(db, user, params.id);
      if (!device) throw notFound('设备');
      await resync([device.id]);
      const commandId = device.gatewayId === null ? null : await queueAudited(db, { user, ip: req.ip }, {
        gatewayId: device.gatewayId!, deviceId: device.id, kind: 'refresh', payload: {}, ttlS: REFRESH_TTL_S,
        target: `t_device#${device.id} ${device.name}`, detail: {},
      });
      const [state] = await deviceStates(db, user, { ids: [device.id] });
      return { ...state, commandId };
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_device/sync-state', access: Right.DeviceEdit, tenancy: 'subtree', body: SyncStateBody, response: SyncStateResult,
    async handler({ user, body, req }) {
      if (body.projectId !== undefined) await visibleProject(db, user, body.projectId);
      const ids = await visibleIds(db, user, body.projectId);
      const result = { checked: ids.length, changed: await resync(ids) };
      await auditSync(db, { user, ip: req.ip }, body.projectId, result);
      return result;
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_device/set-route', access: Right.DeviceEdit, tenancy: 'subtree', body: SetRouteBody, response: SetRouteResult,
    handler: ({ user, body, req }) => setRoute(db, { user, ip: req.ip }, body),
  });
}
