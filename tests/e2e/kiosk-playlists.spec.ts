import { expect, test } from '@playwright/test';
import type { PlaylistRecord } from '../../contract/playlists';
import { ADMIN } from './pages/accounts';
import { apiGet, browserSignIn } from './pages/api';
import { PlaylistAdmin } from './pages/PlaylistAdmin';

test('an admin creates a playlist with ordered items and durations, sees a bad duration refused, disables and deletes it', async ({ page, request, baseURL }) => {
  const token = await browserSignIn(page, request, ADMIN, baseURL!);
  const admin = new PlaylistAdmin(page);
  await admin.open();
  await expect(admin.entry('大厅轮播')).toBeVisible();

  await admin.button('新建轮播').click();
  await admin.name.fill('e2e 管理');
  await admin.button('添加大屏模板').click();
  await admin.button('添加大屏模板').click();
  await admin.button('添加项目组态').click();
  await admin.row(1).getByRole('combobox').selectOption({ label: '大屏模板 · 三维态势' });
  await admin.setDuration(0, 15);
  await admin.setDuration(2, 4);
  await admin.row(2).getByLabel('显示标题（可选） 3').fill('车间组态');
  await admin.button('保存').click();
  await expect(admin.error).toContainText('body.items.2.durationSec: durationSec must be at least 5');
  expect((await apiGet<PlaylistRecord[]>(request, token, '/t_playlist/all')).map((p) => p.name)).not.toContain('e2e 管理');

  await admin.setDuration(2, 25);
  await admin.row(0).getByRole('button', { name: '下移' }).click();
  await admin.enabled.uncheck();
  await admin.button('保存').click();
  await expect(admin.entry('e2e 管理')).toContainText('停用 · 3 项');
  await expect(admin.error).toHaveCount(0);
  const saved = (await apiGet<PlaylistRecord[]>(request, token, '/t_playlist/all')).find((p) => p.name === 'e2e 管理')!;
  expect(saved.enabled).toBe(false);
  expect(saved.items.map((i) => [i.kind, i.name.length > 0, i.durationSec, i.title])).toEqual([
    ['template', true, 30, undefined], ['template', true, 15, undefined], ['graph', true, 25, '车间组态'],
  ]);
  expect(saved.items.slice(0, 2).map((i) => i.name)).toEqual(['三维态势', '平台总览']);

  page.once('dialog', (d) => void d.accept());
  await admin.button('删除').click();
  await expect(admin.entry('e2e 管理')).toHaveCount(0);
  expect((await apiGet<PlaylistRecord[]>(request, token, '/t_playlist/all')).map((p) => p.name)).not.toContain('e2e 管理');
});
