import type { FormInstance } from 'antd';
import { ApiRequestError } from '../../../shared/http';

/** An error to show on one input of the form. */
export interface FieldError {
  field: string;
  message: string;
}

/**
 * The field a server 400 names (`body.name: “X” 已存在` -> name), when it is one of the form's
 * fields; null for any other error, which the page shows as a message instead.
 */
export function serverFieldError(status: number, error: string, fields: readonly string[]): FieldError | null {
  if (status !== 400) return null;
  const match = /^body\.([A-Za-z0-9_]+)(?:\.[^:]*)?:\s*(.+)$/s.exec(error);
  if (!match || !fields.includes(match[1])) return null;
  return { field: match[1], message: match[2] };
}

/** {@link serverFieldError} of what a request threw: null unless it is the server's 400 naming one of `fields`. */
export function fieldErrorOf(err: unknown, fields: readonly string[]): FieldError | null {
  return err instanceof ApiRequestError ? serverFieldError(err.status, err.message, fields) : null;
}

/**
 * Puts a server 400 that names one of `fields` under that input of `form`; whether it did (if not,
 * the caller shows the error as a whole).
 */
export function showFieldError(form: Pick<FormInstance, 'setFields'>, err: unknown, fields: readonly string[]): boolean {
  const field = fieldErrorOf(err, fields);
  if (field) form.setFields([{ name: field.field, errors: [field.message] }]);
  return field !== null;
}

/** The parts of a zod issue the form reads (zod's own type is not imported: zod stays in the contract). */
export interface IssueLike {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  format?: string;
  expected?: string;
  /** Present when the schema was run with `reportInput: true`. */
  input?: unknown;
}

/** How a kind of issue reads in the user's language; null keeps the schema's own message. */
export type IssueText = (key: 'required' | 'tooLong' | 'tooSmall' | 'tooBig' | 'email' | 'number', values?: Record<string, unknown>) => string;

function describe(issue: IssueLike, text: IssueText): string {
  const empty = issue.input === undefined || issue.input === null || issue.input === '';
  if (issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) === 1) return text('required');
  if (issue.code === 'invalid_type' && empty) return text('required');
  if (issue.code === 'too_big' && issue.origin === 'string') return text('tooLong', { max: Number(issue.maximum) });
  if (issue.code === 'too_small' && issue.origin === 'number') return text('tooSmall', { min: Number(issue.minimum) });
  if (issue.code === 'too_big' && issue.origin === 'number') return text('tooBig', { max: Number(issue.maximum) });
  if (issue.code === 'invalid_type' && issue.expected === 'number') return text('number');
  if (issue.code === 'invalid_format' && issue.format === 'email') return text('email');
  // A rule of the definition's own (a refine, a pattern): its message says what it wants.
  return issue.message;
}

/**
 * The issues of a failed save-schema check, one per field (the first wins) and only on the form's
 * fields: a rule over several fields names the one it is shown on (`path: ['phone']`).
 */
export function issuesToFieldErrors(issues: readonly IssueLike[], fields: readonly string[], text: IssueText): FieldError[] {
  const out = new Map<string, string>();
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (fields.includes(field) && !out.has(field)) out.set(field, describe(issue, text));
  }
  return [...out].map(([field, message]) => ({ field, message }));
}

/** The parts of a field's schema the form reads. */
interface FieldSchema {
  safeParse(value: unknown): { success: boolean };
}

/**
 * The form's values as the save schema should see them: a cleared number or select reads `null`,
 * which a field that takes no null but has a default would refuse; it is left out, so the
 * default applies (a required field still says it is required).
 */
export function formInput(values: Record<string, unknown>, shape: Record<string, FieldSchema>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).map(([name, value]) => {
    const schema = shape[name];
    const unset = value === null && schema && !schema.safeParse(null).success;
    return [name, unset ? undefined : value];
  }));
}
