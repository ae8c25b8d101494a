import { z } from 'zod';
import { Id, IntList, QueryId } from '../envelope';
import { UPLOAD_CATEGORIES } from '../files';
import { Right } from '../rights';
import { IOT_DEVICE_TYPES } from './device-type';
import { KeywordFilter } from './filters';
import { defineResource, FlagFilter, RowBase } from './kit';

/**
 * A stored upload's address as POST /api/file answers it (`/api/files/<category>/<name>`): the only
 * picture a device model takes, so the console shows it from this server and nowhere else.
 */
export const UPLOADED_FILE_PATH = new RegExp(`^/api/files/(${UPLOAD_CATEGORIES.join('|')})/[a-f0-9]{32}\\.(png|jpg|gif|webp)$`);

/**
 * A product (设备型号, 产品列表 / 物联网产品): what devices are made of — device type (SPEC §3),
 * manufacturer, category and a picture; its measure points (t_measure) are a family of their own.
 * `picture` is '' or an upload's path (see {@link UPLOADED_FILE_PATH}), which must be a stored file.
 */
export const DeviceModelRow = RowBase.extend({
  name: z.string(),
  code: z.string(),
  deviceTypeId: z.number().int(),
  manufactorId: z.number().int().nullable(),
  categoryId: z.number().int().nullable(),
  picture: z.string(),
  remark: z.string(),
  createdAt: z.number(),
});
export type DeviceModelRow = z.infer<typeof DeviceModelRow>;

export const SaveDeviceModel = z.object({
  name: z.string().trim().min(1, 'name is required').max(64),
  code: z.string().trim().min(1, 'code is required').max(64).regex(/^[A-Za-z0-9_.-]+$/, 'code may hold letters, digits, _, . and -'),
  deviceTypeId: Id,
  manufactorId: Id.nullable().default(null),
  categoryId: Id.nullable().default(null),
  picture: z.union([z.literal(''), z.string().regex(UPLOADED_FILE_PATH, 'picture must be an image uploaded through /api/file')]).default(''),
  remark: z.string().trim().max(256).default(''),
});

/**
 * The list's filters beyond the keyword (name or code):
 * - `deviceTypeId=2001` or `deviceTypeId=1,3,4`: the models of any of these device types;
 * - `iot=1`: the IoT products (device types {@link IOT_DEVICE_TYPES}, nv_iot_product); `iot=0`: the
 *   others (nv_product_list); absent: all;
 * - `manufactorId`, `categoryId`: of that manufacturer / category (exactly, not its sub-categories).
 */
export const DeviceModelFilter = KeywordFilter.extend({
  deviceTypeId: IntList.optional(),
  iot: FlagFilter,
  manufactorId: QueryId.optional(),
  categoryId: QueryId.optional(),
});

export const deviceModelResource = defineResource({
  name: 't_device_model',
  table: 't_device_model',
  title: { zh: '产品', en: 'Products' },
  noun: { zh: '设备型号', en: 'device model' },
  row: DeviceModelRow,
  save: SaveDeviceModel,
  filter: DeviceModelFilter,
  columns: [
    { name: 'picture', label: { zh: '图片', en: 'Picture' }, kind: 'image', width: 72 },
    { name: 'name', label: { zh: '型号名称', en: 'Name' }, sortable: true },
    { name: 'code', label: { zh: '型号编码', en: 'Code' }, sortable: true },
    { name: 'deviceTypeId', label: { zh: '设备类型', en: 'Device type' }, kind: 'ref', options: { names: 't_device_type' }, sortable: true },
    { name: 'manufactorId', label: { zh: '厂家', en: 'Manufacturer' }, kind: 'ref', options: { names: 't_manufactor' } },
    { name: 'categoryId', label: { zh: '产品分类', en: 'Category' }, kind: 'ref', options: { names: 't_device_category' } },
    { name: 'remark', label: { zh: '备注', en: 'Remark' } },
    { name: 'createdAt', label: { zh: '创建时间', en: 'Created' }, kind: 'datetime', sortable: true },
  ],
  fields: [
    { name: 'name', label: { zh: '型号名称', en: 'Name' }, kind: 'text' },
    { name: 'code', label: { zh: '型号编码', en: 'Code' }, kind: 'text' },
    { name: 'deviceTypeId', label: { zh: '设备类型', en: 'Device type' }, kind: 'select', options: { names: 't_device_type' } },
    { name: 'manufactorId', label: { zh: '厂家', en: 'Manufacturer' }, kind: 'select', options: { names: 't_manufactor' } },
    { name: 'categoryId', label: { zh: '产品分类', en: 'Category' }, kind: 'select', options: { names: 't_device_category' } },
    { name: 'picture', label: { zh: '产品图片', en: 'Picture' }, kind: 'image',
      help: { zh: 'PNG、JPEG、GIF 或 WebP，不超过 2MB', en: 'PNG, JPEG, GIF or WebP, at most 2 MB' } },
    { name: 'remark', label: { zh: '备注', en: 'Remark' }, kind: 'textarea' },
  ],
  filters: [
    { name: 'keyword', label: { zh: '名称/编码', en: 'Name or code' }, kind: 'keyword' },
    { name: 'deviceTypeId', label: { zh: '设备类型', en: 'Device type' }, kind: 'select', options: { names: 't_device_type' } },
    { name: 'manufactorId', label: { zh: '厂家', en: 'Manufacturer' }, kind: 'select', options: { names: 't_manufactor' } },
    { name: 'categoryId', label: { zh: '产品分类', en: 'Category' }, kind: 'select', options: { names: 't_device_category' } },
  ],
  rights: { preview: Right.ProductPreview, edit: Right.ProductEdit },
  scope: { kind: 'global' },
  search: ['name', 'code'],
  unique: ['code'],
  references: [
    { table: 't_device', column: 'device_model_id', what: { zh: '设备', en: 'devices' } },
    { table: 't_measure', column: 'device_model_id', what: { zh: '测点', en: 'measure points' } },
    { table: 't_upgrade_file', column: 'device_model_id', what: { zh: '固件', en: 'firmware files' } },
  ],
  label: 'name',
  defaultSort: 'id',
  createdAt: true,
  setFilters: { iot: { field: 'deviceTypeId', values: IOT_DEVICE_TYPES } },
});
