import { DeviceTypeId, MeasureTag, MeasureType, ModbusCode, RegisterAccess } from '../../contract/enums';

/** What a measure point measures, as far as the simulator is concerned. */
export type SignalKind =
  | 'pm25' | 'pm10' | 'pm1' | 'pm03' | 'resistance' | 'energy' | 'airVolume' | 'temperature' | 'humidity'
  | 'h2s' | 'so2' | 'signal' | 'fault' | 'power' | 'water' | 'gas' | 'relay' | 'setpoint' | 'generic';

const BY_TAG: Record<number, SignalKind> = {
  [MeasureTag.SignalStrength]: 'signal', [MeasureTag.PM25]: 'pm25', [MeasureTag.PM10]: 'pm10', [MeasureTag.PM1]: 'pm1',
  [MeasureTag.Resistance]: 'resistance', [MeasureTag.TotalEnergy]: 'energy', [MeasureTag.AirVolume]: 'airVolume',
  [MeasureTag.Temperature]: 'temperature', [MeasureTag.Humidity]: 'humidity', [MeasureTag.PM03]: 'pm03',
  [MeasureTag.HydrogenSulfide]: 'h2s', [MeasureTag.SulfurDioxide]: 'so2',
};

export interface SimMeasure {
  id: number;
  name: string;
  unit?: string;
  kind: SignalKind;
  decimals: number;
  min: number | null;
  max: number | null;
  /** The measure's bitwise rule, if any (fault reports). */
  conditionType: number | null;
  /** A writable set-point: what it reads before any write (`setpoint` kind only). */
  initial?: number;
  /** A coil (function code 1): the unit's on/off switch. */
  coil?: boolean;
}

/** What a measure point is, as the simulator reads it from t_measure. */
export interface MeasureFacts {
  tag_id: number | null; name: string; unit: string; condition_type: number | null; measure_type: number;
  access?: number; modbus_code?: number; min_value?: number | null; max_value?: number | null;
}

/**
 * A writable point's reading before any write: a coil is on, a flag (a mode) at its first value,
 * a frequency or flow set-point at 90 % of its range.
 */
export function initialSetPoint(m: MeasureFacts): number {
  if (m.modbus_code === ModbusCode.Coil) return 1;
  const lo = m.min_value ?? 0;
  if (m.measure_type === MeasureType.Flag || m.max_value === null || m.max_value === undefined) return lo;
  return lo + 0.9 * (m.max_value - lo);
}

/** The kind of a measure: by its measure tag, else by what its name and unit say. */
export function kindOf(m: MeasureFacts): SignalKind {
  // A writable point reads what was last written to it.
  if (m.access !== undefined && m.access !== RegisterAccess.ReadOnly) return 'setpoint';
  if (m.tag_id !== null && BY_TAG[m.tag_id]) return BY_TAG[m.tag_id];
  if (m.condition_type === 15 || m.name.includes('故障')) return 'fault';
  if (m.unit === 'kW' || m.name.includes('功率')) return 'power';
  if (m.name.includes('水')) return 'water';
  if (m.name.includes('气量')) return 'gas';
  if (m.name.includes('继电器')) return 'relay';
  return 'generic';
}

/** A time-limited condition: active while `until` lies ahead. */
export interface Spell { until: number; level: number }

/** The state the simulator keeps per device between ticks. */
export class SimDevice {
  /** Filter loading 0..1: resistance rises with it, air volume falls. */
  load = 0.3;
  fanOn = true;
  fanOffUntil = 0;
  faultBits = 0;
  faultUntil = 0;
  /** The device sends nothing until then (offline). */
  silentUntil = 0;
  readonly spells = new Map<SignalKind, Spell>();
  readonly counters = new Map<number, number>();
  readonly walk = new Map<number, number>();
  relayBits = 0;
  lastTs = 0;
  /** The values written to the device's set-points (by measure id), as it holds them. */
  readonly setPoints = new Map<number, number>();

  constructor(
    readonly id: number,
    readonly projectId: number | null,
    readonly deviceTypeId: number,
    /** Replaced when a gateway applies a new register map (Simulator.reloadDevices). */
    public measures: SimMeasure[],
  ) {}

  /** Ambient air (a sensor) rather than air behind a filter. */
  get measuresAmbient(): boolean {
    return this.deviceTypeId === DeviceTypeId.Sensor;
  }

  spell(kind: SignalKind, now: number): Spell | null {
    const s = this.spells.get(kind);
    return s && s.until > now ? s : null;
  }

  has(kind: SignalKind): boolean {
    return this.measures.some((m) => m.kind === kind);
  }

  /** What a set-point reads now: the last value written, else its initial one. */
  setPoint(m: SimMeasure): number {
    return this.setPoints.get(m.id) ?? m.initial ?? m.min ?? 0;
  }

  /** The unit's switch (a writable coil) is off: its fan stands still. */
  get switchedOff(): boolean {
    const coil = this.measures.find((m) => m.kind === 'setpoint' && m.coil);
    return !!coil && this.setPoint(coil) === 0;
  }

  /** The fan's speed from its frequency set-point (Hz over the top of its range), 1 without one. */
  get speed(): number {
    const hz = this.measures.find((m) => m.kind === 'setpoint' && m.unit === 'Hz');
    if (!hz || !hz.max) return 1;
    return Math.min(1, Math.max(0, this.setPoint(hz) / hz.max));
  }
}
