import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** What organisation types add to the kit's t_org_type: their numbering and what goes with one removed. */
export function orgTypeRepository(db: Kysely<DB>) {
  return {
    /** Whether a type of this number exists. */
    async exists(orgType: number, trx: Kysely<DB> = db): Promise<boolean> {
      return !!(await trx.selectFrom('t_org_type').select('id').where('org_type', '=', orgType).executeTakeFirst());
    },

    /** The number a new type takes: one past the highest, never below `first`. */
    async nextNumber(first: number, trx: Kysely<DB> = db): Promise<number> {
      const row = await trx.selectFrom('t_org_type').select((eb) => eb.fn.max('org_type').as('top')).executeTakeFirst();
      return Math.max(first, Number(row?.top ?? -1) + 1);
    },

    /** A removed type's rights and its roles (their rights follow by cascade). */
    async removeDependants(orgType: number, trx: Kysely<DB> = db): Promise<void> {
      await trx.deleteFrom('t_org_type_right').where('org_type', '=', orgType).execute();
      await trx.deleteFrom('t_org_type_role').where('org_type', '=', orgType).execute();
    },
  };
}
