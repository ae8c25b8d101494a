import { z } from 'zod';
import { DEVICE_TYPE_LABELS, DeviceTypeId } from '../enums';
import { Right } from '../rights';
import { KeywordFilter } from './filters';
import { defineResource, RowBase } from './kit';

/**
 * A device type (设备类型), known everywhere by its id (t_device_model.device_type_id,
 * t_device.device_type_id, the selection state's devTypeId). The ten types of SPEC §3 are seeded
 * with their ids and can be renamed but never deleted; an administrator adds types of its own,
 * numbered by the server from {@link FIRST_CUSTOM_DEVICE_TYPE} on, deletable while no device model
 * or device is of them.
 */
export const DeviceTypeRow = RowBase.extend({ name: z.string() });
export type DeviceTypeRow = z.infer<typeof DeviceTypeRow>;

export const SaveDeviceType = z.object({ name: z.string().trim().min(1, 'name is required').max(64) });

/** The seeded types of SPEC §3: never deleted. */
export const BUILT_IN_DEVICE_TYPES: readonly number[] = Object.keys(DEVICE_TYPE_LABELS).map(Number);

/** The first id of a type an administrator adds (clear of SPEC §3's 1–4 and 2001–2006). */
export const FIRST_CUSTOM_DEVICE_TYPE = 10001;

/** The IoT device types (物联网产品, nv_iot_product): 4G-DTU, relay/terminal and RoLa gateway. */
export const IOT_DEVICE_TYPES: readonly number[] = [DeviceTypeId.Dtu4G, DeviceTypeId.RelayTerminal, DeviceTypeId.RoLaGateway];

export const deviceTypeResource = defineResource({
  name: 't_device_type',
  table: 't_device_type',
  title: { zh: '设备类型', en: 'Device types' },
  noun: { zh: '设备类型', en: 'device type' },
  row: DeviceTypeRow,
  save: SaveDeviceType,
  filter: KeywordFilter,
  columns: [
    { name: 'id', label: { zh: '类型编号', en: 'Number' }, kind: 'number', sortable: true, width: 120 },
    { name: 'name', label: { zh: '类型名称', en: 'Name' }, sortable: true },
  ],
  fields: [{ name: 'name', label: { zh: '类型名称', en: 'Name' }, kind: 'text' }],
  filters: [{ name: 'keyword', label: { zh: '名称', en: 'Name' }, kind: 'keyword' }],
  rights: { preview: Right.ProductPreview, edit: Right.ProductEdit },
  scope: { kind: 'global' },
  search: ['name'],
  unique: ['name'],
  references: [
    { table: 't_device_model', column: 'device_type_id', what: { zh: '设备型号', en: 'device models' } },
    { table: 't_device', column: 'device_type_id', what: { zh: '设备', en: 'devices' } },
  ],
  label: 'name',
  defaultSort: 'id',
});
