import { afterEach, describe, expect, it, vi } from 'vitest';

const post = vi.fn();
let token: string | undefined;
vi.mock('./http', () => ({ apiPost: (...args: unknown[]) => post(...args) }));
vi.mock('./session', () => ({ getToken: () => token, getTokenTime: () => undefined, setToken: vi.fn() }));

const { refreshToken, refreshTokenIfStale } = await import('./tokenRefresh');

describe('a video wall\'s display token (issue 23)', () => {
  afterEach(() => post.mockReset());

  it('is never refreshed: it is no session and lives until revoked', async () => {
    token = `nvd_${'a'.repeat(43)}`;
    await refreshToken();
    expect(await refreshTokenIfStale(Date.now(), refreshToken)).toBe(false);
    expect(post).not.toHaveBeenCalled();
  });

  it('a session token still is', async () => {
    token = 'a'.repeat(43);
    post.mockResolvedValue({ token: 'b'.repeat(43) });
    await refreshToken();
    expect(post).toHaveBeenCalledWith('/user/refesh-token', expect.objectContaining({ token }));
  });
});
