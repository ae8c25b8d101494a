import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHINA_MAP, chinaMapReady, loadChinaMap, resetChinaMapForTests } from './chinaMap';
import { CHINA_MAP_URL, fetchChinaMapJson, prefetchChinaMap } from './chinaMapSource';
import { echarts } from './echartsCore';

const GEOJSON = {
  type: 'FeatureCollection',
  features: [{ type: 'Feature', properties: { name: '上海' }, geometry: { type: 'Polygon', coordinates: [[[121, 31], [122, 31], [122, 32], [121, 31]]] } }],
};

const ok = () => ({ ok: true, status: 200, json: async () => GEOJSON });

describe('loadChinaMap', () => {
  beforeEach(() => resetChinaMapForTests());
  afterEach(() => vi.unstubAllGlobals());

  it('fetches the map once however many widgets ask, and registers it with ECharts', async () => {
    const fetchMock = vi.fn(async () => ok());
    vi.stubGlobal('fetch', fetchMock);
    await Promise.all([loadChinaMap(), loadChinaMap()]);
    await loadChinaMap();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith(CHINA_MAP_URL);
    expect(CHINA_MAP_URL).toMatch(/\/maps\/china\.json$/);
    expect(echarts.getMap(CHINA_MAP)).toBeTruthy();
  });

  it('forgets a failure, so the next call fetches again', async () => {
    const fetchMock = vi.fn()
      .mockResolvedValueOnce({ ok: false, status: 503, json: async () => ({}) })
      .mockResolvedValueOnce({ ok: true, status: 200, json: async () => ({ type: 'Topology' }) })
      .mockResolvedValueOnce(ok());
    vi.stubGlobal('fetch', fetchMock);
    await expect(loadChinaMap()).rejects.toThrow('HTTP 503');
    await expect(loadChinaMap()).rejects.toThrow('not a GeoJSON FeatureCollection');
    await expect(loadChinaMap()).resolves.toBeUndefined();
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('forgets a network error too', async () => {
    const fetchMock = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(ok());
    vi.stubGlobal('fetch', fetchMock);
    await expect(loadChinaMap()).rejects.toThrow('Failed to fetch');
    await loadChinaMap();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('chinaMapReady', () => {
  beforeEach(() => resetChinaMapForTests());
  afterEach(() => vi.unstubAllGlobals());

  it('registers a map fetched ahead at once, without waiting for a load', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => ok()));
    expect(chinaMapReady()).toBe(false);
    prefetchChinaMap();
    await vi.waitFor(() => expect(chinaMapReady()).toBe(true));
    expect(echarts.getMap(CHINA_MAP)).toBeTruthy();
  });

  it('leaves a fetched answer that is not a map to the load, which reports it', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => ({ ok: true, status: 200, json: async () => ({ type: 'Topology' }) })));
    await fetchChinaMapJson();
    expect(chinaMapReady()).toBe(false);
    await expect(loadChinaMap()).rejects.toThrow('not a GeoJSON FeatureCollection');
  });
});
