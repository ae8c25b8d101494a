import { describe, expect, it } from 'vitest';
import { DEFAULT_STATE_COLORS, readCellBinding } from '../../../contract/graph/binding';
import { graphSymbol } from '../symbols/graphSymbols';
import { presentCell } from './cellPresentation';
import { createLiveStore } from './liveStore';

const binding = (attrs: Record<string, string>) => readCellBinding('c', (n) => attrs[n] ?? null)!;
const storeWith = (deviceState: number | undefined, value: number | null, alarm = false) => {
  const store = createLiveStore();
  if (deviceState !== undefined) store.devices.set(7, deviceState);
  store.points.set('7:3', { value, ts: 1, alarm, decimals: 2 });
  return store;
};

describe('cell presentation', () => {
  const label = binding({ symbol: 'valueLabel', deviceId: '7', measureId: '3', format: '0.0', unit: '℃', stateRules: '{"blink":true}' });

  it('shows the formatted value and keeps the readout colour while normal', () => {
    const p = presentCell(label, graphSymbol('valueLabel'), '', storeWith(1, 23.456))!;
    expect(p).toEqual({ text: '23.5 ℃', state: 'normal', style: { strokeColor: DEFAULT_STATE_COLORS.normal }, blink: false, flow: false });
  });

  it('turns red and blinks while the point is in alarm; offline beats alarm', () => {
    const alarm = presentCell(label, graphSymbol('valueLabel'), '送风温度', storeWith(1, 40, true))!;
    expect(alarm.state).toBe('alarm');
    expect(alarm.text).toBe('送风温度 40.0 ℃');
    expect(alarm.style).toEqual({ strokeColor: DEFAULT_STATE_COLORS.alarm, fontColor: DEFAULT_STATE_COLORS.alarm });
    expect(alarm.blink).toBe(true);
    const offline = presentCell(label, graphSymbol('valueLabel'), '', storeWith(0, 40, true))!;
    expect(offline.state).toBe('offline');
    expect(offline.blink).toBe(false);
    expect(presentCell(label, graphSymbol('valueLabel'), '', storeWith(undefined, 40))!.state).toBe('offline');
  });

  it('uses the measure decimals without a format, and -- without a value', () => {
    const plain = binding({ symbol: 'sensorPm', deviceId: '7', measureId: '3' });
    expect(presentCell(plain, graphSymbol('sensorPm'), 'PM2.5', storeWith(1, 8.5))!.text).toBe('PM2.5\n8.50');
    expect(presentCell(plain, graphSymbol('sensorPm'), '', storeWith(1, null))!.text).toBe('--');
  });

  it('a device-only cell follows the device state and keeps its label', () => {
    const fan = binding({ symbol: 'fan', deviceId: '7', stateRules: '{"flow":true,"alarm":"#ff0000"}' });
    const running = presentCell(fan, graphSymbol('fan'), 'F-1', storeWith(1, 0))!;
    expect(running).toMatchObject({ text: null, state: 'normal', flow: true });
    const alarm = presentCell(fan, graphSymbol('fan'), 'F-1', storeWith(2, 0))!;
    expect(alarm).toMatchObject({ state: 'alarm', style: { strokeColor: '#ff0000' }, flow: true });
    expect(presentCell(fan, graphSymbol('fan'), 'F-1', storeWith(0, 0))!.flow).toBe(false);
  });

  it('flows only while the bound point reads above zero; fills from the range', () => {
    const duct = binding({ symbol: 'duct', deviceId: '7', measureId: '3', stateRules: '{"flow":true,"fill":{"min":0,"max":200}}' });
    expect(presentCell(duct, graphSymbol('duct'), '', storeWith(1, 0))!.flow).toBe(false);
    const p = presentCell(duct, graphSymbol('duct'), '', storeWith(1, 50))!;
    expect(p.flow).toBe(true);
    expect(p.style.nvFill).toBe(0.25);
  });

  it('static cells (no device) have no presentation', () => {
    expect(presentCell(binding({ symbol: 'text' }), graphSymbol('text'), 'x', createLiveStore())).toBeNull();
  });
});
