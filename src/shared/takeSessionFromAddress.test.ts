import { describe, expect, it } from 'vitest';
import { readAddressSession } from './takeSessionFromAddress';

describe('readAddressSession', () => {
  it('takes token and appId and keeps the rest of the address', () => {
    expect(readAddressSession('http://wall.local/monitor?token=abc&appId=3&projectId=7#top')).toEqual({
      token: 'abc', appId: 3, cleanUrl: '/monitor?projectId=7#top',
    });
  });

  it('cleans the address of an empty or "null" token without storing it', () => {
    expect(readAddressSession('http://wall.local/?token=null')).toEqual({ token: undefined, appId: undefined, cleanUrl: '/' });
    expect(readAddressSession('http://wall.local/?appId=x')).toEqual({ token: undefined, appId: undefined, cleanUrl: '/' });
  });

  it('leaves an address without them alone', () => {
    expect(readAddressSession('http://wall.local/nv_system/nv_users?redirect=%2F')).toEqual({});
  });
});

describe('readAddressSession with a hash route (project monitoring, SPEC §2)', () => {
  it('turns the hash route at the root into its path and takes the token and appId out of its query', () => {
    expect(readAddressSession('http://console.local/#/nv_project_monitor/nv_project_monitor?appId=1&token=tok%2Ben')).toEqual({
      token: 'tok+en', appId: 1, cleanUrl: '/nv_project_monitor/nv_project_monitor',
    });
  });

  it('keeps the other parameters of both queries and routes a hash route without a token too', () => {
    expect(readAddressSession('http://console.local/?lang=en#/nv_project_monitor/nv_project_monitor?projectId=7&token=t')).toEqual({
      token: 't', appId: undefined, cleanUrl: '/nv_project_monitor/nv_project_monitor?lang=en&projectId=7',
    });
    expect(readAddressSession('http://console.local/index.html#/nv_project_monitor/nv_project_monitor')).toEqual({
      token: undefined, appId: undefined, cleanUrl: '/nv_project_monitor/nv_project_monitor',
    });
  });

  it('leaves an anchor, and a hash under another path, alone', () => {
    expect(readAddressSession('http://console.local/monitor#top')).toEqual({});
    expect(readAddressSession('http://console.local/nv_notice#/x?token=t')).toEqual({});
  });
});
