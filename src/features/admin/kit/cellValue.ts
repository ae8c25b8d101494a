import type { ColumnDef } from '../../../../contract/resources/kit';

/** What a cell needs besides its value: the referenced resources' names and the texts. */
export interface CellContext {
  /** id -> name of a resource that a `ref` column (its `names` option source) points to. */
  names(resource: string): ReadonlyMap<number, string> | undefined;
  /** The label of a fixed option's value, in the user's language; undefined when none matches. */
  optionLabel(column: ColumnDef, value: unknown): string | undefined;
  yes: string;
  no: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `2026-05-01 08:30:00` in the browser's time zone; text that is no date stays as it is. */
export function formatDateTime(value: unknown): string {
  const date = new Date(typeof value === 'number' || typeof value === 'string' ? value : NaN);
  if (Number.isNaN(date.getTime())) return String(value);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/**
 * A row's value in one column as the list shows it and the export writes it: a referenced
 * record's name, an option's label, 是/否, a formatted time. Numbers stay numbers (a spreadsheet
 * can sum them); nothing is an empty string.
 */
export function cellValue(column: ColumnDef, value: unknown, ctx: CellContext): string | number {
  if (value === null || value === undefined || value === '') return '';
  const source = column.options;
  if (source && 'names' in source) return ctx.names(source.names)?.get(Number(value)) ?? String(value);
  if (source) return ctx.optionLabel(column, value) ?? String(value);
  switch (column.kind) {
    case 'switch':
      return value ? ctx.yes : ctx.no;
    case 'datetime':
      return formatDateTime(value);
    case 'number':
      return typeof value === 'number' ? value : String(value);
    case 'list':
      return Array.isArray(value) ? value.map((v) => (v && typeof v === 'object' && 'name' in v ? String(v.name) : String(v))).join('、') : String(value);
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}
