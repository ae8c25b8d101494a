import type { Transaction } from 'kysely';
import { ConditionType } from '../../contract/conditions';
import {
  DeviceTypeId, MEASURE_TAGS, MeasureTag, MeasureType, ModbusCode, RegisterAccess, WarnLevel, type DataType, type MeasureTagId,
} from '../../contract/enums';
import type { DB } from '../db/schema';

interface MeasureSeed {
  name: string;
  tag?: number;
  unit?: string;
  type?: number;
  decimals?: number;
  min?: number;
  max?: number;
  /** Alarm rule: condition type, conditionVal1/2 and warn level. */
  alarm?: [condition: number, val1: number | null, val2: number | null, level: number];
  printf?: string;
  /** A writable set-point (access read-write) at this function code, register and type. */
  setPoint?: { modbusCode: number; registerAddr: number; dataType: DataType };
}

interface ModelSeed {
  code: string;
  name: string;
  type: DeviceTypeId;
  measures: MeasureSeed[];
}

const FAULT_BITS = JSON.stringify({ 0: '风机过载', 1: '滤网堵塞', 2: '门未关闭', 3: '电源异常' });
/** The labels of 运行模式's values (the remote control offers them). */
const RUN_MODES = JSON.stringify({ 0: '自动', 1: '手动', 2: '睡眠' });

/** Device models of every device type of SPEC §3, with measure points for every measure tag. */
export const DEMO_MODELS: ModelSeed[] = [
  { code: 'NV-F600', name: 'NV-F600 高效过滤器', type: DeviceTypeId.Filter, measures: [
    { name: '阻力', tag: MeasureTag.Resistance, min: 0, max: 600, alarm: [ConditionType.Gt, 450, null, WarnLevel.Important] },
    { name: '风量', tag: MeasureTag.AirVolume, decimals: 0, min: 0, max: 12000, alarm: [ConditionType.Lt, 2000, null, WarnLevel.Minor] },
    { name: '出口PM2.5', tag: MeasureTag.PM25, min: 0, max: 500 },
    { name: '出口PM0.3', tag: MeasureTag.PM03, decimals: 0, min: 0, max: 100000 },
  ] },
  { code: 'NV-S200', name: 'NV-S200 空气质量传感器', type: DeviceTypeId.Sensor, measures: [
    { name: 'PM2.5', tag: MeasureTag.PM25, min: 0, max: 500, alarm: [ConditionType.Gte, 75, null, WarnLevel.Minor] },
    { name: 'PM10', tag: MeasureTag.PM10, min: 0, max: 600, alarm: [ConditionType.Gt, 150, null, WarnLevel.Minor] },
    { name: 'PM1', tag: MeasureTag.PM1, min: 0, max: 300 },
    { name: '温度', tag: MeasureTag.Temperature, min: -20, max: 60, alarm: [ConditionType.LtOrGt, 10, 35, WarnLevel.Hint] },
    { name: '湿度', tag: MeasureTag.Humidity, min: 0, max: 100, alarm: [ConditionType.LteOrGte, 20, 80, WarnLevel.Hint] },
    { name: '硫化氢', tag: MeasureTag.HydrogenSulfide, decimals: 2, min: 0, max: 50, alarm: [ConditionType.Gte, 10, null, WarnLevel.Important] },
    // Ambient SO₂ is a few ppb (0.001 ppm ≈ 2.6 μg/m³): three decimals; a jump of 0.05 ppm is a plume.
    { name: '二氧化硫', tag: MeasureTag.SulfurDioxide, decimals: 3, min: 0, max: 50, alarm: [ConditionType.ChangeGte, 0.05, null, WarnLevel.Minor] },
  ] },
  { code: 'NV-AP900', name: 'NV-AP900 空气净化机组', type: DeviceTypeId.MonitoredDevice, measures: [
    { name: '送风PM2.5', tag: MeasureTag.PM25, min: 0, max: 500 },
    { name: '送风量', tag: MeasureTag.AirVolume, decimals: 0, min: 0, max: 30000 },
    { name: '累计电能', tag: MeasureTag.TotalEnergy, min: 0 },
    { name: '回风温度', tag: MeasureTag.Temperature, min: -20, max: 60 },
    { name: '回风湿度', tag: MeasureTag.Humidity, min: 0, max: 100 },
    { name: '故障状态', type: MeasureType.Alarm, decimals: 0, alarm: [ConditionType.Bitwise, null, null, WarnLevel.Important], printf: FAULT_BITS },
    // Set-points a user with device-control writes (remote control); migration 016 gives them to existing databases.
    { name: '开关', type: MeasureType.Flag, decimals: 0, min: 0, max: 1, setPoint: { modbusCode: ModbusCode.Coil, registerAddr: 0, dataType: 'Boolean' } },
    { name: '运行模式', type: MeasureType.Flag, decimals: 0, min: 0, max: 2, printf: RUN_MODES,
      setPoint: { modbusCode: ModbusCode.HoldingRegister, registerAddr: 100, dataType: 'UInt16' } },
    { name: '风机频率设定', unit: 'Hz', decimals: 1, min: 0, max: 50, setPoint: { modbusCode: ModbusCode.HoldingRegister, registerAddr: 101, dataType: 'UInt16' } },
    { name: '风量设定', unit: 'm³/h', decimals: 0, min: 0, max: 30000, setPoint: { modbusCode: ModbusCode.HoldingRegister, registerAddr: 102, dataType: 'UInt16' } },
  ] },
  { code: 'NV-EM30', name: 'NV-EM30 三相电表', type: DeviceTypeId.ElectricityMeter, measures: [
    { name: '总电能', tag: MeasureTag.TotalEnergy, min: 0 },
    { name: '有功功率', unit: 'kW', min: 0, max: 500, alarm: [ConditionType.Gt, 300, null, WarnLevel.Minor] },
  ] },
  { code: 'NV-WM10', name: 'NV-WM10 远传水表', type: DeviceTypeId.WaterMeter, measures: [
    { name: '累计水量', unit: 'm³', decimals: 2, min: 0 },
  ] },
  { code: 'NV-GM10', name: 'NV-GM10 燃气表', type: DeviceTypeId.GasMeter, measures: [
    { name: '累计气量', unit: 'm³', decimals: 2, min: 0 },
  ] },
  { code: 'NV-DTU4G', name: 'NV-DTU 4G数据终端', type: DeviceTypeId.Dtu4G, measures: [
    { name: '信号强度', tag: MeasureTag.SignalStrength, decimals: 0, min: -120, max: 0, alarm: [ConditionType.Lt, -105, null, WarnLevel.Hint] },
  ] },
  { code: 'NV-RG100', name: 'NV-RG100 RoLa网关', type: DeviceTypeId.RoLaGateway, measures: [
    { name: '信号强度', tag: MeasureTag.SignalStrength, decimals: 0, min: -120, max: 0 },
  ] },
  { code: 'NV-RT8', name: 'NV-RT8 八路继电器', type: DeviceTypeId.RelayTerminal, measures: [
    { name: '继电器状态', type: MeasureType.Flag, decimals: 0, min: 0, max: 255 },
  ] },
  { code: 'NV-C20', name: 'NV-C20 滤材集装箱', type: DeviceTypeId.Container, measures: [
    { name: '箱内温度', tag: MeasureTag.Temperature, min: -20, max: 60 },
    { name: '箱内湿度', tag: MeasureTag.Humidity, min: 0, max: 100, alarm: [ConditionType.Gt, 85, null, WarnLevel.Minor] },
  ] },
];

/** Inserts manufacturers, categories, the models and their measure points; returns model ids by code. */
export async function seedCatalogue(trx: Transaction<DB>, now: number): Promise<Map<string, { id: number; type: number }>> {
  const maker = (await trx.insertInto('t_manufactor').values([
    { name: '诺维环境科技', contact: '王工', phone: '021-55550000' },
    { name: '恒流滤材', contact: '陈经理', phone: '0512-66660000' },
  ]).returning('id').execute()).map((r) => r.id);
  const scheme = (await trx.insertInto('t_device_category_scheme').values({ name: '标准分类' }).returning('id').executeTakeFirstOrThrow()).id;
  const categories = (await trx.insertInto('t_device_category').values([
    { scheme_id: scheme, name: '净化设备' }, { scheme_id: scheme, name: '监测仪表' }, { scheme_id: scheme, name: '通信设备' },
  ]).returning('id').execute()).map((r) => r.id);
  const categoryOf = (type: number) => type >= 2001 && type <= 2004 ? categories[1] : type === 1 || type === 3 || type === 4 ? categories[2] : categories[0];
  const out = new Map<string, { id: number; type: number }>();
  for (const m of DEMO_MODELS) {
    const id = (await trx.insertInto('t_device_model').values({
      name: m.name, code: m.code, device_type_id: m.type, manufactor_id: m.type === DeviceTypeId.Filter ? maker[1] : maker[0],
      category_id: categoryOf(m.type), created_at: now,
    }).returning('id').executeTakeFirstOrThrow()).id;
    const group = (await trx.insertInto('t_measure_group').values({ device_model_id: id, name: '默认分组' }).returning('id').executeTakeFirstOrThrow()).id;
    await trx.insertInto('t_measure').values(m.measures.map((s, i) => ({
      device_model_id: id, group_id: group, tag_id: s.tag ?? null, name: s.name,
      unit: s.unit ?? (s.tag ? MEASURE_TAGS[s.tag as MeasureTagId].unit : ''), measure_type: s.type ?? MeasureType.Sample, decimals: s.decimals ?? 1,
      register_addr: s.setPoint?.registerAddr ?? i * 2, modbus_code: s.setPoint?.modbusCode ?? ModbusCode.HoldingRegister,
      data_type: s.setPoint?.dataType ?? 'Float', access: s.setPoint ? RegisterAccess.ReadWrite : RegisterAccess.ReadOnly, min_value: s.min ?? null, max_value: s.max ?? null,
      condition_type: s.alarm?.[0] ?? null, condition_val1: s.alarm?.[1] ?? null, condition_val2: s.alarm?.[2] ?? null,
      warn_level: s.alarm?.[3] ?? 0, alarm_enabled: s.alarm ? 1 : 0, printf: s.printf ?? '', sort_order: i,
    }))).execute();
    out.set(m.code, { id, type: m.type });
  }
  return out;
}
