import { expect, test } from '@playwright/test';
import { ADMIN } from './pages/accounts';
import { apiPost, browserToken } from './pages/api';
import { ShellPage } from './pages/ShellPage';

/** The smallest PNG there is: 1x1, transparent. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

test('personal profile opens from the user menu; a picture over 2 MB is refused', async ({ page, request }) => {
  const shell = new ShellPage(page);
  await shell.signIn(ADMIN);
  await shell.openUserMenu();
  await shell.userMenuItem('个人中心').click();
  await expect(page).toHaveURL('/nv_system/nv_account');
  await expect(page.getByTestId('account-avatar')).toHaveAttribute('src', '/images/default-avatar.svg');

  let uploads = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/file')) uploads += 1;
  });
  const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
  await page.getByTestId('avatar-input').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: big });
  await expect(shell.toast('上传头像图片大小不能超过 2MB!')).toBeVisible();
  expect(uploads).toBe(0);

  await page.getByTestId('avatar-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(shell.toast('头像已更新')).toBeVisible();
  await expect(page.getByTestId('account-avatar')).toHaveAttribute('src', /^\/api\/files\/avatar\/[0-9a-f]{32}\.png$/);
  const navbarAvatar = shell.userMenuButton.locator('img');
  await expect(navbarAvatar).toHaveAttribute('src', /^\/api\/files\/avatar\//);
  expect(await navbarAvatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

  // The server's own answer is shown when it refuses a file.
  await page.getByTestId('avatar-input').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
  await expect(shell.toast('只支持 PNG、JPEG、GIF、WebP 图片')).toBeVisible();

  // Back to the built-in image, so the other tests and the screenshots show the demo state.
  const reset = await apiPost(request, await browserToken(page), '/user/info', { avatar: 'defaultuser.png' });
  expect(reset.success).toBe(true);
});

test('saving the profile asks for the password, checked by the server', async ({ page }) => {
  const shell = new ShellPage(page);
  await shell.signIn(ADMIN, '/passport/login?redirect=%2Fnv_system%2Fnv_account');
  await expect(page).toHaveURL('/nv_system/nv_account');
  const nick = page.getByLabel('昵称');
  await nick.fill('值班管理员');
  await page.getByRole('button', { name: '保存' }).click();

  const check = page.getByTestId('password-check');
  await expect(check.getByRole('heading')).toHaveText('密码验证');
  await check.getByRole('button', { name: '确定' }).click();
  await expect(check.getByRole('alert')).toHaveText('请输入密码');
  await check.getByLabel('请输入当前账号的登录密码').fill('wrong-password');
  await check.getByRole('button', { name: '确定' }).click();
  await expect(check.getByRole('alert')).toHaveText('密码错误');

  await check.getByLabel('请输入当前账号的登录密码').fill(ADMIN.password);
  await check.getByRole('button', { name: '确定' }).click();
  await expect(check).toBeHidden();
  await expect(shell.toast('资料已保存')).toBeVisible();
  await expect(shell.nickName).toHaveText('值班管理员');

  // Put the demo nick name back for the other tests.
  await nick.fill(ADMIN.nickName);
  await page.getByRole('button', { name: '保存' }).click();
  await check.getByLabel('请输入当前账号的登录密码').fill(ADMIN.password);
  await check.getByRole('button', { name: '确定' }).click();
  await expect(shell.nickName).toHaveText(ADMIN.nickName);
});
