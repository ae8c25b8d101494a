import { sql, type Kysely } from 'kysely';
import type { LoginStat } from '../../../contract/resources/application-stats';
import type { DB } from '../../db/schema';

const DAY_MS = 86_400_000;
const APP_TARGET = /^t_application#(\d+)$/;

/** The day (yyyy-mm-dd) of a day number counted from the epoch. */
const dayText = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/**
 * Sign-ins per application and day from the login lines of the operation log (a sign-in names its
 * application as the line's target; failed attempts are not sign-ins). t_session cannot say it:
 * sessions are pruned a day after they end.
 */
export async function loginStats(db: Kysely<DB>, days: number, tzOffsetMin: number, now = Date.now()): Promise<LoginStat[]> {
  const offset = -tzOffsetMin * 60_000;
  const today = Math.floor((now + offset) / DAY_MS);
  const since = (today - days + 1) * DAY_MS - offset;
  // The offset is a validated integer: written into the SQL, so the select and group-by expressions are the same text.
  const day = sql<number>`cast((created_at + ${sql.lit(offset)}) / ${sql.lit(DAY_MS)} as integer)`;
  const rows = await db.selectFrom('t_history_log')
    .select((eb) => ['target', day.as('day'), eb.fn.countAll<number>().as('count')])
    .where('action', '=', 'login').where('detail', '!=', 'failed').where('created_at', '>=', since)
    .groupBy(['target', day]).execute();
  const merged = new Map<string, LoginStat>();
  for (const row of rows) {
    const appId = APP_TARGET.exec(row.target)?.[1];
    const stat = { appId: appId === undefined ? null : Number(appId), day: dayText(Number(row.day)), count: 0 };
    const key = `${stat.appId}|${stat.day}`;
    const into = merged.get(key) ?? stat;
    into.count += Number(row.count);
    merged.set(key, into);
  }
  return [...merged.values()].sort((a, b) => a.day.localeCompare(b.day) || (a.appId ?? 0) - (b.appId ?? 0));
}
