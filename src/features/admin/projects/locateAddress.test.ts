import { describe, expect, it } from 'vitest';
import { locateAddress, provincesOf, regionPoint } from './locateAddress';

const regions = [
  { id: 1, parentId: null, name: '华东区', lng: 120.5, lat: 31 },
  { id: 2, parentId: 1, name: '上海市', lng: 121.47, lat: 31.23 },
  { id: 3, parentId: 2, name: '浦东新区', lng: 121.54, lat: 31.22 },
  { id: 4, parentId: 2, name: '闵行区', lng: null, lat: null },
];
const provinces = provincesOf({ features: [
  { properties: { name: '江苏', cp: [119.767, 33.042] } },
  { properties: { name: '上海', cp: [121.473, 31.232] } },
  { properties: { name: 'broken' } },
] });

describe('locating a project offline', () => {
  it('takes the most precise region the address names, with or without its suffix', () => {
    expect(locateAddress('上海市浦东新区张江路 88 号', regions, provinces)).toEqual({ lng: 121.54, lat: 31.22, source: 'region', name: '浦东新区' });
    expect(locateAddress('上海闵行区某路', regions, provinces)).toEqual({ lng: 121.47, lat: 31.23, source: 'region', name: '上海市' });
  });

  it('falls back to the province of the offline map, then to nothing', () => {
    expect(locateAddress('苏州市工业园区星湖街', regions, provinces)).toBeNull();
    expect(locateAddress('江苏省苏州市工业园区', regions, provinces)).toEqual({ lng: 119.767, lat: 33.042, source: 'province', name: '江苏' });
    expect(locateAddress('   ', regions, provinces)).toBeNull();
  });

  it('places a region without coordinates at its nearest ancestor with some', () => {
    expect(regionPoint(regions, 4)).toEqual({ lng: 121.47, lat: 31.23, source: 'region', name: '上海市' });
    expect(regionPoint(regions, 99)).toBeNull();
    expect(regionPoint([{ id: 5, parentId: 5, name: '环', lng: null, lat: null }], 5)).toBeNull();
  });

  it('reads the provinces of the map file, skipping features without a label point', () => {
    expect(provinces.map((p) => p.name)).toEqual(['江苏', '上海']);
    expect(provincesOf(null)).toEqual([]);
  });
});
