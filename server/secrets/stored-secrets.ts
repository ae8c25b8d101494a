import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { SEALED_PREFIX, type SecretBox } from './secret-box';

/** The `sys_setting` rows that hold a secret (sealed like a contact's webhook secret). */
export const SECRET_SETTINGS = ['hub.secret'] as const;

/**
 * Seals the secrets still stored in plain text — rows written before sealing existed, or brought
 * back by restoring an older backup — and answers how many it sealed. Idempotent and safe with
 * several processes: a row is rewritten only while it still holds the plaintext read, and the
 * `version` of a contact is left alone (its meaning did not change, an open edit form stays valid).
 */
export async function sealStoredSecrets(db: Kysely<DB>, box: SecretBox): Promise<number> {
  let sealed = 0;
  const contacts = await db.selectFrom('t_contacts').select(['id', 'webhook_secret'])
    .where('webhook_secret', '!=', '').where('webhook_secret', 'not like', `${SEALED_PREFIX}%`).execute();
  for (const c of contacts) {
    const r = await db.updateTable('t_contacts').set({ webhook_secret: box.seal(c.webhook_secret) })
      .where('id', '=', c.id).where('webhook_secret', '=', c.webhook_secret).executeTakeFirst();
    sealed += Number(r.numUpdatedRows);
  }
  const settings = await db.selectFrom('sys_setting').select(['key', 'value'])
    .where('key', 'in', [...SECRET_SETTINGS]).where('value', 'not like', `${SEALED_PREFIX}%`).execute();
  for (const s of settings) {
    const r = await db.updateTable('sys_setting').set({ value: box.seal(s.value) })
      .where('key', '=', s.key).where('value', '=', s.value).executeTakeFirst();
    sealed += Number(r.numUpdatedRows);
  }
  return sealed;
}
