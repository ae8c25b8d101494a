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
