import { z } from 'zod';

/** The keyword filter of a list: a case-insensitive substring of the definition's `search` fields. */
export const KeywordFilter = z.object({ keyword: z.string().trim().max(64).optional() });
