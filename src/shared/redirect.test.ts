import { describe, expect, it } from 'vitest';
import { loginUrlFor, safeRedirect } from './redirect';

describe('safeRedirect', () => {
  it('keeps in-app paths with their query', () => {
    expect(safeRedirect('/nv_system/nv_users')).toBe('/nv_system/nv_users');
    expect(safeRedirect('/monitor?projectId=3')).toBe('/monitor?projectId=3');
  });

  it('sends anything off-site, empty or back to login to the root', () => {
    for (const raw of [null, '', 'https://evil.example', '//evil.example', '/\\evil.example', '/passport/login', '/login?redirect=/x']) {
      expect(safeRedirect(raw)).toBe('/');
    }
  });
});

describe('loginUrlFor', () => {
  it('carries the path as an encoded redirect query', () => {
    expect(loginUrlFor('/nv_system/nv_users')).toBe('/passport/login?redirect=%2Fnv_system%2Fnv_users');
    expect(loginUrlFor('/')).toBe('/passport/login');
  });
});
