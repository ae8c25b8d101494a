import { expect, type Locator, type Page } from '@playwright/test';
import { pickOption } from './AdminControls';
import { ConditionType } from '../../../contract/conditions';
import { MEASURE_TAGS, MeasureTag } from '../../../contract/enums';
import { MEASURE_COLUMNS } from '../../../contract/resources/measure';
import { blankValues, type PointValues } from '../../../src/features/admin/products/measures/draft';
import { rowsToSheet, sheetLists, type SheetContext, type SheetData } from '../../../src/features/admin/products/measures/sheet';
import { buildWorkbook } from '../../../src/features/admin/products/measures/xlsxFile';

/**
 * 测点管理 / 物联网测点 (issue 17) for end-to-end tests: the page's controls by role and label, and
 * register sheets (.xlsx buffers built with the console's own sheet layout) to import.
 */

/** The measure tags of SPEC §3, as a sheet names them. */
export const SHEET_TAGS = Object.entries(MEASURE_TAGS).map(([id, t]) => ({ id: Number(id), name: t.name }));

/** The measure-point page's controls, by role and label as a user finds them. */
export class MeasurePage {
  readonly main: Locator;
  constructor(readonly page: Page, readonly en = false) {
    this.main = page.getByRole('main');
  }
  text(zh: string, en: string) { return this.en ? en : zh; }
  get products() { return this.main.getByRole('listbox', { name: this.text('产品', 'Products') }); }
  product(name: string) { return this.products.getByRole('option', { name: new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }); }
  get editor() { return this.main.getByTestId('measure-editor'); }
  get rows() { return this.editor.locator('.ant-table-tbody tr.ant-table-row'); }
  row(name: string) { return this.rows.filter({ has: this.page.getByText(name, { exact: true }) }); }
  rowButton(name: string, zh: string, en: string) { return this.row(name).getByRole('button', { name: this.text(zh, en), exact: true }); }
  get drawer() { return this.page.getByTestId('measure-point-drawer'); }
  field(zh: string, en: string) { return this.drawer.getByLabel(this.text(zh, en), { exact: true }); }
  get saveButton() { return this.editor.getByRole('button', { name: new RegExp(`^${this.text('保存', 'Save')}`) }); }
  get importDialog() { return this.page.getByRole('dialog').filter({ has: this.page.getByTestId('measure-import') }); }
  async open(path: string) {
    await this.page.evaluate((to) => history.pushState(null, '', to), path);
    await expect(this.main.getByRole('heading').first()).toBeVisible({ timeout: 30_000 });
  }
  async loaded() {
    await expect(this.editor).toBeVisible({ timeout: 30_000 });
    await expect(this.main.locator('.ant-spin-spinning, .ant-skeleton')).toHaveCount(0, { timeout: 30_000 });
  }
  /**
   * Chooses a select's option by its text (antd renders options in a popup), until the select
   * shows it: a click during the popup's opening animation once landed beside the option.
   */
  async choose(select: Locator, option: string) {
    await pickOption(this.page, select, option);
  }
  async importSheet(name: string, buffer: Buffer) {
    await this.editor.getByRole('button', { name: this.text('导入', 'Import'), exact: true }).first().click();
    await expect(this.importDialog).toBeVisible();
    await this.importDialog.locator('input[type=file]').setInputFiles({ name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer });
  }
}

/** A 40-row register table as a sheet: PM points, an energy Double, a fault word with bits, a String, a coil, status words. */
export function fortyRows(): PointValues[] {
  const v = (over: Partial<PointValues>): PointValues => ({ ...blankValues([], ''), ...over });
  const rows: PointValues[] = [
    v({ name: 'PM2.5', tagId: MeasureTag.PM25, unit: 'μg/m³', registerAddr: 0, minValue: 0, maxValue: 500, group: '环境' }),
    v({ name: 'PM10', tagId: MeasureTag.PM10, unit: 'μg/m³', registerAddr: 2, group: '环境' }),
    v({ name: '温度', tagId: MeasureTag.Temperature, unit: '℃', registerAddr: 4, conditionType: ConditionType.LtOrGt, conditionVal1: 10, conditionVal2: 35, alarmEnabled: 1, group: '环境' }),
    v({ name: '湿度', tagId: MeasureTag.Humidity, unit: '%RH', registerAddr: 6, group: '环境' }),
    v({ name: '总电能', tagId: MeasureTag.TotalEnergy, unit: 'kWh', dataType: 'Double', registerAddr: 8, group: '电能' }),
    v({ name: '故障字', dataType: 'UInt16', measureType: 1, decimals: 0, modbusCode: 4, registerAddr: 0, group: '状态',
      conditionType: ConditionType.Bitwise, alarmEnabled: 1, warnLevel: 2, printf: '{"0":"滤网堵塞","1":"风机故障"}' }),
    v({ name: '序列号', dataType: 'String', length: 8, decimals: 0, modbusCode: 4, registerAddr: 1, group: '状态' }),
    v({ name: '风机启停', dataType: 'Boolean', modbusCode: 1, registerAddr: 0, access: 2, decimals: 0, group: '状态' }),
  ];
  for (let i = rows.length; i < 40; i++) {
    rows.push(v({ name: `状态${i}`, dataType: 'UInt16', decimals: 0, registerAddr: 100 + i, access: i % 3, printf: i % 2 ? '' : 'x / 10', group: '状态' }));
  }
  return rows;
}

/** The sheet as an .xlsx file's bytes. */
export async function xlsx(data: SheetData, ctx: SheetContext): Promise<Buffer> {
  const workbook = await buildWorkbook(data, sheetLists(ctx), { table: '测点表', lists: '选项' });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A column's index in the sheet. */
export const col = (field: string) => MEASURE_COLUMNS.findIndex((c) => c.field === field);

/** The 40-row sheet with 状态12 over 状态11's register (sheet row 14) and a range without its second value (row 32). */
export function badSheet(ctx: SheetContext): SheetData {
  const data = rowsToSheet(fortyRows(), ctx);
  data.rows[12][col('registerAddr')] = 111;
  data.rows[30][col('conditionType')] = ctx.lang === 'en' ? 'Greater than and less than' : '大于且小于';
  data.rows[30][col('conditionVal1')] = 5;
  return data;
}
