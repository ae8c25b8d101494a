import type { ResourceDefinition } from '../../contract/resources/kit';

type Row = Record<string, unknown>;

/** What the audit line of a change holds: the changed fields before and after; secrets masked. */
export function auditDetail(def: ResourceDefinition, before: Row | null, after: Row | null): string {
  const fields = Object.keys(def.save.shape);
  const changed = fields.filter((f) => (before?.[f] ?? null) !== (after?.[f] ?? null));
  const pick = (row: Row | null) => (row
    ? Object.fromEntries(changed.map((f) => [f, def.secret?.includes(f) ? '***' : row[f] ?? null]))
    : null);
  return JSON.stringify({ before: pick(before), after: pick(after) });
}

/** The audit line's target: `t_manufactor#12 名称`. */
export function auditTarget(def: ResourceDefinition, id: number, row: Row | null): string {
  const label = row?.[def.label];
  return `${def.name}#${id}${typeof label === 'string' && label ? ` ${label}` : ''}`;
}
