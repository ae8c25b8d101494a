import { z } from 'zod';
import { IntList, PageQuery, QueryId, paged } from './envelope';

/** The orders GET /api/t_device takes (`sort`): a column, `-` first for descending. */
export const DEVICE_SORTS = ['id', 'name', 'code', 'state', 'lastSeenAt'] as const;
export const DeviceSort = z.enum(DEVICE_SORTS.flatMap((s) => [s, `-${s}`]) as [string, ...string[]]);

/**
 * GET /api/t_device: the paged device list, within the caller's data scope. Filters combine (and):
 * project, model, gateway, state, device types (`deviceTypeId=1,3,4`), `iot=1` (the IoT devices:
 * device types 1, 3, 4) or `iot=0` (the others), and a keyword (part of the name or code).
 */
export const DeviceListQuery = PageQuery.extend({
  projectId: QueryId.optional(),
  deviceModelId: QueryId.optional(),
  gatewayId: QueryId.optional(),
  /** 0 offline, 1 online, 2 alarm (SPEC §3). */
  state: z.coerce.number().int().min(0).max(2).optional(),
  deviceTypeId: IntList.optional(),
  iot: z.coerce.number().int().min(0).max(1).optional(),
  /** Part of the name or code. */
  keyword: z.string().trim().max(64).optional(),
  /** Default: `id` (the order of creation). */
  sort: DeviceSort.optional(),
});
export type DeviceListQuery = z.input<typeof DeviceListQuery>;

/**
 * A device as every device call answers it (the list, `{id}`, save, copy). `version` counts its
 * changes (a save must name the version it read: stale → 409).
 */
export const DeviceListItem = z.object({
  id: z.number().int(),
  version: z.number().int(),
  name: z.string(),
  code: z.string(),
  projectId: z.number().int().nullable(),
  projectName: z.string(),
  deviceModelId: z.number().int(),
  deviceModelName: z.string(),
  deviceTypeId: z.number().int(),
  gatewayId: z.number().int().nullable(),
  gatewayName: z.string(),
  iotId: z.string(),
  iccid: z.string(),
  state: z.number().int(),
  /** Epoch ms of the last data, or null when it never sent any. */
  lastSeenAt: z.number().int().nullable(),
  /** Epoch ms of the installation day, or null. */
  installDate: z.number().int().nullable(),
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  createdAt: z.number().int(),
});
export type DeviceListItem = z.infer<typeof DeviceListItem>;
export const DevicePage = paged(DeviceListItem);
