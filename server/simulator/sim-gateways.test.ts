import { describe, expect, it } from 'vitest';
import { CommandCode } from '../../contract/gateway-commands';
import { SIM_BUSY_VALUE, simulatedResult, type SimDeviceFacts, type SimPointFacts } from './sim-gateways';

const devices = new Map<number, SimDeviceFacts>([[1, { state: 1, modelId: 10 }], [2, { state: 0, modelId: 10 }], [3, { state: 2, modelId: 10 }]]);
const points = new Map<number, SimPointFacts>([
  [100, { modelId: 10, modbusCode: 3, access: 2, min: 0, max: 50 }],
  [101, { modelId: 10, modbusCode: 4, access: 0, min: null, max: null }],
  [102, { modelId: 10, modbusCode: 3, access: 0, min: null, max: null }],
  [200, { modelId: 20, modbusCode: 3, access: 2, min: null, max: null }],
]);
const write = (deviceId: number, measureId: number, value: number) => ({
  kind: 'write' as const, deviceId, payload: { measureId, modbusCode: 3, registerAddr: 0, dataType: 'Float', value },
});

describe('simulated device answers', () => {
  it('answers writes by the documented triggers, in order', () => {
    expect(simulatedResult(write(1, 100, 20), devices, points).code).toBe(CommandCode.None);
    expect(simulatedResult(write(3, 100, 20), devices, points).code).toBe(CommandCode.None); // alarmed devices still answer
    expect(simulatedResult(write(9, 100, 20), devices, points)).toEqual({ code: CommandCode.NoSuchDevice, message: '设备不存在' });
    expect(simulatedResult(write(2, 100, 20), devices, points)).toEqual({ code: CommandCode.NoAnswer, message: '设备无应答' });
    expect(simulatedResult(write(2, 100, SIM_BUSY_VALUE), devices, points).code).toBe(CommandCode.NoAnswer);
    expect(simulatedResult(write(1, 100, SIM_BUSY_VALUE), devices, points)).toEqual({ code: CommandCode.DeviceBusy, message: '设备忙' });
    expect(simulatedResult(write(1, 100, 20), devices, points, new Set([1])).code).toBe(CommandCode.DeviceBusy);
    expect(simulatedResult(write(1, 200, 20), devices, points).code).toBe(CommandCode.ReadWriteError);
    expect(simulatedResult(write(1, 999, 20), devices, points).code).toBe(CommandCode.ReadWriteError);
    expect(simulatedResult(write(1, 101, 20), devices, points).code).toBe(CommandCode.FunctionUnsupported);
    expect(simulatedResult(write(1, 102, 20), devices, points).code).toBe(CommandCode.FunctionUnsupported);
    expect(simulatedResult(write(1, 100, 51), devices, points)).toEqual({ code: CommandCode.OutOfRange, message: '超出范围' });
    expect(simulatedResult(write(1, 100, -1), devices, points).code).toBe(CommandCode.OutOfRange);
  });

  it('answers a config push per device, the command taking the first failure', () => {
    const config = { kind: 'config' as const, deviceId: null, payload: { devices: [1, 2, 3, 9].map((deviceId) => ({ deviceId, deviceCode: '', deviceModelId: 10, registers: [] })) } };
    expect(simulatedResult(config, devices, points)).toEqual({
      code: CommandCode.NoAnswer, message: '设备无应答',
      devices: [
        { deviceId: 1, code: 0, message: '' }, { deviceId: 2, code: 11, message: '设备无应答' },
        { deviceId: 3, code: 0, message: '' }, { deviceId: 9, code: 12, message: '设备不存在' },
      ],
    });
    const fine = { ...config, payload: { devices: config.payload.devices.slice(0, 1) } };
    expect(simulatedResult(fine, devices, points).code).toBe(0);
  });

  it('restarts and refreshes an online device; a restart while busy is refused', () => {
    for (const kind of ['restart', 'refresh'] as const) {
      expect(simulatedResult({ kind, deviceId: 1, payload: {} }, devices, points).code).toBe(0);
      expect(simulatedResult({ kind, deviceId: 2, payload: {} }, devices, points).code).toBe(CommandCode.NoAnswer);
    }
    expect(simulatedResult({ kind: 'restart', deviceId: 1, payload: {} }, devices, points, new Set([1])).code).toBe(CommandCode.DeviceBusy);
    expect(simulatedResult({ kind: 'restart', deviceId: null, payload: {} }, devices, points).code).toBe(0);
  });

  it('answers upgrades with the upgrade error codes of SPEC §4, in order', () => {
    const upgrade = (deviceId: number, fileVer = 'V2.0.0', deviceModelId = 10) => ({
      kind: 'upgrade' as const, deviceId,
      payload: { taskId: 1, fileId: 1, fileVer, md5: 'd41d8cd98f00b204e9800998ecf8427e', size: 0, url: '/api/gateway/firmware/1', deviceModelId },
    });
    const fleet = new Map<number, SimDeviceFacts>([
      ...devices,
      [4, { state: 1, modelId: 10, firmwareVer: 'V2.0.0' }], [5, { state: 1, modelId: 10, firmwareVer: 'V1.9.9' }],
      [6, { state: 0, modelId: 10, neverSeen: true }],
    ]);
    expect(simulatedResult(upgrade(1), fleet, points)).toEqual({ code: 0 });
    expect(simulatedResult(upgrade(5), fleet, points).code).toBe(0);
    expect(simulatedResult(upgrade(6), fleet, points).code).toBe(0); // new, not silent
    expect(simulatedResult(upgrade(9), fleet, points)).toEqual({ code: 300, message: '升级失败' });
    expect(simulatedResult(upgrade(2), fleet, points)).toEqual({ code: 10, message: '固件未下载' });
    expect(simulatedResult(upgrade(1), fleet, points, new Set([1]))).toEqual({ code: 301, message: '设备忙' });
    expect(simulatedResult(upgrade(1, 'V2.0.0', 20), fleet, points)).toEqual({ code: 1, message: '不支持的固件类型' });
    expect(simulatedResult(upgrade(4), fleet, points)).toEqual({ code: 2, message: '已是最新版本' });
    expect(simulatedResult(upgrade(4, 'V1.10'), fleet, points).code).toBe(2);
    expect(simulatedResult(upgrade(4, 'V2.0.1'), fleet, points).code).toBe(0);
  });
});
