import { z } from 'zod';
import { LogAction } from './enums';
import { PageQuery, QueryId } from './envelope';
import type { Text } from './resources/kit';

/**
 * The operation log (t_history_log) as the log pages read it (SPEC §2: /nv_log my own lines,
 * /nv_sys_log everyone's): every sign-in and every change the server audits.
 */

/** The actions of SPEC §3 with their labels (the filter's select, the list's cells, the export). */
export const LOG_ACTIONS: readonly { value: LogAction; label: Text }[] = [
  { value: LogAction.Login, label: { zh: '登录', en: 'Sign-in' } },
  { value: LogAction.Add, label: { zh: '新增', en: 'Add' } },
  { value: LogAction.Edit, label: { zh: '修改', en: 'Edit' } },
  { value: LogAction.Delete, label: { zh: '删除', en: 'Delete' } },
  { value: LogAction.RemoteControl, label: { zh: '远程控制', en: 'Remote control' } },
  { value: LogAction.Backup, label: { zh: '备份', en: 'Backup' } },
  { value: LogAction.Restore, label: { zh: '恢复', en: 'Restore' } },
];

/** GET /api/t_history_log/action. */
export const LogActionList = z.array(z.object({
  value: z.string(),
  label: z.object({ zh: z.string(), en: z.string() }),
}));

/** One line of the log. `detail` is text: a change's `{"before":…,"after":…}` JSON, or a word (`ok`, `failed`). */
export const LogLine = z.object({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  username: z.string(),
  action: z.string(),
  target: z.string(),
  detail: z.string(),
  ip: z.string(),
  createdAt: z.number(),
});
export type LogLine = z.infer<typeof LogLine>;

/** The largest page a log list answers (the export reads the whole filtered list page by page). */
export const LOG_MAX_PAGE_SIZE = 200;

const EpochMs = z.coerce.number().int().min(0).max(8_640_000_000_000_000);
const ACTION_VALUES = LOG_ACTIONS.map((a) => a.value) as [LogAction, ...LogAction[]];

/** The filters of my own lines (GET /api/t_history_log/mine): action, time range (epoch ms, inclusive), target keyword. */
export const MyLogFilter = z.object({
  action: z.enum(ACTION_VALUES).optional(),
  from: EpochMs.optional(),
  to: EpochMs.optional(),
  target: z.string().trim().max(128).optional(),
});

/** Everyone's lines (GET /api/t_history_log): also by user id and a username keyword. */
export const LogFilter = MyLogFilter.extend({
  userId: QueryId.optional(),
  username: z.string().trim().max(64).optional(),
});

const fromNotAfterTo = (q: { from?: number; to?: number }) => q.from === undefined || q.to === undefined || q.from <= q.to;
const paging = { Size: PageQuery.shape.Size.pipe(z.number().max(LOG_MAX_PAGE_SIZE)) };

export const MyLogQuery = PageQuery.extend(MyLogFilter.shape).extend(paging)
  .refine(fromNotAfterTo, { path: ['to'], message: 'to must not be before from' });
export const LogQuery = PageQuery.extend(LogFilter.shape).extend(paging)
  .refine(fromNotAfterTo, { path: ['to'], message: 'to must not be before from' });
export type LogQuery = z.infer<typeof LogQuery>;

export const LogPage = z.object({ list: z.array(LogLine), count: z.number().int().min(0) });
