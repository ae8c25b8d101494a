import type { Kysely } from 'kysely';
import type { ProposalDevice, ProposalLine, ProposalList } from '../../../contract/purchase/orders';
import type { AuthUser } from '../../auth/auth-user';
import { listDueFilters } from '../../analysis/life/life-service';
import type { DB } from '../../db/schema';
import type { OrderRepository } from './order-repository';

const DAY_MS = 86_400_000;

/**
 * Smart purchase (issue 21): the filters of the user's projects that must be ordered within
 * `horizonDays` — a filter predicted due at D with the model's lead time L must be ordered by
 * D − L, so it is proposed when D − L falls before now + horizon (already late included) —
 * grouped by project and filter model, the quantity being the devices' installed counts less what
 * orders already bring. Sorted by the date to order by, then project and model.
 */
export async function proposeOrders(db: Kysely<DB>, orders: OrderRepository, user: AuthUser, horizonDays: number, now = Date.now()): Promise<ProposalList> {
  const projectIds = await orders.visibleProjectIds(user);
  const until = now + horizonDays * DAY_MS;
  const maxLead = Number((await db.selectFrom('t_filter').select((eb) => eb.fn.max<number>('lead_days').as('n')).executeTakeFirst())?.n ?? 0);
  const due = (await listDueFilters(db, { projectIds, dueBefore: until + maxLead * DAY_MS }))
    .filter((d): d is typeof d & { projectId: number } => d.projectId !== null);
  if (!due.length) return { now, horizonDays, lines: [] };

  const filterIds = [...new Set(due.map((d) => d.filterId))];
  const filters = new Map((await db.selectFrom('t_filter as f').innerJoin('t_filter_type as t', 't.id', 'f.filter_type_id')
    .leftJoin('t_org as o', (j) => j.onRef('o.id', '=', 'f.supplier_org_id').on('o.disabled', '=', 0))
    .select(['f.id', 'f.code', 'f.name', 'f.lead_days', 'f.unit_price', 't.name as type_name', 'o.id as org_id', 'o.name as org_name'])
    .where('f.id', 'in', filterIds).execute()).map((f) => [f.id, f]));
  const wanted = due.filter((d) => {
    const f = filters.get(d.filterId);
    return f && d.predictedAt - Number(f.lead_days) * DAY_MS <= until;
  });
  if (!wanted.length) return { now, horizonDays, lines: [] };

  const deviceIds = [...new Set(wanted.map((d) => d.deviceId))];
  const devices = new Map((await db.selectFrom('t_device').select(['id', 'name', 'code']).where('id', 'in', deviceIds).execute()).map((d) => [d.id, d]));
  const projectNames = new Map((await db.selectFrom('t_project').select(['id', 'name'])
    .where('id', 'in', [...new Set(wanted.map((d) => d.projectId))]).execute()).map((p) => [p.id, p.name]));
  const onTheWay = await orders.onTheWay([...projectNames.keys()]);

  const groups = new Map<string, { projectId: number; filterId: number; devices: ProposalDevice[] }>();
  for (const d of wanted) {
    const key = `${d.projectId}:${d.filterId}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { projectId: d.projectId, filterId: d.filterId, devices: [] }));
    const dev = devices.get(d.deviceId);
    g.devices.push({
      deviceId: d.deviceId, deviceName: dev?.name ?? '', deviceCode: dev?.code ?? '', quantity: d.quantity, predictedAt: d.predictedAt, reason: d.reason,
    });
  }
  const lines: ProposalLine[] = [];
  for (const [key, g] of groups) {
    const f = filters.get(g.filterId)!;
    const leadDays = Number(f.lead_days);
    const dueAt = Math.min(...g.devices.map((d) => d.predictedAt));
    const need = g.devices.reduce((s, d) => s + d.quantity, 0);
    const ordered = onTheWay.get(key) ?? 0;
    lines.push({
      projectId: g.projectId, projectName: projectNames.get(g.projectId) ?? '', filterId: f.id, filterCode: f.code, filterName: f.name,
      filterTypeName: f.type_name, supplierOrgId: f.org_id ?? null, supplierOrgName: f.org_name ?? '', leadDays, unitPrice: Number(f.unit_price),
      dueAt, orderBy: dueAt - leadDays * DAY_MS, need, ordered, quantity: Math.max(0, need - ordered),
      devices: g.devices.sort((a, b) => a.predictedAt - b.predictedAt || a.deviceId - b.deviceId),
    });
  }
  lines.sort((a, b) => a.orderBy - b.orderBy || a.projectName.localeCompare(b.projectName, 'zh') || a.filterCode.localeCompare(b.filterCode));
  return { now, horizonDays, lines };
}
