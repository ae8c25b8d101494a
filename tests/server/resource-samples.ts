import type { Kysely } from 'kysely';
import type { DB } from '../../server/db/schema';

/** What the kit's parametrised tests need to know of a resource beyond its definition. */
export interface ResourceSample {
  /** A valid save body; `tag` makes its unique and searchable fields distinct. */
  valid(tag: string): Record<string, unknown>;
  /** A change of one field for an update, and that field. */
  change: { field: string; value: unknown };
  /** A body the save schema refuses, and the field the error must name. */
  invalid: { body: Record<string, unknown>; field: string };
  /** Makes a row of another table refer to record `id` (resources with `references`). */
  refer?(db: Kysely<DB>, id: number): Promise<void>;
}

export const RESOURCE_SAMPLES: Record<string, ResourceSample> = {
  t_contacts: {
    valid: (tag) => ({ name: `联系人${tag}`, phone: '021-5555 0000', email: '' }),
    change: { field: 'email', value: 'duty@example.com' },
    invalid: { body: { name: '无联系方式' }, field: 'phone' },
  },
  t_manufactor: {
    valid: (tag) => ({ name: `厂家${tag}`, contact: '张工', phone: '0512-6666 0000' }),
    change: { field: 'contact', value: '李工' },
    invalid: { body: { name: '', contact: 'x' }, field: 'name' },
    async refer(db, id) {
      await db.insertInto('t_device_model').values({
        name: `型号-${id}`, code: `KIT-${id}-${Date.now()}`, device_type_id: 2, manufactor_id: id, created_at: Date.now(),
      }).execute();
    },
  },
};
