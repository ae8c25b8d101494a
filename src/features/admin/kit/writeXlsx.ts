import { downloadBlob } from '../../../shared/downloadBlob';
import type { SheetData } from './xlsxRows';

/**
 * Writes one sheet to an .xlsx file and downloads it. exceljs (~250 kB gzip) is loaded on the first
 * export, not with the admin pages: most visits never export.
 */
export async function writeXlsx(sheetName: string, data: SheetData, fileName: string): Promise<void> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  // Excel refuses sheet names over 31 characters or with []:*?/\ in them.
  const sheet = workbook.addWorksheet(sheetName.replace(/[[\]:*?/\\]/g, '_').slice(0, 31) || 'Sheet1');
  sheet.addRow(data.header).font = { bold: true };
  sheet.addRows(data.rows);
  sheet.columns.forEach((column, i) => {
    const widest = Math.max(...[data.header[i], ...data.rows.map((r) => r[i])].map((v) => String(v ?? '').length));
    column.width = Math.min(60, Math.max(10, widest * 2 + 2));
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const buffer = await workbook.xlsx.writeBuffer();
  downloadBlob(new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), fileName);
}
