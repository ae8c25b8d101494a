/** Enumerations of SPEC §3. Each is a value map plus a label table (zh, as the product shows them). */

export const OrgType = { Internal: 0, Owner: 1, Supplier: 2, Distributor: 3, Repairer: 4, Operator: 5 } as const;
export type OrgType = (typeof OrgType)[keyof typeof OrgType];
export const ORG_TYPE_LABELS: Record<OrgType, string> = {
  0: '内部', 1: '业主', 2: '供应商', 3: '经销商', 4: '维修商', 5: '运营商',
};

export const DeviceState = { Offline: 0, Online: 1, Alarm: 2 } as const;
export type DeviceState = (typeof DeviceState)[keyof typeof DeviceState];

export const CardStatus = {
  PendingActivation: 1, Activated: 2, Suspended: 4, Testable: 6, Stock: 7, PreCancellation: 8,
} as const;

export const MessageType = {
  General: 0, DeviceFault: 5, SystemAlarm: 6, LifeAlarm: 8, PurchaseRequest: 9, AppAudit: 12,
  /** Firmware upgrade and remote debugging (SPEC §3 names their data, not their numbers): issue 18. */
  Upgrade: 10, Debug: 11,
} as const;
export type MessageType = (typeof MessageType)[keyof typeof MessageType];
export const MESSAGE_TYPES = Object.values(MessageType) as MessageType[];

export const LogAction = {
  Login: 'login', Add: 'add', Edit: 'edit', Delete: 'delete', RemoteControl: 'remote-control', Backup: 'backup', Restore: 'restore',
} as const;
export type LogAction = (typeof LogAction)[keyof typeof LogAction];

/** Data-visibility right types of a role (SPEC §3, §6). */
export const RIGHT_TYPES = ['VDept', 'VOrg', 'VAll', 'VSpec', 'VRegion', 'VIndustry', 'VOrgExt', 'M', 'Allow', 'Audit'] as const;
export type RightType = (typeof RIGHT_TYPES)[number];

export const MeasureType = { NotCollected: -1, Sample: 0, Alarm: 1, Flag: 2 } as const;
export type MeasureType = (typeof MeasureType)[keyof typeof MeasureType];

export const WarnLevel = { Hint: 0, Minor: 1, Important: 2 } as const;
export type WarnLevel = (typeof WarnLevel)[keyof typeof WarnLevel];

export const RegisterAccess = { ReadOnly: 0, WriteOnly: 1, ReadWrite: 2 } as const;

export const ModbusCode = { Coil: 1, DiscreteInput: 2, HoldingRegister: 3, InputRegister: 4 } as const;

export const DeviceTypeId = {
  Dtu4G: 1, MonitoredDevice: 2, RelayTerminal: 3, RoLaGateway: 4,
  Sensor: 2001, ElectricityMeter: 2002, WaterMeter: 2003, GasMeter: 2004, Container: 2005, Filter: 2006,
} as const;
export type DeviceTypeId = (typeof DeviceTypeId)[keyof typeof DeviceTypeId];
export const DEVICE_TYPE_LABELS: Record<DeviceTypeId, string> = {
  1: '4G-DTU', 2: '监控设备', 3: '继电器/终端', 4: 'RoLa网关',
  2001: '传感器', 2002: '电表', 2003: '水表', 2004: '气表', 2005: '集装箱', 2006: '过滤器',
};
export const DEVICE_TYPE_LABELS_EN: Record<DeviceTypeId, string> = {
  1: '4G DTU', 2: 'Monitored device', 3: 'Relay/terminal', 4: 'RoLa gateway',
  2001: 'Sensor', 2002: 'Electricity meter', 2003: 'Water meter', 2004: 'Gas meter', 2005: 'Container', 2006: 'Filter',
};

/**
 * A device type's name in the user's language: SPEC §3's types keep the name the product gave
 * them translated, a name a site changed or a type it added stays as entered.
 */
export function deviceTypeName(id: number, stored: string, language: string): string {
  if (!language.startsWith('en') || DEVICE_TYPE_LABELS[id as DeviceTypeId] !== stored) return stored;
  return DEVICE_TYPE_LABELS_EN[id as DeviceTypeId];
}

export const DATA_TYPES = [
  'UInt16', 'Int16', 'UInt32', 'UInt32_CDAB', 'Int32', 'Int32_CDAB',
  'Float', 'Float_CDAB', 'Double', 'Double_GHEFCDAB', 'String', 'Blob', 'Boolean',
] as const;
export type DataType = (typeof DATA_TYPES)[number];

/** Measure tag ids (SPEC §3) with their zh names and units. */
export const MeasureTag = {
  SignalStrength: 1, PM25: 2, PM10: 3, PM1: 4, Resistance: 5, TotalEnergy: 6, AirVolume: 7,
  Temperature: 8, Humidity: 9, PM03: 10, HydrogenSulfide: 11, SulfurDioxide: 12,
} as const;
export type MeasureTagId = (typeof MeasureTag)[keyof typeof MeasureTag];
export const MEASURE_TAGS: Record<MeasureTagId, { name: string; unit: string }> = {
  1: { name: '信号强度', unit: 'dBm' },
  2: { name: 'PM2.5', unit: 'μg/m³' },
  3: { name: 'PM10', unit: 'μg/m³' },
  4: { name: 'PM1', unit: 'μg/m³' },
  5: { name: '阻力', unit: 'Pa' },
  6: { name: '总电能', unit: 'kWh' },
  7: { name: '风量', unit: 'm³/h' },
  8: { name: '温度', unit: '℃' },
  9: { name: '湿度', unit: '%RH' },
  10: { name: 'PM0.3', unit: '个/L' },
  11: { name: '硫化氢', unit: 'ppm' },
  12: { name: '二氧化硫', unit: 'ppm' },
};
