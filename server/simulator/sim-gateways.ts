import type { Kysely } from 'kysely';
import { DeviceState, ModbusCode, RegisterAccess } from '../../contract/enums';
import {
  CommandCode, commandResultText, type CommandDelivery, type CommandKind, type CommandResultBody, type ConfigPayload, type UpgradePayload,
  type WritePayload,
} from '../../contract/gateway-commands';
import { compareFirmwareVersions, upgradeResultText } from '../../contract/upgrades';
import type { DB } from '../db/schema';
import type { GatewayCommandQueue } from '../gateway/command-queue';
import { prng } from '../seed/prng';
import type { IngestService } from '../telemetry/ingest-service';

/**
 * A write of this value is answered 设备忙 (6) by the simulated device, whatever the point: the
 * deterministic way for a test or a demo to see a busy device.
 */
export const SIM_BUSY_VALUE = 6666;

/** How long a simulated gateway takes to answer each kind, in ms [min, max]. */
export const SIM_ANSWER_DELAYS: Record<CommandKind, [number, number]> = {
  write: [400, 2_000], config: [800, 3_000], refresh: [300, 1_200], restart: [3_000, 6_000], upgrade: [5_000, 10_000],
};

/**
 * What the simulator knows of a device and a measure point when it answers. `neverSeen`: the
 * device has never sent data (just added): it answers, being new rather than silent.
 */
export interface SimDeviceFacts { state: number; modelId: number; neverSeen?: boolean; firmwareVer?: string }
export interface SimPointFacts { modelId: number; modbusCode: number; access: number; min: number | null; max: number | null }

/** Kinds during which a device does nothing else (a later write or restart is answered 设备忙). */
const BLOCKING: readonly CommandKind[] = ['restart', 'upgrade'];

/**
 * The answer a simulated device gives (server/gateway/README.md "Simulator"), in this order:
 * unknown device 12 设备不存在; offline device (t_device.state 0, once seen: a device never seen is
 * new, not silent, and answers) 11 设备无应答; busy with a
 * restart or upgrade of its own (`busy`), or a write of SIM_BUSY_VALUE, 6 设备忙; a point not of
 * its model 4 读写错误; a read-only point (access 0, or function code 2/4) 1 不支持的功能码; a value
 * outside the point's min/max 2 超出范围; else 0. A config push answers per device (offline ones
 * 11), the command's code being the first failure's; restart and refresh succeed on an online
 * device. An upgrade answers an upgrade error code of SPEC §4 (`simulatedUpgradeResult`).
 */
export function simulatedResult(
  command: Pick<CommandDelivery, 'kind' | 'deviceId' | 'payload'>,
  devices: ReadonlyMap<number, SimDeviceFacts>,
  points: ReadonlyMap<number, SimPointFacts>,
  busy: ReadonlySet<number> = new Set(),
): CommandResultBody {
  const fail = (code: number) => ({ code, message: commandResultText(code) });
  const reach = (deviceId: number): number => {
    const d = devices.get(deviceId);
    if (!d) return CommandCode.NoSuchDevice;
    return d.state === DeviceState.Offline && !d.neverSeen ? CommandCode.NoAnswer : CommandCode.None;
  };
  if (command.kind === 'config') {
    const payload = command.payload as ConfigPayload;
    const results = payload.devices.map((d) => ({ deviceId: d.deviceId, code: reach(d.deviceId) }));
    const failed = results.find((r) => r.code !== CommandCode.None);
    return {
      code: failed?.code ?? CommandCode.None, message: failed ? commandResultText(failed.code) : '',
      devices: results.map((r) => ({ ...r, message: r.code ? commandResultText(r.code) : '' })),
    };
  }
  if (command.deviceId === null) return { code: CommandCode.None };
  if (command.kind === 'upgrade') return simulatedUpgradeResult(command.payload as UpgradePayload, devices.get(command.deviceId), busy.has(command.deviceId));
  const reached = reach(command.deviceId);
  if (reached) return fail(reached);
  if (command.kind !== 'write') return busy.has(command.deviceId) && command.kind === 'restart' ? fail(CommandCode.DeviceBusy) : { code: CommandCode.None };
  const w = command.payload as WritePayload;
  if (busy.has(command.deviceId) || w.value === SIM_BUSY_VALUE) return fail(CommandCode.DeviceBusy);
  const point = points.get(w.measureId);
  if (!point || point.modelId !== devices.get(command.deviceId)!.modelId) return fail(CommandCode.ReadWriteError);
  if (point.access === RegisterAccess.ReadOnly || point.modbusCode === ModbusCode.DiscreteInput || point.modbusCode === ModbusCode.InputRegister) {
    return fail(CommandCode.FunctionUnsupported);
  }
  if ((point.min !== null && w.value < point.min) || (point.max !== null && w.value > point.max)) return fail(CommandCode.OutOfRange);
  return { code: CommandCode.None };
}

/** Upgrade error codes (SPEC §4) the simulated devices answer. */
export const SimUpgradeCode = { Done: 0, UnsupportedFirmware: 1, AlreadyLatest: 2, NotDownloaded: 10, Busy: 301, Failed: 300 } as const;

/**
 * How a simulated device answers an upgrade, in this order: unknown device 300 升级失败; offline
 * (once seen) 10 固件未下载 — it never fetched the file; still restarting or upgrading from an
 * earlier command 301 设备忙; firmware built for another model (the device's model changed since
 * the task was made) 1 不支持的固件类型; the device already runs this version or a newer one 2
 * 已是最新版本; else 0.
 */
export function simulatedUpgradeResult(payload: UpgradePayload, device: SimDeviceFacts | undefined, busy: boolean): CommandResultBody {
  const fail = (code: number) => ({ code, message: upgradeResultText(code) });
  if (!device) return fail(SimUpgradeCode.Failed);
  if (device.state === DeviceState.Offline && !device.neverSeen) return fail(SimUpgradeCode.NotDownloaded);
  if (busy) return fail(SimUpgradeCode.Busy);
  if (payload.deviceModelId !== device.modelId) return fail(SimUpgradeCode.UnsupportedFirmware);
  if (device.firmwareVer && compareFirmwareVersions(device.firmwareVer, payload.fileVer) >= 0) return fail(SimUpgradeCode.AlreadyLatest);
  return { code: SimUpgradeCode.Done };
}

export interface SimGatewaysOptions {
  db: Kysely<DB>;
  queue: GatewayCommandQueue;
  /** Where a successful write's new value is reported, as the device would at its next poll. */
  ingest?: IngestService;
  seed?: number;
  /** Wall time between polls of the queue. */
  pollMs?: number;
  /** Answer delays per kind (tests pass zeros). */
  delays?: Partial<Record<CommandKind, [number, number]>>;
  now?: () => number;
  onError?: (err: unknown) => void;
  /** Devices that took a new register map (the simulator then sends the points it lists). */
  onConfigured?: (deviceIds: number[]) => Promise<void>;
  /** A device took a write (before the result is reported): it holds the value from now on. */
  onWritten?: (deviceId: number, measureId: number, value: number) => void;
  /** Devices a refresh asked to read at once (the gateway's own, for a gateway-wide refresh). */
  onRefreshed?: (deviceIds: number[]) => Promise<unknown>;
}

interface Pending { gatewayId: number; command: CommandDelivery; answerAt: number }

/**
 * The demo's gateways, simulated: like a real gateway each polls the command queue (take, under a
 * lease), works on a command for a while, and reports a result (`simulatedResult`). A command
 * handed out again after its lease (at-least-once) is recognised by id and not run twice. `start`
 * polls on a timer; tests call `poll`.
 */
export class SimGateways {
  private readonly random: () => number;
  private readonly now: () => number;
  private readonly pending = new Map<number, Pending>();
  private timer: NodeJS.Timeout | null = null;
  private inFlight: Promise<unknown> | null = null;

  constructor(private readonly o: SimGatewaysOptions) {
    this.random = prng(o.seed ?? Date.now());
    this.now = o.now ?? Date.now;
  }

  /** Takes what the gateways have waiting, then answers every command whose time has come. Returns the ids answered. */
  async poll(): Promise<number[]> {
    for (const gatewayId of await this.o.queue.gatewaysWithWork()) {
      for (const command of await this.o.queue.take(gatewayId, { max: 20, leaseS: 30 })) {
        if (this.pending.has(command.id)) continue;
        const [min, max] = this.o.delays?.[command.kind] ?? SIM_ANSWER_DELAYS[command.kind];
        this.pending.set(command.id, { gatewayId, command, answerAt: this.now() + min + Math.round(this.random() * (max - min)) });
      }
    }
    const due = [...this.pending.values()].filter((p) => p.answerAt <= this.now()).sort((a, b) => a.command.id - b.command.id);
    const answered: number[] = [];
    for (const p of due) {
      await this.answer(p);
      this.pending.delete(p.command.id);
      answered.push(p.command.id);
    }
    return answered;
  }

  private async answer(p: Pending): Promise<void> {
    const { command } = p;
    const deviceIds = command.kind === 'config' ? (command.payload as ConfigPayload).devices.map((d) => d.deviceId)
      : command.deviceId !== null ? [command.deviceId] : [];
    const rows = deviceIds.length
      ? await this.o.db.selectFrom('t_device').select(['id', 'state', 'device_model_id', 'last_seen_at', 'firmware_ver'])
        .where('id', 'in', deviceIds).execute() : [];
    const devices = new Map(rows.map((r) => [r.id, {
      state: r.state, modelId: r.device_model_id, neverSeen: r.last_seen_at === null, firmwareVer: r.firmware_ver,
    }]));
    const points = new Map<number, SimPointFacts>();
    if (command.kind === 'write') {
      const m = await this.o.db.selectFrom('t_measure').select(['id', 'device_model_id', 'modbus_code', 'access', 'min_value', 'max_value'])
        .where('id', '=', (command.payload as WritePayload).measureId).executeTakeFirst();
      if (m) points.set(m.id, { modelId: m.device_model_id, modbusCode: m.modbus_code, access: m.access, min: m.min_value, max: m.max_value });
    }
    // Busy: the device (or its whole gateway) is still restarting or upgrading from an earlier command.
    const blocking = [...this.pending.values()].filter((o) => o.command.id < command.id && BLOCKING.includes(o.command.kind));
    const busy = new Set(blocking.filter((o) => o.command.deviceId !== null).map((o) => o.command.deviceId!));
    if (command.deviceId !== null && blocking.some((o) => o.command.deviceId === null && o.gatewayId === p.gatewayId)) busy.add(command.deviceId);
    const result = simulatedResult(command, devices, points, busy);
    // A device that took a write holds the value whatever becomes of the report, and reads it back
    // at once, before the gateway reports success (as a real one reads back what it wrote).
    if (command.kind === 'write' && command.deviceId !== null && result.code === CommandCode.None) {
      const w = command.payload as WritePayload;
      this.o.onWritten?.(command.deviceId, w.measureId, w.value);
      await this.o.ingest?.ingest([{ deviceId: command.deviceId, measureId: w.measureId, value: w.value, ts: this.now() }]);
    }
    const answer = await this.o.queue.report(p.gatewayId, command.id, result);
    if (!('duplicate' in answer) || answer.duplicate) return;
    if (command.kind === 'refresh' && result.code === CommandCode.None && this.o.onRefreshed) {
      const ids = command.deviceId !== null ? [command.deviceId]
        : (await this.o.db.selectFrom('t_device').select('id').where('gateway_id', '=', p.gatewayId).execute()).map((r) => r.id);
      if (ids.length) await this.o.onRefreshed(ids);
    }
    if (command.kind === 'config' && this.o.onConfigured) {
      const applied = (result.devices ?? []).filter((d) => d.code === CommandCode.None).map((d) => d.deviceId);
      if (applied.length) await this.o.onConfigured(applied);
    }
  }

  /** Polls every `pollMs` until `stop`. */
  start(): void {
    if (this.timer) return;
    const run = () => {
      if (this.inFlight) return;
      this.inFlight = this.poll().catch((err) => this.o.onError?.(err)).finally(() => { this.inFlight = null; });
    };
    this.timer = setInterval(run, this.o.pollMs ?? 1_000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.inFlight;
  }
}
