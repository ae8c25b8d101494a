import { expect, test } from '@playwright/test';

test('an unknown /api path answers the JSON 404 envelope', async ({ request }) => {
  const response = await request.get('/api/no-such-endpoint');
  expect(response.status()).toBe(404);
  expect(response.headers()['content-type']).toContain('application/json');
  expect(await response.json()).toEqual({ success: false, error: '网络请求不存在' });
});

test('an unknown /api path stays JSON even when the client accepts HTML', async ({ request }) => {
  const response = await request.get('/api/no-such-endpoint', { headers: { Accept: 'text/html' } });
  expect(response.status()).toBe(404);
  expect(await response.json()).toEqual({ success: false, error: '网络请求不存在' });
});
