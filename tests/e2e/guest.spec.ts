import { expect, test } from '@playwright/test';
import { LoginPage } from './pages/LoginPage';
import { MonitorScreen } from './pages/MonitorScreen';

// The demo seed turns guest mode on: the login page offers 游客访问 under the form.

test('游客访问 signs in as the guest and opens the big screen', async ({ page, context }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.guest.click();

  await expect(page).toHaveURL('/monitor');
  await expect(login.heading).toBeHidden();
  await expect(login.username).toBeHidden();
  const token = (await context.cookies()).find((c) => c.name === 'nv_token');
  expect(token?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  // The guest's wall shows the whole demo platform, every widget with data.
  const screen = new MonitorScreen(page);
  await screen.waitUntilAllReady();
  await expect(screen.widget('kpiProjects')).toContainText('8');
});

test('游客访问 goes to the redirect query when there is one', async ({ page }) => {
  const login = new LoginPage(page);
  await page.goto(`${LoginPage.path}?redirect=${encodeURIComponent('/nv_about/nv_version')}`);
  await login.expectShown();
  await login.guest.click();

  await expect(page).toHaveURL('/nv_about/nv_version');
  await expect(login.heading).toBeHidden();
});

test('without guest mode the login page offers no 游客访问', async ({ page }) => {
  await page.route('**/api/sys/info', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    await route.fulfill({ response, json: { ...body, data: { ...body.data, guestEnabled: false } } });
  });
  const login = new LoginPage(page);
  await login.goto();
  await expect(login.productVersion).toBeVisible();
  await expect(login.guest).toHaveCount(0);
});
