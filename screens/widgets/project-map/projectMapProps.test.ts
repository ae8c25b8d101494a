import { describe, expect, it } from 'vitest';
import { DEFAULT_STATE_COLOURS } from '../shared/projectList';
import { testLocated } from '../shared/testProject';
import { amapMarkerSpec, amapShouldCluster, AMAP_CLUSTER_ABOVE } from './amapMarkers';
import { chooseMapPath } from './projectMapMode';
import { readProjectMapProps } from './projectMapProps';
import { markerSize } from './projectMapOptions';

describe('readProjectMapProps', () => {
  it('reads cluster, colours and mode', () => {
    expect(readProjectMapProps({ cluster: true, stateColours: { alarm: '#f00' }, mode: 'offline' }))
      .toEqual({ cluster: true, stateColours: { ...DEFAULT_STATE_COLOURS, alarm: '#f00' }, mode: 'offline' });
  });

  it('falls back to defaults for missing or malformed props', () => {
    expect(readProjectMapProps(undefined)).toEqual({ cluster: false, stateColours: DEFAULT_STATE_COLOURS, mode: null });
    expect(readProjectMapProps({ cluster: 'yes', stateColours: 5, mode: 'google', fallback: 'china' }))
      .toEqual({ cluster: false, stateColours: DEFAULT_STATE_COLOURS, mode: null });
  });
});

describe('chooseMapPath', () => {
  it('never tries AMap offline, always in amap mode, and in auto mode only with a key', () => {
    expect(chooseMapPath('offline', 'key')).toBe('offline');
    expect(chooseMapPath('amap', '')).toBe('amap');
    expect(chooseMapPath('amap', 'key')).toBe('amap');
    expect(chooseMapPath('auto', 'key')).toBe('amapThenOffline');
    expect(chooseMapPath('auto', '')).toBe('offline');
    expect(chooseMapPath('auto', '   ')).toBe('offline');
  });
});

describe('AMap markers', () => {
  it('are dots coloured by state and sized like the offline map, titled with name and city', () => {
    const spec = amapMarkerSpec(testLocated(1, { name: '甲', city: '杭州', lng: 120.2, lat: 30.3, state: 'alarm', devices: 16 }), DEFAULT_STATE_COLOURS);
    expect(spec.position).toEqual([120.2, 30.3]);
    expect(spec.size).toBe(markerSize(16));
    expect(spec.html).toContain(`background:${DEFAULT_STATE_COLOURS.alarm}`);
    expect(spec.title).toBe('甲 · 杭州');
    expect(amapMarkerSpec(testLocated(2, { name: '乙', city: '' }), DEFAULT_STATE_COLOURS).title).toBe('乙');
  });

  it('are grouped only when asked and numerous', () => {
    expect(amapShouldCluster(true, AMAP_CLUSTER_ABOVE + 1)).toBe(true);
    expect(amapShouldCluster(true, AMAP_CLUSTER_ABOVE)).toBe(false);
    expect(amapShouldCluster(false, 500)).toBe(false);
  });
});
