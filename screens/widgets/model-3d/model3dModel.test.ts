import { describe, expect, it } from 'vitest';
import type { Widget } from '../../../contract/screen-template';
import { REFETCH, type LiveEvent } from '../../runtime/types';
import { WALL_THEMES } from '../shared/screenTheme';
import {
  applyModel3dLive, buildModel3dView, FILTER_COLOURS, filterColourOf, fitFontSize, MAX_FAN_RPS, readFeaturedUnit, readModel3dProps,
  type FeaturedUnitData,
} from './model3dModel';

const unit = (patch: Partial<FeaturedUnitData> = {}): FeaturedUnitData => ({
  deviceId: 7, name: 'NV-AP900 #1', projectName: '一号厂房', state: 1, airVolume: 1500, airVolumeMax: 3000,
  pm25: 12.4, filterPct: 64, running: true, ts: 1_700_000_000_000, ...patch,
});
const widget = { id: 'unit3d', type: 'model3d', x: 0, y: 0, w: 420, h: 560, z: 0, props: {} } as Widget;

describe('readFeaturedUnit', () => {
  it('is null for no unit or something that is not one', () => {
    expect(readFeaturedUnit(null)).toBeNull();
    expect(readFeaturedUnit(undefined)).toBeNull();
    expect(readFeaturedUnit([1, 2])).toBeNull();
    expect(readFeaturedUnit({ name: 'x' })).toBeNull();
  });

  it('keeps a well-formed answer and repairs bad fields', () => {
    expect(readFeaturedUnit(unit())).toEqual(unit());
    const repaired = readFeaturedUnit({ deviceId: 3, airVolume: 'a lot', airVolumeMax: null, pm25: Number.NaN, running: 'yes' });
    expect(repaired).toMatchObject({ deviceId: 3, name: '', state: 0, airVolume: null, airVolumeMax: 0, pm25: null, running: false });
  });
});

describe('readModel3dProps', () => {
  it('defaults to the turning purifier and ignores bad values', () => {
    expect(readModel3dProps(undefined)).toEqual({ model: 'purifier', autoRotate: true });
    expect(readModel3dProps({ autoRotate: 'no', model: 'chiller' })).toEqual({ model: 'purifier', autoRotate: true });
    expect(readModel3dProps({ autoRotate: false })).toEqual({ model: 'purifier', autoRotate: false });
  });
});

describe('filterColourOf', () => {
  it('is green above 50, amber from 20 to 50, red below 20, grey when unknown', () => {
    expect(filterColourOf(50.5)).toBe(FILTER_COLOURS.good);
    expect(filterColourOf(50)).toBe(FILTER_COLOURS.worn);
    expect(filterColourOf(20)).toBe(FILTER_COLOURS.worn);
    expect(filterColourOf(19.9)).toBe(FILTER_COLOURS.change);
    expect(filterColourOf(0)).toBe(FILTER_COLOURS.change);
    expect(filterColourOf(null)).toBe(FILTER_COLOURS.unknown);
  });
});

describe('fitFontSize', () => {
  it('keeps short values at full size and shrinks long ones to fit, down to a floor', () => {
    expect(fitFontSize('64', 104)).toBe(32);
    expect(fitFontSize('12,800', 104)).toBeLessThan(32);
    expect(fitFontSize('12,800', 104) * 6 * 0.62).toBeLessThanOrEqual(104);
    expect(fitFontSize('1,234,567,890', 104)).toBe(20);
  });
});

describe('buildModel3dView', () => {
  it('turns the fan in proportion to the air volume and runs the airflow', () => {
    const view = buildModel3dView(unit());
    expect(view.fanRpsTarget).toBeCloseTo(MAX_FAN_RPS / 2);
    expect(view.flow).toBeCloseTo(0.5);
    expect(view.particlesOn).toBe(true);
    expect(view.stateKey).toBe('online');
    expect(view.stateColour).toBe(WALL_THEMES.dark.state.online);
    expect(view.filterColour).toBe(FILTER_COLOURS.good);
    expect(view.readouts).toEqual([
      { key: 'airVolume', value: '1,500', unit: 'm³/h', colour: WALL_THEMES.dark.accent },
      { key: 'pm25', value: '12', unit: 'μg/m³', colour: WALL_THEMES.dark.textStrong },
      { key: 'filter', value: '64', unit: '%', colour: FILTER_COLOURS.good },
    ]);
  });

  it('rounds the readouts to whole numbers with thousands separators', () => {
    expect(buildModel3dView(unit({ airVolume: 12499.6, pm25: 7.5, filterPct: 19.4 })).readouts.map((r) => r.value)).toEqual(['12,500', '8', '19']);
  });

  it('caps the fan at full speed above the rated volume, and runs at full speed without a rating', () => {
    expect(buildModel3dView(unit({ airVolume: 4000 })).fanRpsTarget).toBe(MAX_FAN_RPS);
    expect(buildModel3dView(unit({ airVolumeMax: 0 })).fanRpsTarget).toBe(MAX_FAN_RPS);
  });

  it('stops the fan and the airflow when the unit does not run', () => {
    for (const u of [unit({ running: false }), unit({ airVolume: null, running: false }), unit({ state: 0, running: true })]) {
      const view = buildModel3dView(u);
      expect(view.fanRpsTarget).toBe(0);
      expect(view.particlesOn).toBe(false);
    }
  });

  it('pulses red on alarm and greys everything out when offline', () => {
    const alarm = buildModel3dView(unit({ state: 2 }));
    expect(alarm).toMatchObject({ stateKey: 'alarm', alarm: true, stateColour: WALL_THEMES.dark.state.alarm });
    const offline = buildModel3dView(unit({ state: 0, running: false, airVolume: null, pm25: null }));
    expect(offline).toMatchObject({ stateKey: 'offline', alarm: false, stateColour: WALL_THEMES.dark.state.offline });
    expect(offline.readouts.map((r) => r.colour)).toEqual([WALL_THEMES.dark.textMuted, WALL_THEMES.dark.textMuted, WALL_THEMES.dark.textMuted]);
    expect(offline.readouts.map((r) => r.value)).toEqual(['--', '--', '64']);
  });

  it('shows an unknown filter as a dash on grey filters, and clamps the percentage', () => {
    const unknown = buildModel3dView(unit({ filterPct: null }));
    expect(unknown.filterColour).toBe(FILTER_COLOURS.unknown);
    expect(unknown.readouts[2].value).toBe('--');
    expect(buildModel3dView(unit({ filterPct: 130 })).readouts[2].value).toBe('100');
  });
});

describe('applyModel3dLive', () => {
  const state = (deviceId: number, s: number): LiveEvent => ({ event: 'deviceState', data: { deviceId, projectId: 1, state: s, ts: 1 } });

  it('folds a new state of the shown unit into a new object', () => {
    const data = unit();
    const next = applyModel3dLive(data, state(7, 2), widget);
    expect(next).toEqual({ ...data, state: 2 });
    expect(next).not.toBe(data);
  });

  it('stops the unit when it goes offline and re-reads it when it comes back', () => {
    expect(applyModel3dLive(unit(), state(7, 0), widget)).toMatchObject({ state: 0, running: false });
    expect(applyModel3dLive(unit({ state: 0, running: false }), state(7, 1), widget)).toBe(REFETCH);
  });

  it('ignores pushes about other devices, unchanged states and missing data', () => {
    expect(applyModel3dLive(unit(), state(8, 2), widget)).toBeUndefined();
    expect(applyModel3dLive(unit(), state(7, 1), widget)).toBeUndefined();
    expect(applyModel3dLive(undefined, state(7, 2), widget)).toBeUndefined();
    expect(applyModel3dLive(null, state(7, 2), widget)).toBeUndefined();
  });

  it('takes the device state an alarm push carries', () => {
    const alarm = (deviceId: number, deviceState: number) => ({
      event: 'measureWarning', data: { action: 'raise', alarm: { deviceId, deviceState } },
    }) as unknown as LiveEvent;
    expect(applyModel3dLive(unit(), alarm(7, 2), widget)).toMatchObject({ state: 2 });
    expect(applyModel3dLive(unit(), alarm(9, 2), widget)).toBeUndefined();
  });

  it('re-reads the source when the unit reports new values', () => {
    const values = (...ids: number[]): LiveEvent => ({
      event: 'measureValues', data: { items: ids.map((deviceId) => ({ deviceId, measureId: 1, projectId: 1, value: 1, ts: 1 })) },
    });
    expect(applyModel3dLive(unit(), values(3, 7), widget)).toBe(REFETCH);
    expect(applyModel3dLive(unit(), values(3, 4), widget)).toBeUndefined();
  });
});
