/*
 * Parameters of a console address that the server reads too (a cold page's first answer). Plain
 * TypeScript without zod on purpose: the console's start-up imports this, and a zod import would
 * pull the whole library into its first chunk.
 */

/** The largest id a database row has (a signed 32-bit integer). */
const MAX_ID = 2_147_483_647;

/** A template id from the address (`?tpl=3`), or null when absent or malformed. */
export function templateIdParam(value: string | null): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= MAX_ID ? id : null;
}
