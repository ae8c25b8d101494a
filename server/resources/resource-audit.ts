import type { ResourceDefinition } from '../../contract/resources/kit';

type Row = Record<string, unknown>;

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * What the audit line of a change holds: the changed fields before and after (lists compared by
 * value); secrets masked. A field an update leaves out (undefined) is unchanged.
 */
export function auditDetail(def: ResourceDefinition, before: Row | null, after: Row | null): string {
  const fields = Object.keys(def.save.shape);
  const changed = fields.filter((f) => !(before && after && after[f] === undefined) && !same(before?.[f], after?.[f]));
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
