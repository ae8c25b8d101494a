import { beforeAll, describe, expect, it } from 'vitest';
import { iotCardUrl, projectMonitorUrl } from './launchUrls';

beforeAll(() => {
  (globalThis as { window?: unknown }).window ??= { location: { origin: 'http://console.local' } };
});

describe('projectMonitorUrl', () => {
  it('adds the hash route with appId 1 and the token', () => {
    expect(projectMonitorUrl('http://pm.local/app/', 'tok en')).toBe(
      'http://pm.local/app/#/nv_project_monitor/nv_project_monitor?appId=1&token=tok+en',
    );
    expect(projectMonitorUrl('http://pm.local/#/old', 't')).toBe('http://pm.local/#/nv_project_monitor/nv_project_monitor?appId=1&token=t');
  });
});

describe('iotCardUrl', () => {
  it('passes the card platform token when errCode is 0', () => {
    expect(iotCardUrl('http://card.local/home', '{"errCode":0,"result":{"token":"abc"}}')).toBe('http://card.local/home?token=abc');
  });

  it('passes the literal null otherwise', () => {
    expect(iotCardUrl('http://card.local/home', '{"errCode":3,"result":{"token":"abc"}}')).toBe('http://card.local/home?token=null');
    expect(iotCardUrl('http://card.local/home', 'garbage')).toBe('http://card.local/home?token=null');
  });
});
