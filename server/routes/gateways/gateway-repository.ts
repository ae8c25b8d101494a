import { sql, type Kysely } from 'kysely';
import { MeasureType, type DataType } from '../../../contract/enums';
import type { NameItem, Paged } from '../../../contract/envelope';
import type { CommandKind, CommandState } from '../../../contract/gateway-commands';
import type { GatewayConfigPreview, GatewayListItem, GatewayListQuery, RegisterPreview } from '../../../contract/gateways';
import type { AuthUser } from '../../auth/auth-user';
import type { DB } from '../../db/schema';
import { digestOf, registerMaps } from '../../gateway/register-map';
import { likePattern } from '../../resources/resource-repository';
import { visibleProjectFilter } from '../../auth/scope-filters';

/** Integer register types: the register holds value × 10^decimals. */
const INTEGER_TYPES: readonly string[] = ['UInt16', 'Int16', 'UInt32', 'UInt32_CDAB', 'Int32', 'Int32_CDAB'];

/** What one unit of a raw register is worth (contract/gateways.ts RegisterPreview). */
export function registerScale(dataType: DataType, decimals: number): number {
  return INTEGER_TYPES.includes(dataType) ? 10 ** -Math.min(6, Math.max(0, decimals)) : 1;
}

type LastCommand = GatewayListItem['lastCommand'];

/** The SQL of the gateway calls: gateways are seen by those who see their project (those without one by VAll only). */
export class GatewayRepository {
  constructor(private readonly db: Kysely<DB>) {}

  private visible(user: AuthUser) {
    return this.db.selectFrom('t_gateway as g').leftJoin('t_project as p', 'p.id', 'g.project_id')
      .where(visibleProjectFilter(user, 'p.id', 'p.org_id'));
  }

  /** The gateway if the user sees it. */
  async find(user: AuthUser, id: number): Promise<{ id: number; code: string; name: string; projectId: number | null; projectName: string } | undefined> {
    const row = await this.visible(user).select(['g.id', 'g.code', 'g.name', 'g.project_id', 'p.name as project_name'])
      .where('g.id', '=', id).executeTakeFirst();
    return row && { id: row.id, code: row.code, name: row.name, projectId: row.project_id, projectName: row.project_name ?? '' };
  }

  /** One gateway as the list shows it, if the user sees it. */
  async one(user: AuthUser, id: number): Promise<GatewayListItem | undefined> {
    return (await this.list(user, { Page: 1, Size: 1 }, id)).list[0];
  }

  async list(user: AuthUser, q: GatewayListQuery, only?: number): Promise<Paged<GatewayListItem>> {
    let base = this.visible(user);
    if (only !== undefined) base = base.where('g.id', '=', only);
    if (q.projectId !== undefined) base = base.where('g.project_id', '=', q.projectId);
    if (q.keyword) {
      const like = likePattern(q.keyword);
      base = base.where(sql<boolean>`(lower(g.name) like ${like} escape '\\' or lower(g.code) like ${like} escape '\\')`);
    }
    const [{ count }] = await base.select((eb) => eb.fn.countAll<number>().as('count')).execute();
    const rows = await base.select(['g.id', 'g.code', 'g.name', 'g.project_id', 'p.name as project_name', 'g.key_hash', 'g.created_at'])
      .orderBy('g.id').limit(q.Size).offset((q.Page - 1) * q.Size).execute();
    const ids = rows.map((r) => r.id);
    const counts = new Map<number, { total: number; online: number }>();
    if (ids.length) {
      const grouped = await this.db.selectFrom('t_device').select(['gateway_id', 'state', (eb) => eb.fn.countAll<number>().as('n')])
        .where('gateway_id', 'in', ids).groupBy(['gateway_id', 'state']).execute();
      for (const g of grouped) {
        const c = counts.get(g.gateway_id!) ?? { total: 0, online: 0 };
        c.total += Number(g.n);
        if (g.state !== 0) c.online += Number(g.n);
        counts.set(g.gateway_id!, c);
      }
    }
    const last = await this.lastCommands(ids);
    return {
      count: Number(count),
      list: rows.map((r) => ({
        id: r.id, code: r.code, name: r.name, projectId: r.project_id, projectName: r.project_name ?? '',
        deviceCount: counts.get(r.id)?.total ?? 0, onlineCount: counts.get(r.id)?.online ?? 0, hasKey: r.key_hash !== null,
        createdAt: Number(r.created_at), lastCommand: last.get(r.id) ?? null,
      })),
    };
  }

  /** The latest command of each gateway (of one kind, if given). */
  private async lastCommands(gatewayIds: number[], kind?: CommandKind): Promise<Map<number, NonNullable<LastCommand>>> {
    const out = new Map<number, NonNullable<LastCommand>>();
    if (!gatewayIds.length) return out;
    let latest = this.db.selectFrom('t_gateway_command').select((eb) => eb.fn.max('id').as('id')).where('gateway_id', 'in', gatewayIds);
    if (kind) latest = latest.where('kind', '=', kind);
    const rows = await this.db.selectFrom('t_gateway_command').select(['id', 'gateway_id', 'kind', 'state', 'result_code', 'created_at'])
      .where('id', 'in', latest.groupBy('gateway_id')).execute();
    for (const r of rows) {
      out.set(r.gateway_id, {
        id: r.id, kind: r.kind as CommandKind, state: r.state as CommandState, code: r.result_code, createdAt: Number(r.created_at),
      });
    }
    return out;
  }

  /** The measure points the gateway's devices report (collected points of their models), id → name. */
  async measureNames(gatewayId: number): Promise<NameItem[]> {
    return this.db.selectFrom('t_measure as m')
      .where('m.device_model_id', 'in', this.db.selectFrom('t_device').select('device_model_id').where('gateway_id', '=', gatewayId))
      .where('m.measure_type', '!=', MeasureType.NotCollected)
      .select(['m.id', 'm.name']).orderBy('m.device_model_id').orderBy('m.sort_order').orderBy('m.id').execute();
  }

  /** The register map the gateway polls, as a config push of all its devices would carry it now. */
  async configPreview(gateway: { id: number; code: string; name: string; projectName: string }): Promise<GatewayConfigPreview> {
    const devices = await this.db.selectFrom('t_device as d').innerJoin('t_device_model as m', 'm.id', 'd.device_model_id')
      .select(['d.id', 'd.name', 'd.code', 'd.state', 'm.name as model_name'])
      .where('d.gateway_id', '=', gateway.id).orderBy('d.id').execute();
    const maps = await registerMaps(this.db, devices.map((d) => d.id));
    const byId = new Map(devices.map((d) => [d.id, d]));
    const last = await this.lastCommands([gateway.id], 'config');
    return {
      gatewayId: gateway.id, gatewayCode: gateway.code, gatewayName: gateway.name, projectName: gateway.projectName,
      registerCount: maps.reduce((n, m) => n + m.registers.length, 0),
      digest: digestOf({ devices: maps }),
      devices: maps.map((m) => {
        const d = byId.get(m.deviceId)!;
        return {
          deviceId: m.deviceId, deviceName: d.name, deviceCode: m.deviceCode, deviceModelId: m.deviceModelId, deviceModelName: d.model_name,
          state: d.state,
          registers: m.registers.map((r): RegisterPreview => ({ ...r, scale: registerScale(r.dataType, r.decimals) })),
        };
      }),
      lastConfig: last.get(gateway.id) ?? null,
    };
  }
}
