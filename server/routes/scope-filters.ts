import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { AuthUser } from '../auth/auth-user';

/** Always-true / always-false conditions that read the same on SQLite and PostgreSQL. */
const TRUE = sql<SqlBool>`1 = 1`;
const FALSE = sql<SqlBool>`1 = 0`;

/**
 * A where-condition keeping rows whose organisation column is visible to the user
 * (SPEC §6 data visibility). Use on tables owned by an organisation: users, orgs, contacts.
 */
export function visibleOrgFilter(user: AuthUser, orgColumn: string) {
  return (eb: ExpressionBuilder<any, any>): Expression<SqlBool> => {
    if (user.scope.all) return TRUE;
    if (!user.scope.orgIds.length) return FALSE;
    return eb(eb.ref(orgColumn), 'in', user.scope.orgIds);
  };
}

/**
 * A where-condition keeping projects visible to the user: owned by a visible organisation, or
 * listed for the user (membership, VSpec). `idColumn` and `orgColumn` name the project's columns.
 */
export function visibleProjectFilter(user: AuthUser, idColumn: string, orgColumn: string) {
  return (eb: ExpressionBuilder<any, any>): Expression<SqlBool> => {
    if (user.scope.all) return TRUE;
    const parts: Expression<SqlBool>[] = [];
    if (user.scope.orgIds.length) parts.push(eb(eb.ref(orgColumn), 'in', user.scope.orgIds));
    if (user.scope.projectIds.length) parts.push(eb(eb.ref(idColumn), 'in', user.scope.projectIds));
    return parts.length ? eb.or(parts) : FALSE;
  };
}
