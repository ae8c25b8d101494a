import { expect, type Locator, type Page } from '@playwright/test';

/** 关于 › 版本信息 and 授权信息 (src/features/admin/about/). */
export class AboutPages {
  readonly versionPage: Locator;
  readonly productVersion: Locator;
  readonly serverVersion: Locator;
  readonly components: Locator;
  readonly componentSearch: Locator;
  readonly licencePage: Locator;
  readonly licensee: Locator;
  readonly licenceInfo: Locator;
  readonly importButton: Locator;
  readonly importInput: Locator;
  readonly refused: Locator;

  constructor(readonly page: Page) {
    this.versionPage = page.locator('[data-version-page]');
    this.productVersion = page.getByTestId('product-version');
    this.serverVersion = page.getByTestId('server-version');
    this.components = page.getByTestId('oss-components');
    this.componentSearch = this.versionPage.getByRole('searchbox');
    this.licencePage = page.locator('[data-licence-page]');
    this.licensee = page.getByTestId('licensee');
    this.licenceInfo = page.getByTestId('licence-info');
    this.importButton = page.getByTestId('licence-import');
    this.importInput = this.licencePage.locator('input[type=file]');
    this.refused = page.getByTestId('licence-refused');
  }

  /** The components table's row of `name`. */
  component(name: string): Locator {
    return this.components.locator('tbody tr').filter({ has: this.page.getByRole('cell', { name, exact: true }) });
  }

  /** Uploads a licence file (a path, or a file made of `buffer`) through the page's upload button. */
  async importFile(file: string | { name: string; buffer: Buffer }): Promise<void> {
    await expect(this.importButton).toBeEnabled();
    await this.importInput.setInputFiles(typeof file === 'string' ? file : { ...file, mimeType: 'application/json' });
  }
}
