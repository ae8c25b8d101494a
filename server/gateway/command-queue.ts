import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import {
  COMMAND_LEASE_DEFAULT_S, COMMAND_PAYLOADS, COMMAND_TTL_DEFAULT_S, COMMAND_TTL_MAX_S, COMMAND_TTL_MIN_S, CommandCode,
  FINAL_COMMAND_STATES, type CommandDelivery, type CommandKind, type CommandResultAnswer, type CommandResultBody,
  type CommandState,
} from '../../contract/gateway-commands';
import type { DB } from '../db/schema';
import type { MessageEvent } from '../telemetry/telemetry-events';
import { itemsFinished, itemsTaken, type CommandOutcome } from './sync-items';
import { upgradeItemsFinished, upgradeItemsTaken, type MessageListener } from './upgrade-items';

export type CommandRow = Selectable<DB['t_gateway_command']>;

export interface EnqueueInput {
  gatewayId: number;
  /** The device addressed, if the command is about one. */
  deviceId?: number | null;
  kind: CommandKind;
  /** Checked against the kind's payload schema (contract/gateway-commands.ts COMMAND_PAYLOADS). */
  payload: unknown;
  createdBy: number | null;
  /** Seconds from now to the deadline (default 600). */
  ttlS?: number;
}

/** Why a result was not recorded. */
export type ReportRefusal = { refused: 'unknown' } | { refused: 'not-taken' } | { refused: 'bad-device'; field: string; message: string };

const OPEN_STATES: CommandState[] = ['queued', 'sent'];
/** Most overdue commands one sweep expires (the next sweep takes the rest). */
const EXPIRE_BATCH = 500;

/**
 * The durable gateway command queue (`t_gateway_command`; semantics in server/gateway/README.md).
 * It holds no state of its own: every step is one database transaction, so any number of
 * instances (the routes, the simulator, other processes) share one queue, and a crash (kill -9)
 * loses nothing — a command is queued, taken under a lease, or finished, exactly as last committed.
 *
 * - `take`: the gateway's queued commands, and those whose lease ended without a result, oldest
 *   first, become `sent` with a new lease; `attempts` counts the hand-outs (at-least-once delivery).
 * - `report`: the first result for a command is recorded (code 0 succeeded, else failed) and the
 *   product sync and upgrade items it carries follow; a later result changes nothing (`duplicate`).
 *   Messages those items write (an upgrade task finished) go to `onMessage` once committed.
 * - `expireOverdue`: commands not finished by their deadline become `expired` with
 *   `CommandCode.Timeout` (done before every take and report, and by the server's sweep).
 * State changes are conditional updates (`where state = …`), so two racing calls cannot both win.
 */
export class GatewayCommandQueue {
  constructor(
    private readonly db: Kysely<DB>, private readonly now: () => number = Date.now, private readonly onMessage?: MessageListener,
  ) {}

  /** Runs `work` in a transaction collecting the messages its items write, and hands them on once it has committed. */
  private async inTransaction<T>(work: (trx: Kysely<DB>, messages: MessageEvent[]) => Promise<T>): Promise<T> {
    const messages: MessageEvent[] = [];
    const result = await this.db.transaction().execute((trx) => work(trx, messages));
    for (const m of messages) this.onMessage?.(m);
    return result;
  }

  /**
   * Queues a command; returns its id. Pass a transaction as `trx` to queue it with other writes.
   * Throws when the payload does not fit its kind (a programming error: callers build payloads).
   */
  async enqueue(input: EnqueueInput, trx: Kysely<DB> = this.db): Promise<number> {
    const payload = COMMAND_PAYLOADS[input.kind].parse(input.payload);
    const ttlS = input.ttlS ?? COMMAND_TTL_DEFAULT_S;
    if (!Number.isInteger(ttlS) || ttlS < COMMAND_TTL_MIN_S || ttlS > COMMAND_TTL_MAX_S) throw new RangeError(`ttlS out of range: ${ttlS}`);
    const now = this.now();
    const row = await trx.insertInto('t_gateway_command').values({
      gateway_id: input.gatewayId, device_id: input.deviceId ?? null, kind: input.kind, payload: JSON.stringify(payload),
      state: 'queued', created_by: input.createdBy, created_at: now, deadline: now + ttlS * 1000,
    }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  /** Hands out up to `max` of the gateway's commands under a lease of `leaseS` seconds. */
  async take(gatewayId: number, options: { max?: number; leaseS?: number } = {}): Promise<CommandDelivery[]> {
    const max = options.max ?? 10;
    const leaseMs = (options.leaseS ?? COMMAND_LEASE_DEFAULT_S) * 1000;
    return this.inTransaction(async (trx, messages) => {
      const now = this.now();
      await this.expire(trx, now, { gatewayId }, messages);
      const candidates = await trx.selectFrom('t_gateway_command').select('id')
        .where('gateway_id', '=', gatewayId).where('deadline', '>', now).where(offerable(now))
        .orderBy('id').limit(max).execute();
      const taken: number[] = [];
      for (const { id } of candidates) {
        const r = await trx.updateTable('t_gateway_command')
          .set({ state: 'sent', attempts: sql<number>`attempts + 1`, taken_at: now, lease_until: now + leaseMs })
          .where('id', '=', id).where(offerable(now)).executeTakeFirst();
        if (Number(r.numUpdatedRows) === 1) taken.push(id);
      }
      if (!taken.length) return [];
      await itemsTaken(trx, taken, now);
      await upgradeItemsTaken(trx, taken, now);
      const rows = await trx.selectFrom('t_gateway_command').selectAll().where('id', 'in', taken).orderBy('id').execute();
      return rows.map((r) => ({
        id: r.id, kind: r.kind as CommandKind, deviceId: r.device_id, payload: JSON.parse(r.payload) as unknown,
        attempt: r.attempts, leaseUntil: Number(r.lease_until), deadline: Number(r.deadline),
      }));
    });
  }

  /**
   * Records the gateway's result for one of its own commands. The first result wins; a command
   * already finished (or expired) answers what was recorded, with `duplicate: true`.
   */
  async report(gatewayId: number, commandId: number, body: CommandResultBody): Promise<CommandResultAnswer | ReportRefusal> {
    return this.inTransaction(async (trx, messages) => {
      const now = this.now();
      await this.expire(trx, now, { id: commandId }, messages);
      const row = await trx.selectFrom('t_gateway_command').selectAll()
        .where('id', '=', commandId).where('gateway_id', '=', gatewayId).executeTakeFirst();
      if (!row) return { refused: 'unknown' as const };
      if (FINAL_COMMAND_STATES.includes(row.state as CommandState)) return answerOf(row, true);
      if (row.state === 'queued') return { refused: 'not-taken' as const };
      const addressed = addressedDevices(row);
      for (const [n, d] of (body.devices ?? []).entries()) {
        if (!addressed.has(d.deviceId)) {
          return { refused: 'bad-device' as const, field: `body.devices.${n}.deviceId`, message: `device ${d.deviceId} is not addressed by command ${commandId}` };
        }
      }
      const devices = new Map((body.devices ?? []).map((d) => [d.deviceId, { code: d.code, message: d.message ?? '' }]));
      const message = body.message ?? '';
      const r = await trx.updateTable('t_gateway_command').set({
        state: body.code === CommandCode.None ? 'succeeded' : 'failed', result_code: body.code,
        result_message: message, result_detail: body.devices ? JSON.stringify(body.devices) : '', finished_at: now, lease_until: null,
      }).where('id', '=', commandId).where('state', '=', 'sent').executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) {
        // Another result got there first: it stands.
        return answerOf(await trx.selectFrom('t_gateway_command').selectAll().where('id', '=', commandId).executeTakeFirstOrThrow(), true);
      }
      const outcome: CommandOutcome = { commandId, expired: false, code: body.code, message, devices };
      await itemsFinished(trx, [outcome], now);
      messages.push(...await upgradeItemsFinished(trx, [outcome], now));
      return answerOf(await trx.selectFrom('t_gateway_command').selectAll().where('id', '=', commandId).executeTakeFirstOrThrow(), false);
    });
  }

  /** Expires every command past its deadline; returns their ids. */
  async expireOverdue(): Promise<number[]> {
    return this.inTransaction((trx, messages) => this.expire(trx, this.now(), {}, messages));
  }

  /** Gateways that have commands to take now (queued, or whose lease ended), for the simulator's polling. */
  async gatewaysWithWork(): Promise<number[]> {
    const now = this.now();
    const rows = await this.db.selectFrom('t_gateway_command').select('gateway_id').distinct()
      .where('deadline', '>', now).where(offerable(now)).orderBy('gateway_id').execute();
    return rows.map((r) => r.gateway_id);
  }

  private async expire(
    trx: Kysely<DB>, now: number, where: { gatewayId?: number; id?: number }, messages: MessageEvent[],
  ): Promise<number[]> {
    let q = trx.selectFrom('t_gateway_command').select('id').where('state', 'in', OPEN_STATES).where('deadline', '<=', now);
    if (where.gatewayId !== undefined) q = q.where('gateway_id', '=', where.gatewayId);
    if (where.id !== undefined) q = q.where('id', '=', where.id);
    const overdue = await q.orderBy('id').limit(EXPIRE_BATCH).execute();
    const expired: number[] = [];
    for (const { id } of overdue) {
      const r = await trx.updateTable('t_gateway_command')
        .set({ state: 'expired', result_code: CommandCode.Timeout, finished_at: now, lease_until: null })
        .where('id', '=', id).where('state', 'in', OPEN_STATES).executeTakeFirst();
      if (Number(r.numUpdatedRows) === 1) expired.push(id);
    }
    const outcomes: CommandOutcome[] = expired.map((commandId) => ({ commandId, expired: true, code: CommandCode.Timeout, message: '', devices: new Map() }));
    await itemsFinished(trx, outcomes, now);
    messages.push(...await upgradeItemsFinished(trx, outcomes, now));
    return expired;
  }
}

/** Waiting, or taken with its lease over. */
function offerable(now: number) {
  return (eb: ExpressionBuilder<DB, 't_gateway_command'>) => eb.or([
    eb('state', '=', 'queued'),
    eb.and([eb('state', '=', 'sent'), eb('lease_until', '<=', now)]),
  ]);
}

/** The devices a command addresses: its device, or those of a config push. */
function addressedDevices(row: CommandRow): Set<number> {
  const ids = new Set<number>();
  if (row.device_id !== null) ids.add(row.device_id);
  if (row.kind === 'config') {
    const payload = JSON.parse(row.payload) as { devices?: { deviceId: number }[] };
    for (const d of payload.devices ?? []) ids.add(d.deviceId);
  }
  return ids;
}

function answerOf(row: CommandRow, duplicate: boolean): CommandResultAnswer {
  return {
    id: row.id, state: row.state as CommandState, code: row.result_code, duplicate,
    finishedAt: row.finished_at === null ? null : Number(row.finished_at),
  };
}

/**
 * Expires overdue commands every `everyMs` (so a command for a gateway that never polls still
 * ends, and its sync items with it) until the returned stop is called; stop waits for a sweep in
 * flight. The timer does not keep the process alive.
 */
export function startExpirySweep(queue: GatewayCommandQueue, everyMs: number, onError: (err: unknown) => void): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = queue.expireOverdue().catch(onError).finally(() => { running = null; });
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
