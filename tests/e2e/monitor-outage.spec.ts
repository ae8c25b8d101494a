import { expect, test } from '@playwright/test';
import { HubWatch } from './pages/HubWatch';
import { MonitorScreen } from './pages/MonitorScreen';
import { SpareServer } from './pages/SpareServer';

const PORT = Number(process.env.E2E_PORT ?? 8181) + 17;

test('stale markers appear when the server goes away and clear when it is back, without a reload', async ({ page, request }) => {
  test.setTimeout(300_000);
  const server = new SpareServer(PORT, { historyDays: 7 });
  try {
    await server.start();
    const hub = await HubWatch.create(page);
    await MonitorScreen.signIn(page, request, server.baseURL);
    const screen = new MonitorScreen(page);
    await page.goto(`${server.baseURL}/monitor`);
    await screen.waitUntilAllReady();
    await expect(screen.staleMarkers).toHaveCount(0);
    await page.evaluate(() => { (window as unknown as { e2eMark: boolean }).e2eMark = true; });
    // The live widgets depend on the hub: wait until the ticker's topic is subscribed (the hub
    // connects 5 s after sign-in, later on a busy machine) before pulling the plug.
    await hub.waitForSubscribed('alarms', 60_000);

    await server.stop();
    await expect(screen.staleMarkers.first()).toBeVisible({ timeout: 20_000 });
    await expect(screen.widget('ticker')).toHaveAttribute('data-stale', 'true');
    // The last good data stays on the wall.
    await expect(screen.widget('kpiOnline')).toHaveAttribute('data-state', 'ready');

    await server.start();
    await expect(screen.staleMarkers).toHaveCount(0, { timeout: 60_000 });
    expect(await page.evaluate(() => (window as unknown as { e2eMark?: boolean }).e2eMark)).toBe(true);
  } finally {
    await server.dispose();
  }
});
