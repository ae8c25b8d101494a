import { z } from 'zod';
import { PageQuery, QueryId, paged } from './envelope';

/** GET /api/t_device: the paged device list, within the caller's data scope. */
export const DeviceListQuery = PageQuery.extend({
  projectId: QueryId.optional(),
  /** 0 offline, 1 online, 2 alarm (SPEC §3). */
  state: z.coerce.number().int().min(0).max(2).optional(),
  /** Part of the name or code. */
  keyword: z.string().trim().max(64).optional(),
});

export const DeviceListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  projectId: z.number().int().nullable(),
  projectName: z.string(),
  deviceModelId: z.number().int(),
  deviceModelName: z.string(),
  deviceTypeId: z.number().int(),
  gatewayId: z.number().int().nullable(),
  iotId: z.string(),
  iccid: z.string(),
  state: z.number().int(),
  /** Epoch ms of the last data, or null when it never sent any. */
  lastSeenAt: z.number().int().nullable(),
  lng: z.number().nullable(),
  lat: z.number().nullable(),
});
export type DeviceListItem = z.infer<typeof DeviceListItem>;
export const DevicePage = paged(DeviceListItem);
