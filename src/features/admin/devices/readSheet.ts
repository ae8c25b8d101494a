import type { CellValue } from 'exceljs';
import type { Cell, SheetRow } from './importSheet';

type ExcelJSModule = typeof import('exceljs');

/** exceljs, loaded when a sheet is first read (not with the page). */
async function loadExcel(): Promise<ExcelJSModule> {
  const mod = await import('exceljs');
  // The ES build exposes the namespace as default; Node's CommonJS interop as the module itself.
  return ((mod as unknown as { default?: ExcelJSModule }).default ?? mod) as ExcelJSModule;
}

/** A cell as text, number, date or nothing: rich text joined, a formula's result, a link's text. */
function plain(value: CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return plain(value.result as CellValue);
    if ('text' in value) return plain(value.text as CellValue);
    if ('error' in value) return String(value.error);
  }
  return null;
}

/** The first visible worksheet's rows with their numbers; empty when the file has none. */
export async function readSheetRows(data: ArrayBuffer): Promise<SheetRow[]> {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data);
  const sheet = workbook.worksheets.find((w) => w.state !== 'hidden' && w.state !== 'veryHidden') ?? workbook.worksheets[0];
  if (!sheet) return [];
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const cells: Cell[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => { cells[col - 1] = plain(cell.value); });
    for (let i = 0; i < cells.length; i++) if (cells[i] === undefined) cells[i] = null;
    rows.push({ number, cells });
  });
  return rows;
}
