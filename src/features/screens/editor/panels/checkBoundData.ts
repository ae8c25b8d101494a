import type { z } from 'zod';
import { issueText } from './issueText';

/** Whether the data a binding produces is what the widget type takes. */
export type DataCheck =
  | { status: 'noData' }
  | { status: 'matches' }
  | { status: 'mismatch'; issue: string; more: number };

/**
 * The bound data checked against a widget type's data schema: `noData` before there is a sample
 * (or when the path leads nowhere), else `matches`, or `mismatch` with the first zod issue named
 * by its path in the data (`0.value: expected number, received string`) and how many more there are.
 */
export function checkBoundData(schema: z.ZodType, data: unknown): DataCheck {
  if (data === undefined) return { status: 'noData' };
  const result = schema.safeParse(data);
  if (result.success) return { status: 'matches' };
  const [first, ...rest] = result.error.issues;
  return { status: 'mismatch', issue: issueText(first), more: rest.length };
}
