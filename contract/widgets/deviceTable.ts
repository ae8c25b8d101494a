import { z } from 'zod';
import { liveSource, shortText } from './meta';

/** The columns a device table shows without a `columns` prop. */
export const DEFAULT_DEVICE_COLUMNS = ['name', 'model', 'state'] as const;
/** Columns the table labels itself (and formats: `state` a coloured dot, `lastSeen` a time). */
export const KNOWN_DEVICE_COLUMNS = ['name', 'model', 'project', 'state', 'lastSeen'] as const;

const column = z.string().trim().min(1, 'must not be blank').max(64);

/** Devices in rows, paging by itself when they do not fit. */
export const DeviceTableProps = z.strictObject({
  columns: z.array(column).min(1).max(12).default([...DEFAULT_DEVICE_COLUMNS]).meta({
    label: { zh: '列', en: 'Columns' },
    help: {
      zh: '数据字段名，按顺序；内置：name 名称、model 型号、project 项目、state 状态、lastSeen 最后上报',
      en: 'Data fields, in order; built in: name, model, project, state, lastSeen',
    },
  }),
  labels: z.record(
    z.string().min(1).max(64).meta({ label: { zh: '列', en: 'Column' } }),
    shortText(32).min(1, 'must not be blank').meta({ label: { zh: '表头', en: 'Heading' } }),
  ).optional().meta({
    label: { zh: '表头文字', en: 'Headings' },
    help: { zh: '覆盖列的默认表头', en: 'Override a column\'s default heading' },
  }),
  pageSeconds: z.number().min(2).max(3_600).default(10).meta({ label: { zh: '翻页间隔（秒）', en: 'Page every (s)' } }),
  live: liveSource(),
});
export type DeviceTableProps = z.infer<typeof DeviceTableProps>;

/** Devices: `id`, `name`, `state` (0 offline, 1 online, 2 alarm) and any fields the columns name. */
export const DeviceTableData = z.array(z.looseObject({ id: z.number().int(), name: z.string(), state: z.number().int() }))
  .meta({ description: 'Devices [{id, name, state, …the columns\' fields}], e.g. the list of GET /api/t_device' });
export type DeviceTableData = z.infer<typeof DeviceTableData>;
