import { sql, type Kysely } from 'kysely';
import type { DeviceCount } from '../../../contract/device-admin';
import type { DeviceListItem } from '../../../contract/devices';
import type { NameItem } from '../../../contract/envelope';
import { IOT_DEVICE_TYPES } from '../../../contract/resources/device-type';
import type { AuthUser } from '../../auth/auth-user';
import type { Dialect } from '../../db/columns';
import type { DB } from '../../db/schema';
import { likePattern } from '../../resources/resource-repository';
import { visibleProjectFilter } from '../../auth/scope-filters';

export interface DeviceFilter {
  projectId?: number;
  deviceModelId?: number;
  gatewayId?: number;
  state?: number;
  deviceTypeId?: number[];
  iot?: number;
  keyword?: string;
  /** A column of DEVICE_SORTS, `-` first for descending; default `id`. */
  sort?: string;
}

/** The keyword as one FTS5 phrase: with the trigram tokenizer, a case-insensitive substring. */
const ftsPhrase = (keyword: string) => `"${keyword.replace(/"/g, '""')}"`;

const SORT_COLUMNS = {
  id: 'd.id', name: 'd.name', code: 'd.code', state: 'd.state', lastSeenAt: 'd.last_seen_at',
} as const;

/** The devices a user sees: those of projects in the data scope (all of them, project or not, for VAll). */
function visibleDevices(db: Kysely<DB>, user: AuthUser) {
  const q = db.selectFrom('t_device as d');
  if (user.scope.all) return q;
  return q.where('d.project_id', 'in', db.selectFrom('t_project as p').select('p.id').where(visibleProjectFilter(user, 'p.id', 'p.org_id')));
}

/**
 * One page of the device list and the total, within the user's data scope. The page's ids come
 * from t_device alone (indexes on state and project), and only those rows are joined for names,
 * so a page costs the same over 100,000 devices as over 100. Keywords of 3 characters or more use
 * the trigram index on SQLite; shorter ones scan.
 */
export async function listDevices(
  db: Kysely<DB>, dialect: Dialect, user: AuthUser, filter: DeviceFilter, page: number, size: number,
): Promise<{ list: DeviceListItem[]; count: number }> {
  let q = visibleDevices(db, user);
  if (filter.projectId !== undefined) q = q.where('d.project_id', '=', filter.projectId);
  if (filter.deviceModelId !== undefined) q = q.where('d.device_model_id', '=', filter.deviceModelId);
  if (filter.gatewayId !== undefined) q = q.where('d.gateway_id', '=', filter.gatewayId);
  if (filter.state !== undefined) q = q.where('d.state', '=', filter.state);
  if (filter.deviceTypeId?.length) q = q.where('d.device_type_id', 'in', filter.deviceTypeId);
  if (filter.iot !== undefined) q = q.where('d.device_type_id', filter.iot === 1 ? 'in' : 'not in', [...IOT_DEVICE_TYPES]);
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
  const sort = filter.sort ?? 'id';
  const desc = sort.startsWith('-');
  const column = SORT_COLUMNS[sort.replace(/^-/, '') as keyof typeof SORT_COLUMNS] ?? SORT_COLUMNS.id;
  let ordered = q.select('d.id').orderBy(column, desc ? 'desc' : 'asc');
  if (column !== SORT_COLUMNS.id) ordered = ordered.orderBy('d.id', desc ? 'desc' : 'asc');
  const ids = (await ordered.limit(size).offset((page - 1) * size).execute()).map((r) => r.id);
  return { count: Number(count), list: await devicesByIds(db, ids) };
}

/** The devices of `ids` with their project, model and gateway names, in the order of `ids`. */
export async function devicesByIds(db: Kysely<DB>, ids: readonly number[]): Promise<DeviceListItem[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom('t_device as d')
    .leftJoin('t_project as p', 'p.id', 'd.project_id')
    .innerJoin('t_device_model as m', 'm.id', 'd.device_model_id')
    .leftJoin('t_gateway as g', 'g.id', 'd.gateway_id')
    .select(['d.id', 'd.version', 'd.name', 'd.code', 'd.project_id', 'p.name as project_name', 'd.device_model_id', 'm.name as model_name',
      'd.device_type_id', 'd.gateway_id', 'g.name as gateway_name', 'd.iot_id', 'd.iccid', 'd.state', 'd.last_seen_at', 'd.install_date',
      'd.lng', 'd.lat', 'd.created_at'])
    .where('d.id', 'in', [...ids]).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [{
      id: r.id, version: r.version, name: r.name, code: r.code, projectId: r.project_id, projectName: r.project_name ?? '',
      deviceModelId: r.device_model_id, deviceModelName: r.model_name, deviceTypeId: r.device_type_id, gatewayId: r.gateway_id,
      gatewayName: r.gateway_name ?? '', iotId: r.iot_id, iccid: r.iccid, state: r.state,
      lastSeenAt: r.last_seen_at === null ? null : Number(r.last_seen_at), installDate: r.install_date === null ? null : Number(r.install_date),
      lng: r.lng, lat: r.lat, createdAt: Number(r.created_at),
    }];
  });
}

/** The device if the user may see it. */
export async function findDevice(db: Kysely<DB>, user: AuthUser, id: number): Promise<DeviceListItem | undefined> {
  const row = await visibleDevices(db, user).select('d.id').where('d.id', '=', id).executeTakeFirst();
  return row ? (await devicesByIds(db, [row.id]))[0] : undefined;
}

/** Which of `ids` the user may see. */
export async function visibleDeviceIds(db: Kysely<DB>, user: AuthUser, ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await visibleDevices(db, user).select('d.id').where('d.id', 'in', [...ids]).execute();
  return new Set(rows.map((r) => r.id));
}

/** The user's devices (with the filters) counted by state. */
export async function countDevices(
  db: Kysely<DB>, user: AuthUser, filter: { projectId?: number; deviceModelId?: number; iot?: number },
): Promise<DeviceCount> {
  let q = visibleDevices(db, user);
  if (filter.projectId !== undefined) q = q.where('d.project_id', '=', filter.projectId);
  if (filter.deviceModelId !== undefined) q = q.where('d.device_model_id', '=', filter.deviceModelId);
  if (filter.iot !== undefined) q = q.where('d.device_type_id', filter.iot === 1 ? 'in' : 'not in', [...IOT_DEVICE_TYPES]);
  const rows = await q.select(['d.state', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('d.state').execute();
  const of = (state: number) => Number(rows.find((r) => r.state === state)?.n ?? 0);
  return { total: rows.reduce((sum, r) => sum + Number(r.n), 0), offline: of(0), online: of(1), alarm: of(2) };
}

/** True when a device other than `exceptId` holds `value` in `column` ('' is never taken). */
export async function valueTaken(
  db: Kysely<DB>, column: 'iot_id' | 'iccid' | 'code', value: string, exceptId: number | null,
): Promise<boolean> {
  if (!value) return false;
  let q = db.selectFrom('t_device').select('id').where(column, '=', value);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return !!(await q.executeTakeFirst());
}

/** The gateways of a project, by name. */
export async function projectGateways(db: Kysely<DB>, projectId: number): Promise<NameItem[]> {
  return db.selectFrom('t_gateway').select(['id', 'name']).where('project_id', '=', projectId).orderBy('name').orderBy('id').execute();
}
