import type { Locator, Page } from '@playwright/test';

/**
 * 网关管理 (src/features/admin/gateways/): the gateway list with 配置预览, 刷新 and 重启, and the
 * config preview drawer.
 */
export class GatewayListPage {
  readonly root: Locator;
  readonly preview: Locator;
  readonly registerCount: Locator;
  readonly messages: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('gateway-list');
    this.preview = page.getByTestId('gateway-config-preview');
    this.registerCount = page.getByTestId('register-count');
    this.messages = page.locator('.ant-message-notice');
  }

  row(code: string): Locator {
    return this.root.locator('.ant-table-row').filter({ hasText: code });
  }

  rowButton(code: string, name: string | RegExp): Locator {
    return this.row(code).getByRole('button', { name });
  }

  lastCommand(code: string): Locator {
    return this.root.getByTestId(`last-${code}`);
  }

  message(text: string | RegExp): Locator {
    return this.messages.filter({ hasText: text });
  }
}

/**
 * The remote control (src/features/admin/devices/remote/RemoteControlPanel.tsx): a device's
 * writable points, each with its current value, a value to send, 下发 and the outcome; the
 * password check dialog before a send.
 */
export class RemoteControlPanel {
  readonly root: Locator;
  readonly passwordInput: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('remote-control');
    this.passwordInput = page.getByTestId('control-password-input');
  }

  row(point: string): Locator {
    return this.root.locator('.ant-table-row').filter({ has: this.page.getByTestId(`current-${point}`) });
  }

  current(point: string): Locator {
    return this.root.getByTestId(`current-${point}`);
  }

  result(point: string): Locator {
    return this.root.getByTestId(`result-${point}`);
  }

  passwordDialog(title: string | RegExp): Locator {
    return this.page.getByRole('dialog', { name: title });
  }

  /** Types `value` into the point's input and presses its send button (the password dialog opens). */
  async enter(point: string, value: string, send: string | RegExp): Promise<void> {
    const input = this.row(point).locator('input');
    await input.fill(value);
    await this.row(point).getByRole('button', { name: send }).click();
  }
}
