import { Right } from '../../contract/rights';
import type { EndpointCase, MatrixContext } from './endpoint-table';

/** The operator's Shanghai project. */
async function shanghai(ctx: MatrixContext): Promise<number> {
  return (await ctx.server.database.db.selectFrom('t_project').select('id').where('code', '=', 'P-SH-01').executeTakeFirstOrThrow()).id;
}

/** The content that marks the matrix's own alarms. */
const MATRIX_CONTENT = '矩阵告警：阻力当前值460Pa，大于设定值450Pa';
let made = 0;

/**
 * Makes alarms of the Shanghai project for the calls of one matrix test (an alarm is dealt with or
 * acknowledged once, and a call itself must write nothing but its effect): history rows (cleared,
 * for dealing) or, with `open`, real alarms on points without one and their open history rows.
 */
async function makeAlarms(ctx: MatrixContext, open: boolean, count = 3): Promise<void> {
  const db = ctx.server.database.db;
  const projectId = await shanghai(ctx);
  const points = await db.selectFrom('t_device as d').innerJoin('t_measure as m', 'm.device_model_id', 'd.device_model_id')
    .leftJoin('t_real_measure_warning as w', (j) => j.onRef('w.device_id', '=', 'd.id').onRef('w.measure_id', '=', 'm.id'))
    .select(['d.id as deviceId', 'm.id as measureId']).where('d.project_id', '=', projectId).where('w.id', 'is', null)
    .orderBy('d.id').orderBy('m.id').limit(count).execute();
  if (points.length < count) throw new Error('the Shanghai project has too few points free of alarms');
  for (const point of points) {
    const now = Date.now() - 60_000 + (made++);
    const row = {
      device_id: point.deviceId, measure_id: point.measureId, project_id: projectId, condition_type: 4, condition_val1: 450,
      sample_value: 460, content: MATRIX_CONTENT, raised_at: now,
    };
    await db.insertInto('t_history_measure_warning').values({ ...row, cleared_at: open ? null : now + 1 }).execute();
    if (open) await db.insertInto('t_real_measure_warning').values(row).execute();
  }
}

/** One of the alarms `makeAlarms` made that is still to deal with (history id) or, with `open`, to acknowledge (real id). */
async function matrixAlarm(ctx: MatrixContext, open: boolean): Promise<number> {
  const db = ctx.server.database.db;
  if (!open) {
    return (await db.selectFrom('t_history_measure_warning').select('id').where('content', '=', MATRIX_CONTENT)
      .where('cleared_at', 'is not', null).where('dealed_at', 'is', null).orderBy('id').executeTakeFirstOrThrow()).id;
  }
  return (await db.selectFrom('t_real_measure_warning as w')
    .innerJoin('t_history_measure_warning as h', (j) => j.onRef('h.device_id', '=', 'w.device_id').onRef('h.measure_id', '=', 'w.measure_id')
      .onRef('h.raised_at', '=', 'w.raised_at'))
    .select('w.id').where('w.content', '=', MATRIX_CONTENT).where('h.acked_at', 'is', null).orderBy('w.id').executeTakeFirstOrThrow()).id;
}

/** The intelligent alarm pages (issue 19, server/routes/alarms/) for the rights matrix of endpoint-table.ts. */
export const ALARM_PAGE_ENDPOINTS: EndpointCase[] = [
  { method: 'GET', route: '/api/t_real_measure_warning', access: 'signed-in',
    call: () => ({ url: '/api/t_real_measure_warning?Page=1&Size=5&order=level&warnLevel=2&ack=unacked' }) },
  { method: 'GET', route: '/api/t_real_measure_warning/count', access: 'signed-in', call: () => ({ url: '/api/t_real_measure_warning/count?appId=1' }) },
  { method: 'POST', route: '/api/t_real_measure_warning/ack', access: Right.AlarmDeal, prepare: (ctx) => makeAlarms(ctx, true),
    call: async (ctx) => ({ url: '/api/t_real_measure_warning/ack', body: { ids: [await matrixAlarm(ctx, true)] } }) },
  { method: 'GET', route: '/api/t_history_measure_warning', access: Right.HistoryAlarmPreview,
    call: () => ({ url: '/api/t_history_measure_warning?Page=1&Size=5&state=undealed' }) },
  { method: 'POST', route: '/api/t_history_measure_warning/deal', access: Right.AlarmDeal, prepare: (ctx) => makeAlarms(ctx, false),
    call: async (ctx) => ({ url: '/api/t_history_measure_warning/deal', body: { ids: [await matrixAlarm(ctx, false)], remark: '已更换滤网' } }) },
];
