import type { Locator, Page } from '@playwright/test';

/** The purchase pages (issue 21): smart purchase application and purchase records with the order drawer. */
export class PurchasePages {
  readonly heading: Locator;
  readonly proposals: Locator;
  readonly submitted: Locator;
  readonly orders: Locator;
  readonly drawer: Locator;
  readonly timeline: Locator;
  readonly actions: Locator;
  readonly installDialog: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('main').getByRole('heading', { level: 1 });
    this.proposals = page.getByTestId('proposal-table');
    this.submitted = page.getByTestId('purchase-submitted');
    this.orders = page.getByTestId('order-table');
    this.drawer = page.getByRole('dialog').filter({ has: page.getByTestId('order-timeline') });
    this.timeline = page.getByTestId('order-timeline');
    this.actions = page.getByTestId('order-actions');
    this.installDialog = this.modal('登记安装');
  }

  /** The antd modal titled `title` (its start). */
  modal(title: string): Locator {
    return this.page.getByRole('dialog').filter({ has: this.page.locator('.ant-modal-title', { hasText: title }) });
  }

  /** The proposal rows (not the expanded device rows). */
  proposalRows(): Locator {
    return this.proposals.locator('tbody tr.ant-table-row');
  }

  /** A proposal row's checkbox, named by project and filter code. */
  lineCheckbox(project: string, filterCode: string): Locator {
    return this.proposals.getByRole('checkbox', { name: `${project} ${filterCode}` });
  }

  quantity(project: string, filterCode: string): Locator {
    return this.proposals.getByRole('spinbutton', { name: `申请数量 ${project} ${filterCode}` });
  }

  orderTab(key: 'all' | 'created' | 'confirmed' | 'finished' | 'cancelled'): Locator {
    return this.page.getByTestId(`order-tab-${key}`);
  }

  orderRow(code: string): Locator {
    return this.orders.locator('tbody tr').filter({ hasText: code });
  }
}
