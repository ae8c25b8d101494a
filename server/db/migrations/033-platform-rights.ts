import { sql, type Kysely } from 'kysely';

/**
 * Tenancy (issue 32): the platform's own rights — backup, settings-edit, licence-edit,
 * org-type-edit, ingest — leave every organisation type's rights cap but the internal type's (0),
 * so no tenant role holds one any more (a role's rights are capped by its organisation's type).
 * Frozen once released: the list is written out here, not read from contract/rights.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from t_org_type_right where org_type <> 0
    and right_code in ('backup', 'settings-edit', 'licence-edit', 'org-type-edit', 'ingest')`.execute(db);
}
