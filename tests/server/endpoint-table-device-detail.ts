import { Right } from '../../contract/rights';
import type { EndpointCase, MatrixContext } from './endpoint-table';

/** A device of the operator's first project (上海张江, P-SH-01): every caller with device-preview sees it. */
async function operatorDevice(ctx: MatrixContext): Promise<number> {
  const row = await ctx.server.database.db.selectFrom('t_device as d').innerJoin('t_project as p', 'p.id', 'd.project_id')
    .select('d.id').where('p.code', '=', 'P-SH-01').orderBy('d.id').executeTakeFirstOrThrow();
  return row.id;
}

/** The device detail and online-data pages (issue 19, server/routes/device-detail/) for the rights matrix of endpoint-table.ts. */
export const DEVICE_DETAIL_ENDPOINTS: EndpointCase[] = [
  { method: 'GET', route: '/api/t_device/detail/:id', access: Right.DevicePreview,
    call: async (ctx) => ({ url: `/api/t_device/detail/${await operatorDevice(ctx)}` }) },
  { method: 'GET', route: '/api/t_device/alarms', access: Right.DevicePreview,
    call: async (ctx) => ({ url: `/api/t_device/alarms?deviceId=${await operatorDevice(ctx)}&Page=1&Size=5` }) },
  { method: 'GET', route: '/api/t_history_online/availability', access: Right.DevicePreview,
    call: async (ctx) => ({ url: `/api/t_history_online/availability?deviceId=${await operatorDevice(ctx)}&from=${Date.now() - 86_400_000}&to=${Date.now()}&step=day&tzOffset=480` }) },
];
