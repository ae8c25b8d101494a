import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { AuthUser } from './auth-user';

/** Always-true / always-false conditions that read the same on SQLite and PostgreSQL. */
const TRUE = sql<SqlBool>`1 = 1`;
const FALSE = sql<SqlBool>`1 = 0`;

/**
 * A where-condition keeping rows whose organisation column is visible to the user
 * (SPEC §6 data visibility). Use on tables owned by an organisation: users, orgs, contacts.
 */
export function visibleOrgFilter(user: Pick<AuthUser, 'scope'>, orgColumn: string) {
  return (eb: ExpressionBuilder<any, any>): Expression<SqlBool> => {
    if (user.scope.all) return TRUE;
    if (!user.scope.orgIds.length) return FALSE;
    return eb(eb.ref(orgColumn), 'in', user.scope.orgIds);
  };
}

/**
 * A where-condition keeping projects visible to the user: owned by a visible organisation, or
 * listed for the user (membership, VSpec), or in the user's region or industry (VRegion, VIndustry).
 * `idColumn` and `orgColumn` name the project's columns (`p.id`, `p.org_id`).
 */
export function visibleProjectFilter(user: Pick<AuthUser, 'scope'>, idColumn: string, orgColumn: string) {
  return (eb: ExpressionBuilder<any, any>): Expression<SqlBool> => {
    if (user.scope.all) return TRUE;
    const parts: Expression<SqlBool>[] = [];
    if (user.scope.orgIds.length) parts.push(eb(eb.ref(orgColumn), 'in', user.scope.orgIds));
    if (user.scope.projectIds.length) parts.push(eb(eb.ref(idColumn), 'in', user.scope.projectIds));
    if (user.scope.regionIds.length) parts.push(eb(eb.ref(sibling(idColumn, 'region_id')), 'in', user.scope.regionIds));
    if (user.scope.industryIds.length) parts.push(eb(eb.ref(sibling(idColumn, 'industry_id')), 'in', user.scope.industryIds));
    return parts.length ? eb.or(parts) : FALSE;
  };
}

/** `p.id` -> `p.region_id`: another column of the same table alias. */
function sibling(column: string, name: string): string {
  const dot = column.lastIndexOf('.');
  return dot < 0 ? name : `${column.slice(0, dot + 1)}${name}`;
}
