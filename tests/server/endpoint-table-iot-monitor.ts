import { Right } from '../../contract/rights';
import type { EndpointCase, MatrixContext } from './endpoint-table';

/** The model of the operator's filters (NV-F600): every caller's preview has devices to count. */
async function filterModelId(ctx: MatrixContext): Promise<number> {
  const row = await ctx.server.database.db.selectFrom('t_device_model').select('id').where('code', '=', 'NV-F600').executeTakeFirstOrThrow();
  return row.id;
}

/** 物联网监控 and the product sync preview (issue 17, server/routes/iot-monitor/) for the rights matrix of endpoint-table.ts. */
export const IOT_MONITOR_ENDPOINTS: EndpointCase[] = [
  { method: 'GET', route: '/api/t_device/iot-monitor', access: Right.DevicePreview, call: () => ({ url: '/api/t_device/iot-monitor?Page=1&Size=5' }) },
  { method: 'GET', route: '/api/t_product_sync/preview', access: Right.ProductEdit,
    call: async (ctx) => ({ url: `/api/t_product_sync/preview?deviceModelId=${await filterModelId(ctx)}` }) },
];
