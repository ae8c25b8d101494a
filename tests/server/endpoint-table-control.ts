import { Right } from '../../contract/rights';
import { md5, type EndpointCase, type MatrixContext } from './endpoint-table';

/** The operator's project 上海张江 (P-SH-01): its gateway and its first purifier (NV-AP900) with the fan frequency set-point. */
async function purifier(ctx: MatrixContext): Promise<{ gatewayId: number; deviceId: number; measureId: number; projectId: number }> {
  return ctx.server.database.db.selectFrom('t_device as d').innerJoin('t_project as p', 'p.id', 'd.project_id')
    .innerJoin('t_measure as m', 'm.device_model_id', 'd.device_model_id')
    .select(['d.gateway_id as gatewayId', 'd.id as deviceId', 'm.id as measureId', 'p.id as projectId'])
    .where('p.code', '=', 'P-SH-01').where('m.name', '=', '风机频率设定').where('d.gateway_id', 'is not', null)
    .orderBy('d.id').executeTakeFirstOrThrow() as Promise<{ gatewayId: number; deviceId: number; measureId: number; projectId: number }>;
}

/** Gateways and remote control (issue 18): server/routes/gateways/ and server/routes/devices/device-control-routes.ts. */
export const CONTROL_ENDPOINTS: EndpointCase[] = [
  { method: 'GET', route: '/api/t_gateway', access: Right.DevicePreview, call: () => ({ url: '/api/t_gateway?Page=1&Size=5' }) },
  { method: 'GET', route: '/api/t_gateway/:id', access: Right.DevicePreview,
    call: async (ctx) => ({ url: `/api/t_gateway/${(await purifier(ctx)).gatewayId}` }) },
  { method: 'GET', route: '/api/t_gateway/measureIdName/:id', access: Right.DevicePreview,
    call: async (ctx) => ({ url: `/api/t_gateway/measureIdName/${(await purifier(ctx)).gatewayId}` }) },
  { method: 'GET', route: '/api/t_gateway/config/preview/:id', access: Right.DevicePreview,
    call: async (ctx) => ({ url: `/api/t_gateway/config/preview/${(await purifier(ctx)).gatewayId}` }) },
  { method: 'POST', route: '/api/t_gateway/refresh', access: Right.DeviceEdit,
    call: async (ctx) => ({ url: '/api/t_gateway/refresh', body: { id: (await purifier(ctx)).gatewayId } }) },
  { method: 'POST', route: '/api/t_gateway/restart', access: Right.DeviceControl,
    call: async (ctx) => ({ url: '/api/t_gateway/restart', body: { id: (await purifier(ctx)).gatewayId, password: md5(ctx.caller.password) } }) },

  { method: 'GET', route: '/api/t_device/control-points/:id', access: Right.DeviceControl,
    call: async (ctx) => ({ url: `/api/t_device/control-points/${(await purifier(ctx)).deviceId}` }) },
  { method: 'POST', route: '/api/t_device/control', access: Right.DeviceControl,
    call: async (ctx) => {
      const { deviceId, measureId } = await purifier(ctx);
      return { url: '/api/t_device/control', body: { deviceId, measureId, value: 30, password: md5(ctx.caller.password) } };
    } },
  { method: 'GET', route: '/api/t_device/states', access: Right.DevicePreview,
    call: async (ctx) => ({ url: `/api/t_device/states?projectId=${(await purifier(ctx)).projectId}` }) },
  { method: 'POST', route: '/api/t_device/refresh-state/:id', access: Right.DeviceEdit,
    call: async (ctx) => ({ url: `/api/t_device/refresh-state/${(await purifier(ctx)).deviceId}` }) },
  { method: 'POST', route: '/api/t_device/sync-state', access: Right.DeviceEdit,
    call: async (ctx) => ({ url: '/api/t_device/sync-state', body: { projectId: (await purifier(ctx)).projectId } }) },
  // Routed through the gateway it is on already: nothing changes, every caller succeeds.
  { method: 'POST', route: '/api/t_device/set-route', access: Right.DeviceEdit,
    call: async (ctx) => {
      const { deviceId, gatewayId } = await purifier(ctx);
      return { url: '/api/t_device/set-route', body: { ids: [deviceId], gatewayId } };
    } },
];
