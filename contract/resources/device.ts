import { z } from 'zod';
import { DEVICE_STATES, SaveDevice } from '../device-admin';
import { DeviceListItem } from '../devices';
import { IntList, QueryId } from '../envelope';
import { Right } from '../rights';
import { KeywordFilter } from './filters';
import { defineResource, FlagFilter } from './kit';

/**
 * The filters of the device list (GET /api/t_device, contract/devices.ts DeviceListQuery):
 * keyword (name or code), project, model, state, gateway, device types, and `iot=1` for the IoT
 * devices (DTUs, relays, RoLa gateways: nv_iot_device).
 */
export const DeviceFilter = KeywordFilter.extend({
  projectId: QueryId.optional(),
  deviceModelId: QueryId.optional(),
  state: z.coerce.number().int().min(0).max(2).optional(),
  gatewayId: QueryId.optional(),
  deviceTypeId: IntList.optional(),
  iot: FlagFilter,
});

const stateOptions = { values: DEVICE_STATES.map((s) => ({ value: s.value, label: s.label, tone: s.tone })) };

/**
 * Devices (设备列表 /nv_iot/nv_iot_device_list, 物联网设备 /nv_iot/nv_iot_device) for the console's
 * kit. Devices belong to projects, so the data scope is the project's (`scope.kind: 'project'`):
 * the kit's generic server does not serve them — server/routes/devices/ does, in the kit's shapes
 * (list, {id}, save, del/{id}, names) plus the family's own calls (contract/device-admin.ts).
 */
export const deviceResource = defineResource({
  name: 't_device',
  table: 't_device',
  title: { zh: '设备', en: 'Devices' },
  noun: { zh: '设备', en: 'device' },
  row: DeviceListItem,
  save: SaveDevice,
  filter: DeviceFilter,
  columns: [
    { name: 'name', label: { zh: '设备名称', en: 'Name' }, sortable: true },
    { name: 'code', label: { zh: '设备编码', en: 'Code' }, sortable: true },
    { name: 'state', label: { zh: '状态', en: 'State' }, options: stateOptions, sortable: true, width: 88 },
    { name: 'projectName', label: { zh: '所属项目', en: 'Project' } },
    { name: 'deviceModelName', label: { zh: '设备型号', en: 'Model' } },
    { name: 'deviceTypeId', label: { zh: '设备类型', en: 'Device type' }, kind: 'ref', options: { names: 't_device_type' } },
    { name: 'gatewayName', label: { zh: '网关', en: 'Gateway' } },
    { name: 'iotId', label: { zh: '物联网ID', en: 'IoT id' } },
    { name: 'iccid', label: { zh: 'ICCID', en: 'ICCID' } },
    { name: 'lastSeenAt', label: { zh: '最后通讯', en: 'Last seen' }, kind: 'datetime', sortable: true },
  ],
  fields: [
    { name: 'name', label: { zh: '设备名称', en: 'Name' }, kind: 'text' },
    { name: 'code', label: { zh: '设备编码', en: 'Code' }, kind: 'text', help: { zh: '字母、数字、_、. 和 -，全局唯一', en: 'Letters, digits, _, . and -; unique' } },
    { name: 'projectId', label: { zh: '所属项目', en: 'Project' }, kind: 'select', options: { names: 't_project' } },
    { name: 'deviceModelId', label: { zh: '设备型号', en: 'Model' }, kind: 'select', options: { names: 't_device_model' },
      help: { zh: '设备类型随型号', en: 'The device type is the model\'s' } },
    { name: 'gatewayId', label: { zh: '网关', en: 'Gateway' }, kind: 'select', help: { zh: '所属项目的网关', en: 'A gateway of the device\'s project' } },
    { name: 'iotId', label: { zh: '物联网ID', en: 'IoT id' }, kind: 'text' },
    { name: 'iccid', label: { zh: 'ICCID', en: 'ICCID' }, kind: 'text', help: { zh: '4G 设备的 SIM 卡号，19–20 位数字', en: 'The SIM card of a 4G device: 19 or 20 digits' } },
    { name: 'installDate', label: { zh: '安装日期', en: 'Install date' }, kind: 'number' },
    { name: 'lng', label: { zh: '经度', en: 'Longitude' }, kind: 'number' },
    { name: 'lat', label: { zh: '纬度', en: 'Latitude' }, kind: 'number' },
  ],
  filters: [
    { name: 'keyword', label: { zh: '名称/编码', en: 'Name or code' }, kind: 'keyword' },
    { name: 'projectId', label: { zh: '项目', en: 'Project' }, kind: 'select', options: { names: 't_project' } },
    { name: 'deviceModelId', label: { zh: '型号', en: 'Model' }, kind: 'select', options: { names: 't_device_model' } },
    { name: 'state', label: { zh: '状态', en: 'State' }, kind: 'select', options: stateOptions },
  ],
  rights: { preview: Right.DevicePreview, edit: Right.DeviceEdit, delete: Right.DeviceDelete },
  scope: { kind: 'project' },
  search: ['name', 'code'],
  unique: ['code'],
  label: 'name',
  defaultSort: 'id',
  createdAt: true,
});
