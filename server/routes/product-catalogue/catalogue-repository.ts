import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** Tables a product-catalogue save may name a record of. */
type Referable = 't_device_type' | 't_manufactor' | 't_device_category' | 't_device_category_scheme' | 't_measure_tag_group';

/** The tables above as one shape: each has an integer `id`. */
type ById = Kysely<Record<string, { id: number }>>;

/** What the product catalogue adds to the kit's SQL: existence checks, numbering and tree facts. */
export function catalogueRepository(db: Kysely<DB>) {
  return {
    /** Whether record `id` of `table` exists. */
    async exists(table: Referable, id: number, trx: Kysely<DB> = db): Promise<boolean> {
      return !!(await (trx as unknown as ById).selectFrom(table).select('id').where('id', '=', id).executeTakeFirst());
    },

    /** The id a new row of a table numbered by the server takes: one past the highest, never below `first`. */
    async nextId(table: 't_device_type' | 't_measure_tag', first: number, trx: Kysely<DB> = db): Promise<number> {
      const row = await (trx as unknown as ById).selectFrom(table).select((eb) => eb.fn.max('id').as('top')).executeTakeFirst();
      return Math.max(first, Number(row?.top ?? 0) + 1);
    },

    /** Whether `path` is an upload this server stored (t_file). */
    async uploaded(path: string, trx: Kysely<DB> = db): Promise<boolean> {
      return !!(await trx.selectFrom('t_file').select('id').where('path', '=', path).executeTakeFirst());
    },

    /** A category's scheme and name, if it exists. */
    async category(id: number, trx: Kysely<DB> = db): Promise<{ schemeId: number; name: string } | undefined> {
      return trx.selectFrom('t_device_category').select(['scheme_id as schemeId', 'name']).where('id', '=', id).executeTakeFirst();
    },

    /** How many categories lie directly under `id`. */
    async childCategories(id: number, trx: Kysely<DB> = db): Promise<number> {
      const [{ count }] = await trx.selectFrom('t_device_category').select((eb) => eb.fn.countAll<number>().as('count'))
        .where('parent_id', '=', id).execute();
      return Number(count);
    },

    /** How many devices are of model `id`. */
    async devicesOfModel(id: number, trx: Kysely<DB> = db): Promise<number> {
      const [{ count }] = await trx.selectFrom('t_device').select((eb) => eb.fn.countAll<number>().as('count'))
        .where('device_model_id', '=', id).execute();
      return Number(count);
    },
  };
}
