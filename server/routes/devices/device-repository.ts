import { sql, type Kysely } from 'kysely';
import type { DeviceListItem } from '../../../contract/devices';
import type { AuthUser } from '../../auth/auth-user';
import type { Dialect } from '../../db/columns';
import type { DB } from '../../db/schema';
import { visibleProjectFilter } from '../scope-filters';

export interface DeviceFilter {
  projectId?: number;
  state?: number;
  keyword?: string;
}

/** `50%_off` -> `%50\%\_off%`: the keyword matches literally, anywhere in the text. */
function likePattern(keyword: string): string {
  return `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The keyword as one FTS5 phrase: with the trigram tokenizer, a case-insensitive substring. */
const ftsPhrase = (keyword: string) => `"${keyword.replace(/"/g, '""')}"`;

/**
 * One page of the device list and the total, within the user's data scope. The page's ids come
 * from t_device alone (indexes on state and project), and only those rows are joined for names,
 * so a page costs the same over 100,000 devices as over 100. Keywords of 3 characters or more use
 * the trigram index on SQLite; shorter ones scan.
 */
export async function listDevices(
  db: Kysely<DB>, dialect: Dialect, user: AuthUser, filter: DeviceFilter, page: number, size: number,
): Promise<{ list: DeviceListItem[]; count: number }> {
  let q = db.selectFrom('t_device as d');
  if (!user.scope.all) {
    q = q.where('d.project_id', 'in', db.selectFrom('t_project as p').select('p.id').where(visibleProjectFilter(user, 'p.id', 'p.org_id')));
  }
  if (filter.projectId !== undefined) q = q.where('d.project_id', '=', filter.projectId);
  if (filter.state !== undefined) q = q.where('d.state', '=', filter.state);
  if (filter.keyword && dialect === 'sqlite' && [...filter.keyword].length >= 3) {
    // The trigram index of migration 003.
    q = q.where(sql<boolean>`d.id in (select rowid from t_device_search where t_device_search match ${ftsPhrase(filter.keyword)})`);
  } else if (filter.keyword) {
    // SQLite's LIKE ignores ASCII case already (and lower() would cost a scan four times over).
    const like = likePattern(filter.keyword);
    q = q.where(dialect === 'sqlite'
      ? sql<boolean>`(d.name like ${like} escape '\\' or d.code like ${like} escape '\\')`
      : sql<boolean>`(lower(d.name) like ${like} escape '\\' or lower(d.code) like ${like} escape '\\')`);
  }
  const [{ count }] = await q.select((eb) => eb.fn.countAll<number>().as('count')).execute();
  const ids = (await q.select('d.id').orderBy('d.id').limit(size).offset((page - 1) * size).execute()).map((r) => r.id);
  if (!ids.length) return { list: [], count: Number(count) };
  const rows = await db.selectFrom('t_device as d')
    .leftJoin('t_project as p', 'p.id', 'd.project_id')
    .innerJoin('t_device_model as m', 'm.id', 'd.device_model_id')
    .select(['d.id', 'd.name', 'd.code', 'd.project_id', 'p.name as project_name', 'd.device_model_id', 'm.name as model_name',
      'd.device_type_id', 'd.gateway_id', 'd.iot_id', 'd.iccid', 'd.state', 'd.last_seen_at', 'd.lng', 'd.lat'])
    .where('d.id', 'in', ids).orderBy('d.id').execute();
  return {
    count: Number(count),
    list: rows.map((r) => ({
      id: r.id, name: r.name, code: r.code, projectId: r.project_id, projectName: r.project_name ?? '',
      deviceModelId: r.device_model_id, deviceModelName: r.model_name, deviceTypeId: r.device_type_id, gatewayId: r.gateway_id,
      iotId: r.iot_id, iccid: r.iccid, state: r.state, lastSeenAt: r.last_seen_at === null ? null : Number(r.last_seen_at),
      lng: r.lng, lat: r.lat,
    })),
  };
}
