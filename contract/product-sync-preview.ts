import { z } from 'zod';
import { QueryId } from './envelope';

/**
 * GET /api/t_product_sync/preview?deviceModelId=: what POST /api/t_product_sync/start would send
 * now, without sending it — the confirm of 产品同步 says how many devices and gateways get the
 * table. The devices are those of the model the caller sees, as start takes them.
 */
export const ProductSyncPreviewQuery = z.object({ deviceModelId: QueryId });

export const ProductSyncPreview = z.object({
  deviceModelId: z.number().int(),
  deviceModelName: z.string(),
  /** Collected measure points of the table (measure type other than not-collected). */
  measureCount: z.number().int(),
  devices: z.number().int(),
  /** Distinct gateways the devices are reached through: one config command each. */
  gateways: z.number().int(),
  /** Devices without a gateway: recorded failed at once (设备未接入网关). */
  withoutGateway: z.number().int(),
});
export type ProductSyncPreview = z.infer<typeof ProductSyncPreview>;
