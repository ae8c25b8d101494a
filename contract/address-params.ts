/*
 * Parameters of a console address that the server reads too (a cold page's first answer). Plain
 * TypeScript without zod on purpose: the console's start-up imports this, and a zod import would
 * pull the whole library into its first chunk.
 */

import { MAX_DB_INT } from './constants';

/** A template id from the address (`?tpl=3`), or null when absent or malformed. */
export function templateIdParam(value: string | null): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= MAX_DB_INT ? id : null;
}
