import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** A user who holds a right, with what the caller needs to work out whose data they see. */
export interface RightHolder {
  id: number;
  org_id: number;
  is_super: number;
}

/**
 * The users holding `right` — through a role, capped by their organisation type's rights (as
 * {@link loadRights} counts them) — and the super administrators, in id order. Guests, disabled
 * and deleted users never: they are the people to tell or to ask about something, and those are
 * never told.
 */
export function rightHolders(db: Kysely<DB>, right: string): Promise<RightHolder[]> {
  return db.selectFrom('t_user as u').select(['u.id', 'u.org_id', 'u.is_super'])
    .where('u.is_guest', '=', 0).where('u.disabled', '=', 0).where('u.deleted_at', 'is', null)
    .where((eb) => eb.or([
      eb('u.is_super', '=', 1),
      eb.exists(eb.selectFrom('t_user_role as ur').innerJoin('t_role_right as rr', 'rr.role_id', 'ur.role_id')
        .innerJoin('t_org as o', 'o.id', 'u.org_id')
        .innerJoin('t_org_type_right as otr', (join) => join.onRef('otr.org_type', '=', 'o.org_type').onRef('otr.right_code', '=', 'rr.right_code'))
        .select('ur.user_id').whereRef('ur.user_id', '=', 'u.id').where('rr.right_code', '=', right)),
    ])).orderBy('u.id').execute();
}
