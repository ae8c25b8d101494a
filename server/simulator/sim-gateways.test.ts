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

  it('restarts, refreshes and upgrades an online device; a restart while busy is refused', () => {
    for (const kind of ['restart', 'refresh', 'upgrade'] as const) {
      expect(simulatedResult({ kind, deviceId: 1, payload: {} }, devices, points).code).toBe(0);
      expect(simulatedResult({ kind, deviceId: 2, payload: {} }, devices, points).code).toBe(CommandCode.NoAnswer);
    }
    expect(simulatedResult({ kind: 'restart', deviceId: 1, payload: {} }, devices, points, new Set([1])).code).toBe(CommandCode.DeviceBusy);
    expect(simulatedResult({ kind: 'restart', deviceId: null, payload: {} }, devices, points).code).toBe(0);
  });
});
