import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ServerUnreachable } from './session';
import { TestPageServer, type TestWall } from './test-page-server';
import { DisplayTokenRefused, fetchWallGeometry, reportTileEvent, WallNotFound } from './wall-api';

/** The launcher's two wall calls against a real local HTTP server. */

const WALL: TestWall = { id: 5, name: '大厅 2×2 视频墙', rows: 2, cols: 2, screenWidth: 1920, screenHeight: 1080, token: 'nvd_TestToken0123456789abcdefTestToken0123456ab' };
let server: TestPageServer;

beforeEach(async () => {
  server = new TestPageServer(WALL);
  await server.start();
});

afterEach(async () => {
  await server.stop();
});

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    return err as Error;
  }
  throw new Error('resolved');
}

describe('wall API calls of the launcher', () => {
  it('reads the wall\'s geometry with the token as a Bearer header, never in the address', async () => {
    expect(await fetchWallGeometry(server.url, 5, WALL.token)).toEqual({ id: 5, name: '大厅 2×2 视频墙', rows: 2, cols: 2, screenWidth: 1920, screenHeight: 1080 });
    expect(server.wallRequests).toEqual([{ method: 'GET', path: '/api/t_wall/5/display', authorization: `Bearer ${WALL.token}`, body: null }]);
  });

  it('tells a refused token, an unknown wall and a server that is not there apart', async () => {
    const wrong = await rejection(fetchWallGeometry(server.url, 5, 'nvd_SomeoneElsesToken000000SomeoneElsesToken012'));
    expect(wrong).toBeInstanceOf(DisplayTokenRefused);
    expect(wrong.message).toBe('display token refused for wall 5: unknown to the server (HTTP 401: 未登录)');
    expect(wrong.message).not.toContain('nvd_');
    expect(await rejection(fetchWallGeometry(server.url, 6, WALL.token))).toBeInstanceOf(WallNotFound);
    server.tokenRevoked = true;
    const revoked = await rejection(fetchWallGeometry(server.url, 5, WALL.token));
    expect(revoked).toBeInstanceOf(DisplayTokenRefused);
    expect(revoked.message).toBe('display token refused for wall 5: revoked, or its creator disabled (登录已失效)');
    const url = server.url;
    await server.stop();
    expect(await rejection(fetchWallGeometry(url, 5, WALL.token))).toBeInstanceOf(ServerUnreachable);
  });

  it('reports a tile event and says why when the server does not take it, without throwing', async () => {
    expect(await reportTileEvent(server.url, WALL.token, { wallId: 5, tile: [1, 0], kind: 'restarted', detail: 'browser closed or crashed' })).toBeUndefined();
    expect(server.wallRequests.at(-1)).toEqual({
      method: 'POST', path: '/api/t_wall/5/tile-event', authorization: `Bearer ${WALL.token}`,
      body: { tile: [1, 0], kind: 'restarted', detail: 'browser closed or crashed' },
    });
    // A long detail is cut to what TileEvent takes.
    await reportTileEvent(server.url, WALL.token, { wallId: 5, tile: [0, 0], kind: 'hung', detail: 'x'.repeat(500) });
    expect((server.wallRequests.at(-1)!.body as { detail: string }).detail).toHaveLength(200);

    server.tileEventStatus = 500;
    expect(await reportTileEvent(server.url, WALL.token, { wallId: 5, tile: [0, 0], kind: 'crashed' })).toBe('HTTP 500: 服务器错误');
    const url = server.url;
    await server.stop();
    expect(await reportTileEvent(url, WALL.token, { wallId: 5, tile: [0, 0], kind: 'crashed' })).toMatch(/^http:\/\/127\.0\.0\.1:\d+: /);
  });
});
