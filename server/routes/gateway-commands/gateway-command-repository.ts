import type { Kysely, Selectable } from 'kysely';
import {
  commandResultText, type CommandKind, type CommandState, type GatewayCommandDetail, type GatewayCommandQuery, type GatewayCommandRecord,
} from '../../../contract/gateway-commands';
import type { Paged } from '../../../contract/envelope';
import type { AuthUser } from '../../auth/auth-user';
import type { DB } from '../../db/schema';
import { visibleProjectFilter } from '../../auth/scope-filters';

/** The console's reads of `t_gateway_command`: a command is seen by those who see its gateway's project. */
export class GatewayCommandRepository {
  constructor(private readonly db: Kysely<DB>) {}

  private visible(user: AuthUser) {
    return this.db.selectFrom('t_gateway_command as c')
      .innerJoin('t_gateway as g', 'g.id', 'c.gateway_id')
      .leftJoin('t_project as p', 'p.id', 'g.project_id')
      .leftJoin('t_device as d', 'd.id', 'c.device_id')
      .where(visibleProjectFilter(user, 'p.id', 'p.org_id'));
  }

  async list(user: AuthUser, q: GatewayCommandQuery): Promise<Paged<GatewayCommandRecord>> {
    let base = this.visible(user);
    if (q.gatewayId !== undefined) base = base.where('c.gateway_id', '=', q.gatewayId);
    if (q.deviceId !== undefined) base = base.where('c.device_id', '=', q.deviceId);
    if (q.kind !== undefined) base = base.where('c.kind', '=', q.kind);
    if (q.state !== undefined) base = base.where('c.state', '=', q.state);
    const [{ count }] = await base.select((eb) => eb.fn.countAll<number>().as('count')).execute();
    const rows = await base.selectAll('c').select(['g.name as gateway_name', 'd.name as device_name'])
      .orderBy('c.id', 'desc').limit(q.Size).offset((q.Page - 1) * q.Size).execute();
    return { list: rows.map(recordOf), count: Number(count) };
  }

  async find(user: AuthUser, id: number): Promise<GatewayCommandDetail | undefined> {
    const row = await this.visible(user).selectAll('c').select(['g.name as gateway_name', 'd.name as device_name'])
      .where('c.id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    const devices = row.result_detail ? (JSON.parse(row.result_detail) as { deviceId: number; code: number; message?: string }[]) : [];
    return {
      ...recordOf(row), payload: JSON.parse(row.payload) as unknown,
      devices: devices.map((d) => ({ deviceId: d.deviceId, code: d.code, message: d.message ?? '' })),
    };
  }
}

type Row = Selectable<DB['t_gateway_command']> & { gateway_name: string; device_name: string | null };

function recordOf(r: Row): GatewayCommandRecord {
  return {
    id: r.id, gatewayId: r.gateway_id, gatewayName: r.gateway_name, deviceId: r.device_id, deviceName: r.device_name,
    kind: r.kind as CommandKind, state: r.state as CommandState, code: r.result_code,
    codeText: r.result_code === null ? null : commandResultText(r.result_code), message: r.result_message, attempts: r.attempts,
    createdBy: r.created_by, createdAt: Number(r.created_at), takenAt: num(r.taken_at), finishedAt: num(r.finished_at), deadline: Number(r.deadline),
  };
}

const num = (v: number | null): number | null => (v === null ? null : Number(v));
