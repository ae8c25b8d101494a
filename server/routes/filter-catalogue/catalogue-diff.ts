import { SYNCED_FIELDS, type LccItemAction, type LccSyncKind, type UpstreamCatalogue } from '../../../contract/filter-catalogue';

/** A record's synced fields by name (numbers, strings or null), keyed by its code. */
export type Fields = Record<string, string | number | null>;
export interface LocalRecord { code: string; name: string; fields: Fields; inUse: number }

export interface DiffItem {
  code: string;
  name: string;
  action: LccItemAction;
  before: Fields | null;
  after: Fields | null;
  fields: string[];
  note: string;
}

export interface Diff { items: DiffItem[]; unchanged: number }

/** The upstream records of a kind, as synced fields. */
export function upstreamRecords(kind: LccSyncKind, c: UpstreamCatalogue): { code: string; name: string; fields: Fields }[] {
  if (kind === 'filter-type') {
    return c.filterTypes.map((t) => ({ code: t.code, name: t.name, fields: { name: t.name, remark: t.remark, sortOrder: t.sortOrder } }));
  }
  return c.filterModels.map((m) => ({
    code: m.code, name: m.name,
    fields: {
      name: m.name, typeCode: m.typeCode, supplierCode: c.supplier?.code ?? null, initialPa: m.initialPa, finalPa: m.finalPa,
      finalMultiple: m.finalMultiple, ratedAirM3h: m.ratedAirM3h, dustCapacityG: m.dustCapacityG, captureEfficiency: m.captureEfficiency,
      maxDays: m.maxDays, leadDays: m.leadDays, unitPrice: m.unitPrice,
    },
  }));
}

const same = (a: unknown, b: unknown) => (typeof a === 'number' && typeof b === 'number' ? Math.abs(a - b) < 1e-9 : (a ?? null) === (b ?? null));

/**
 * What applying the upstream would do: added (upstream only), changed (some synced field
 * differs), and for the local records that `removable` names and the upstream lacks, removed —
 * or kept when still in use (a removal must not break the devices or orders that hold it).
 * Ordered added, changed, removed, kept, each by code.
 */
export function diffCatalogue(
  kind: LccSyncKind, upstream: { code: string; name: string; fields: Fields }[], local: LocalRecord[], removable: ReadonlySet<string>,
  usedBy: (count: number) => string,
): Diff {
  const localByCode = new Map(local.map((l) => [l.code, l]));
  const upstreamCodes = new Set(upstream.map((u) => u.code));
  const items: DiffItem[] = [];
  let unchanged = 0;
  for (const u of upstream) {
    const l = localByCode.get(u.code);
    if (!l) {
      items.push({ code: u.code, name: u.name, action: 'added', before: null, after: u.fields, fields: [], note: '' });
      continue;
    }
    const fields = SYNCED_FIELDS[kind].filter((f) => !same(l.fields[f], u.fields[f]));
    if (fields.length) items.push({ code: u.code, name: u.name, action: 'changed', before: l.fields, after: u.fields, fields, note: '' });
    else unchanged++;
  }
  for (const l of local) {
    if (upstreamCodes.has(l.code) || !removable.has(l.code)) continue;
    items.push(l.inUse
      ? { code: l.code, name: l.name, action: 'kept', before: l.fields, after: null, fields: [], note: usedBy(l.inUse) }
      : { code: l.code, name: l.name, action: 'removed', before: l.fields, after: null, fields: [], note: '' });
  }
  const order: Record<LccItemAction, number> = { added: 0, changed: 1, removed: 2, kept: 3 };
  items.sort((a, b) => order[a.action] - order[b.action] || a.code.localeCompare(b.code));
  return { items, unchanged };
}

type Compared = Pick<DiffItem, 'code' | 'action' | 'fields'> & { before: Record<string, unknown> | null };
const canonical = (f: Record<string, unknown> | null) => (f ? JSON.stringify(Object.keys(f).sort().map((k) => [k, f[k]])) : '');

/** The same diff, item for item (code, action, changed fields, local values): the local data has not moved since. */
export function sameDiff(a: readonly Compared[], b: readonly Compared[]): boolean {
  const key = (i: Compared) => `${i.action}:${i.code}:${[...i.fields].sort().join(',')}:${canonical(i.before)}`;
  const ka = a.map(key).sort();
  const kb = b.map(key).sort();
  return ka.length === kb.length && ka.every((k, i) => k === kb[i]);
}
