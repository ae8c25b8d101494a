import { describe, expect, it } from 'vitest';
import { avatarUrl, DEFAULT_AVATAR_URL } from './avatar';

describe('avatarUrl', () => {
  it('uses the built-in image for the default names and for none', () => {
    for (const avatar of ['', '  ', 'defaultuser.png', 'defaultsite.png', null, undefined]) {
      expect(avatarUrl(avatar, 'http://platform:8080')).toBe(DEFAULT_AVATAR_URL);
    }
  });

  it('prefixes a stored path with the base URL', () => {
    expect(avatarUrl('/api/files/avatar/ab.png', 'http://platform:8080')).toBe('http://platform:8080/api/files/avatar/ab.png');
    expect(avatarUrl('/api/files/avatar/ab.png', '')).toBe('/api/files/avatar/ab.png');
    expect(avatarUrl('files/x.png', '')).toBe('/files/x.png');
  });

  it('keeps full addresses', () => {
    expect(avatarUrl('https://cdn.example/a.png', '')).toBe('https://cdn.example/a.png');
  });
});
