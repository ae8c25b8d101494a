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

/** A wall theme from the address (`?theme=light`), or null when absent or not a theme. */
export function wallThemeParam(value: string | null): 'dark' | 'light' | null {
  return value === 'dark' || value === 'light' ? value : null;
}

/** Parameters every signed-in page may carry that are never template variables (SPEC §2 hand-over). */
const SESSION_PARAMS = ['token', 'appId'];

/**
 * The template variables an address gives (`?projectId=3`): every parameter except the session's
 * and the page's own (`pageParams`, e.g. /monitor's `tpl`).
 */
export function addressVariables(params: URLSearchParams, pageParams: readonly string[]): Record<string, string> {
  const reserved = new Set([...SESSION_PARAMS, ...pageParams]);
  return Object.fromEntries([...params.entries()].filter(([k]) => !reserved.has(k)));
}
