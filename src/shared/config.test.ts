import { describe, expect, it } from 'vitest';
import { parseRuntimeConfig } from './config';

const valid = {
  apiBaseUrl: 'http://platform.local:8080/',
  appApiBaseUrl: '/app-api',
  appId: 1,
  projectMonitorUrl: '',
  iotCardHomeUrl: '',
  showWarningDialog: true,
  showOnlineDialog: false,
  map: { key: '', securityCode: '', mode: 'auto' },
};

describe('parseRuntimeConfig', () => {
  it('accepts the shipped shape and drops trailing slashes from the bases', () => {
    const config = parseRuntimeConfig(valid);
    expect(config.apiBaseUrl).toBe('http://platform.local:8080');
    expect(config.appApiBaseUrl).toBe('/app-api');
    expect(config.map.mode).toBe('auto');
  });

  it('names the first bad field', () => {
    expect(() => parseRuntimeConfig({ ...valid, appId: 0 })).toThrow('"appId" must be a positive integer, got 0');
    expect(() => parseRuntimeConfig({ ...valid, map: { ...valid.map, mode: 'google' } }))
      .toThrow('"map.mode" must be "auto", "amap" or "offline", got "google"');
    expect(() => parseRuntimeConfig({ ...valid, showOnlineDialog: 'yes' })).toThrow('"showOnlineDialog" must be true or false');
  });

  it('rejects anything but an object', () => {
    expect(() => parseRuntimeConfig([])).toThrow('the file must hold a JSON object');
    expect(() => parseRuntimeConfig(null)).toThrow('the file must hold a JSON object');
  });
});
