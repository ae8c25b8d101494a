import { Right } from '../../contract/rights';
import type { EndpointCase, MatrixContext } from './endpoint-table';

/** An alarm of the operator's Shanghai project (the demo's, or one made for the matrix). */
async function shanghaiAlarmId(ctx: MatrixContext): Promise<number> {
  const db = ctx.server.database.db;
  const project = await db.selectFrom('t_project').select('id').where('code', '=', 'P-SH-01').executeTakeFirstOrThrow();
  const found = await db.selectFrom('t_history_measure_warning').select('id').where('project_id', '=', project.id).orderBy('id').executeTakeFirst();
  if (found) return found.id;
  const point = await db.selectFrom('t_device as d').innerJoin('t_measure as m', 'm.device_model_id', 'd.device_model_id')
    .select(['d.id as deviceId', 'm.id as measureId']).where('d.project_id', '=', project.id).orderBy('d.id').executeTakeFirstOrThrow();
  return (await db.insertInto('t_history_measure_warning').values({
    device_id: point.deviceId, measure_id: point.measureId, project_id: project.id, condition_type: 4, condition_val1: 450,
    sample_value: 460, content: '阻力当前值460Pa，大于设定值450Pa', raised_at: Date.now(), cleared_at: Date.now(),
  }).returning('id').executeTakeFirstOrThrow()).id;
}

/** An alarm's delivery log (issue 19, server/routes/alarm-notifications/) for the rights matrix of endpoint-table.ts. */
export const ALARM_NOTIFICATION_ENDPOINTS: EndpointCase[] = [
  { method: 'GET', route: '/api/t_alarm_notification', access: Right.HistoryAlarmPreview,
    call: async (ctx) => ({ url: `/api/t_alarm_notification?alarmId=${await shanghaiAlarmId(ctx)}` }) },
];
