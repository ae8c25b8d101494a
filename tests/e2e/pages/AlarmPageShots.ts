import type { Page } from '@playwright/test';
import { setConsoleLook } from './consoleLook';

/** Screenshots of the alarm pages in one console theme and language: test-results/screenshots/alarms19-<name>-<theme>-<lang>.png. */
export class AlarmPageShots {
  constructor(readonly page: Page, readonly theme: 'dark' | 'light', readonly language: 'zh' | 'en') {}

  /** The theme and language the console reads at start (localStorage nv_theme / nv_lang). */
  async prepare(): Promise<void> {
    await setConsoleLook(this.page, this.theme, this.language);
  }

  async take(name: string): Promise<void> {
    await this.page.mouse.move(1, 1);
    await this.page.screenshot({ path: `test-results/screenshots/alarms19-${name}-${this.theme}-${this.language}.png`, animations: 'disabled' });
  }
}
