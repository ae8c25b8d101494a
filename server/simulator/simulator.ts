import type { Kysely } from 'kysely';
import { DeviceState, DeviceTypeId, ModbusCode } from '../../contract/enums';
import type { IngestResult } from '../../contract/telemetry';
import type { DB } from '../db/schema';
import { demoSiteProfile } from '../seed/demo-sites';
import { prng } from '../seed/prng';
import type { IngestService } from '../telemetry/ingest-service';
import { ambientPm25, meterPowerKw, sampleValue, type SignalEnv } from './signals';
import { SimDevice, initialSetPoint, kindOf, type SignalKind, type SimMeasure } from './sim-device';
import { continueFrom, evolve, evolveSite, startingIncidents, startingSite, type SiteState } from './incidents';

type SampleItem = { deviceId: number; measureId: number; value: number; ts: number };

export interface SimulatorOptions {
  db: Kysely<DB>;
  ingest: IngestService;
  /** PRNG seed: the same seed and clock give the same signals. */
  seed?: number;
  /** Simulated time between samples of a device. */
  tickMs?: number;
  now?: () => number;
  onError?: (err: unknown) => void;
}

/**
 * The demo's devices, simulated (demo mode only): every seeded device sends believable values
 * through the same ingest path as a gateway, every `tickMs`, drawing on its site's profile (size,
 * air, filter wear). Incidents (pollution events, loaded filters, stopped fans, faults, heat, weak
 * signal, silent devices) come and go, more often at troubled sites: like a real platform, most
 * projects are normal while alarms of several condition types appear and clear every few minutes
 * across all of them. `start` runs it on a timer; tests call `tick` with their own clock.
 */
export class Simulator {
  readonly tickMs: number;
  private readonly random: () => number;
  private readonly now: () => number;
  private devices: SimDevice[] = [];
  private readonly sites = new Map<number | null, SiteState>();
  private timer: NodeJS.Timeout | null = null;
  private inFlight: Promise<unknown> | null = null;
  private loaded = false;

  constructor(private readonly o: SimulatorOptions) {
    this.tickMs = o.tickMs ?? 5_000;
    this.random = prng(o.seed ?? Date.now());
    this.now = o.now ?? Date.now;
  }

  /** Gaussian noise (Box–Muller) from the seeded generator. */
  private noise = (sd: number): number => {
    const u = Math.max(1e-12, this.random());
    return sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.random());
  };

  /** Reads the sites, the devices and their measure points, and sets up the incidents in progress. */
  async load(): Promise<void> {
    const rows = await this.o.db.selectFrom('t_device').select(['id', 'project_id', 'device_type_id', 'device_model_id', 'state', 'last_seen_at'])
      .orderBy('id').execute();
    this.devices = await this.setUp(rows);
    this.loaded = true;
  }

  /**
   * A gateway took a new register map for these devices (a config command): from the next round
   * they send the points their model now has, and devices the simulator did not know join in.
   */
  async reloadDevices(deviceIds: readonly number[]): Promise<void> {
    if (!this.loaded || !deviceIds.length) return;
    const rows = await this.o.db.selectFrom('t_device').select(['id', 'project_id', 'device_type_id', 'device_model_id', 'state', 'last_seen_at'])
      .where('id', 'in', [...deviceIds]).orderBy('id').execute();
    const known = new Map(this.devices.map((d) => [d.id, d]));
    const fresh = await this.setUp(rows.filter((r) => !known.has(r.id)));
    const measures = await this.measuresOf(rows.map((r) => r.device_model_id));
    for (const r of rows) {
      const d = known.get(r.id);
      if (d) d.measures = measures.filter((m) => m.modelId === r.device_model_id).map((m) => m.sim);
    }
    this.devices = [...this.devices, ...fresh].sort((a, b) => a.id - b.id);
  }

  /** The collected measure points of these models, as the simulator sees them. */
  private async measuresOf(modelIds: number[]): Promise<{ modelId: number; sim: SimMeasure }[]> {
    if (!modelIds.length) return [];
    const measures = await this.o.db.selectFrom('t_measure')
      .select(['id', 'device_model_id', 'tag_id', 'name', 'unit', 'decimals', 'min_value', 'max_value', 'condition_type', 'measure_type', 'access', 'modbus_code'])
      .where('measure_type', '!=', -1).where('device_model_id', 'in', [...new Set(modelIds)]).orderBy('sort_order').orderBy('id').execute();
    return measures.map((m) => {
      const kind = kindOf(m);
      const sim: SimMeasure = {
        id: m.id, name: m.name, unit: m.unit, kind, decimals: m.decimals, min: m.min_value, max: m.max_value, conditionType: m.condition_type,
      };
      if (kind === 'setpoint') Object.assign(sim, { initial: initialSetPoint(m), coil: m.modbus_code === ModbusCode.Coil });
      return { modelId: m.device_model_id, sim };
    });
  }

  /** Simulated devices for these rows, each with its site, its stored values and the incidents in progress. */
  private async setUp(
    rows: { id: number; project_id: number | null; device_type_id: number; device_model_id: number; state: number; last_seen_at: number | null }[],
  ): Promise<SimDevice[]> {
    if (!rows.length) return [];
    const now = this.now();
    const projects = await this.o.db.selectFrom('t_project').select(['id', 'code']).execute();
    const codes = new Map(projects.map((p) => [p.id, p.code]));
    const measures = await this.measuresOf(rows.map((r) => r.device_model_id));
    const ids = rows.map((r) => r.id);
    const open = await this.o.db.selectFrom('t_real_measure_warning').select(['device_id', 'measure_id']).where('device_id', 'in', ids).execute();
    const current = new Map((await this.o.db.selectFrom('t_real_measure').select(['device_id', 'measure_id', 'value']).where('device_id', 'in', ids).execute())
      .map((r) => [`${r.device_id}:${r.measure_id}`, r.value]));
    const devices = rows.map((r) => new SimDevice(r.id, r.project_id, r.device_type_id, measures
      .filter((m) => m.modelId === r.device_model_id).map((m) => m.sim)));
    devices.forEach((d, i) => {
      if (!this.sites.has(d.projectId)) {
        this.sites.set(d.projectId, startingSite(demoSiteProfile(codes.get(d.projectId ?? 0) ?? null)));
      }
      const site = this.sites.get(d.projectId)!;
      d.load = d.deviceTypeId === DeviceTypeId.Filter || d.has('fault') ? 0.1 + 0.7 * this.random() : 0.2;
      const stored = (measureId: number) => current.get(`${d.id}:${measureId}`) ?? null;
      continueFrom(d, stored);
      const alarmed = new Set<SignalKind>(open.filter((a) => a.device_id === d.id)
        .map((a) => d.measures.find((m) => m.id === a.measure_id)?.kind).filter((k): k is SignalKind => !!k));
      // A sensor's PM alarm means haze over the site: as much as its stored PM2.5 says.
      const pm25 = d.measuresAmbient && (alarmed.has('pm25') || alarmed.has('pm10')) ? d.measures.find((m) => m.kind === 'pm25') : undefined;
      const value = pm25 ? stored(pm25.id) : null;
      const haze = value === null ? null : value / ambientPm25(now, site.base, 1);
      // A device that never sent anything is new, not out of contact: it starts sending at once.
      const offline = rows[i].state === DeviceState.Offline && rows[i].last_seen_at !== null;
      startingIncidents(d, site, { alarmed, offline, haze }, now, this.random);
    });
    return devices;
  }

  /**
   * A drill: haze over a project's site from now for `minutes`, ambient PM2.5 × `level` (a stronger
   * one already in progress is kept). Null when no simulated device stands at that project.
   */
  haze(projectId: number, minutes: number, level: number): { until: number; level: number } | null {
    const site = this.sites.get(projectId);
    if (!site) return null;
    const now = this.now();
    const until = now + minutes * 60_000;
    const running = site.pollution.until > now;
    site.pollution = { until: Math.max(until, running ? site.pollution.until : 0), level: Math.max(level, running ? site.pollution.level : 0) };
    return { ...site.pollution };
  }

  /** One round: every device that is not silent sends every measure, in one ingest batch. */
  async tick(): Promise<IngestResult | null> {
    if (!this.loaded) await this.load();
    const now = this.now();
    for (const site of this.sites.values()) evolveSite(site, now, this.tickMs, this.random);
    const items: SampleItem[] = [];
    for (const d of this.devices) {
      evolve(d, this.sites.get(d.projectId)!, now, this.tickMs, this.random);
      if (d.silentUntil <= now) items.push(...this.sample(d, now));
    }
    return items.length ? this.o.ingest.ingest(items) : null;
  }

  /** Every measure of one device now. */
  private sample(d: SimDevice, now: number): SampleItem[] {
    const site = this.sites.get(d.projectId)!;
    const env: SignalEnv = {
      now, dtH: d.lastTs ? (now - d.lastTs) / 3_600_000 : 0, noise: this.noise, random: this.random,
      ambientPm25: ambientPm25(now, site.base, site.pollution.until > now ? site.pollution.level : 1),
      sitePowerKw: meterPowerKw(now, site.profile),
    };
    d.lastTs = now;
    return d.measures.map((m) => ({ deviceId: d.id, measureId: m.id, value: sampleValue(d, m, env), ts: now }));
  }

  /**
   * A gateway wrote `value` to a device's set-point (a `write` command it answered 0): the device
   * holds it and reports it from now on; a switch or frequency set-point moves its fan.
   */
  setPoint(deviceId: number, measureId: number, value: number): void {
    const d = this.devices.find((x) => x.id === deviceId);
    if (d?.measures.some((m) => m.id === measureId && m.kind === 'setpoint')) d.setPoints.set(measureId, value);
  }

  /** A gateway was asked to read these devices at once (a `refresh` command): those not silent send every measure now. */
  async sampleNow(deviceIds: readonly number[]): Promise<IngestResult | null> {
    if (!this.loaded) return null;
    const now = this.now();
    const wanted = new Set(deviceIds);
    const items = this.devices.filter((d) => wanted.has(d.id) && d.silentUntil <= now).flatMap((d) => this.sample(d, now));
    return items.length ? this.o.ingest.ingest(items) : null;
  }

  /** Runs `tick` every `tickMs` of wall time until `stop`. */
  start(): void {
    if (this.timer) return;
    const run = () => {
      if (this.inFlight) return;
      this.inFlight = this.tick().catch((err) => this.o.onError?.(err)).finally(() => { this.inFlight = null; });
    };
    this.timer = setInterval(run, this.tickMs);
    this.timer.unref();
    run();
  }

  /** Stops the timer and waits for the round in flight. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.inFlight;
  }
}
