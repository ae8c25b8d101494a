import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_DB_INT, MAX_PAGE_SIZE } from './constants';

/** The response envelope of every `/api` and `/app-api` call (SPEC §7, DESIGN "Contract decisions"). */
export interface Envelope<T> {
  success: boolean;
  data?: T;
  error?: string;
  /** Set when the token is expired or revoked: the console clears the session and reloads. */
  requireLogin?: boolean;
}


/** Paging query of every list endpoint: `Page` is 1-based. */
export const PageQuery = z.object({
  Page: z.coerce.number().int().min(1).default(1),
  Size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof PageQuery>;

/** The `data` of a paged list. */
export interface Paged<T> {
  list: T[];
  count: number;
}
/** Schema of a paged list of `item`. */
export const paged = <T extends z.ZodType>(item: T) => z.object({ list: z.array(item), count: z.number().int().min(0) });

/** Defined in constants.ts (zod-free, for the console's first chunk); named here beside the id schemas. */
export { MAX_DB_INT };
/** A record id in a JSON body. */
export const Id = z.number().int().positive().max(MAX_DB_INT);
/** A record id in a query or path (text, coerced). */
export const QueryId = z.coerce.number().int().positive().max(MAX_DB_INT);

/** `?id=` or `{id}` naming one record. */
export const IdParam = z.object({ id: QueryId });
export type IdParam = z.infer<typeof IdParam>;

/** A `{id, name}` pair of the `/names` lists. */
export const NameItem = z.object({ id: z.number().int(), name: z.string() });
export type NameItem = z.infer<typeof NameItem>;
export const NameList = z.array(NameItem);

/** Comma-separated integers in a query, e.g. `type=0,5,6`. */
export const IntList = z
  .string()
  .regex(/^-?\d+(,-?\d+)*$/, 'must be comma-separated integers')
  .transform((s) => s.split(',').map(Number))
  .refine((list) => list.every((n) => Math.abs(n) <= MAX_DB_INT), `integers must lie within ±${MAX_DB_INT}`);
