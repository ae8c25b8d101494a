/** What to show of a failure: an Error's message, else the value as text. */
export const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err));
