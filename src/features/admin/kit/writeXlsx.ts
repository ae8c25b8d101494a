import type { SheetData } from './xlsxRows';

/** Saves a blob under a name through the browser's download. */
function download(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download by the next task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

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
  download(new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), fileName);
}
