import type { ColumnDef } from '../../../../contract/resources/kit';
import { cellValue, type CellContext } from './cellValue';

/** A sheet as plain values: the header row, then one row per record. */
export interface SheetData {
  header: string[];
  rows: (string | number)[][];
}

/**
 * The export of a list: the columns' labels in the user's language, then each record's cells as
 * the list shows them (names for references, labels for options), in the list's order. Pictures
 * are left out: a path means nothing in a spreadsheet.
 */
export function buildXlsxRows(
  columns: readonly ColumnDef[],
  records: readonly Record<string, unknown>[],
  headerOf: (column: ColumnDef) => string,
  ctx: CellContext,
): SheetData {
  columns = columns.filter((c) => c.kind !== 'image');
  return {
    header: columns.map(headerOf),
    rows: records.map((record) => columns.map((c) => cellValue(c, record[c.name], ctx))),
  };
}

/** A file name that sorts by time and is safe on every file system: `厂家-20260501-083000.xlsx`. */
export function exportFileName(title: string, now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  return `${title.replace(/[\\/:*?"<>|]/g, '_')}-${stamp}.xlsx`;
}
