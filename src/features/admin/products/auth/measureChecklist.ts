import type { MeasureGroup } from '../../../../../contract/resources/measure-group';
import type { MeasurePoint } from '../../../../../contract/resources/measure';

/** One section of the checklist: a measure group's points (`groupId` null: the points of no group). */
export interface PointSection {
  groupId: number | null;
  name: string;
  points: MeasurePoint[];
}

/**
 * The points by measure group, groups in their order (then by id), points in the table's order;
 * points of no group, or of a group the table does not list, come last under `ungrouped`. Groups
 * without points are left out.
 */
export function sectionsOf(groups: readonly MeasureGroup[], points: readonly MeasurePoint[], ungrouped: string): PointSection[] {
  const ordered = [...groups].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
  const known = new Set(ordered.map((g) => g.id));
  const sections: PointSection[] = ordered.map((g) => ({ groupId: g.id, name: g.name, points: points.filter((p) => p.groupId === g.id) }));
  sections.push({ groupId: null, name: ungrouped, points: points.filter((p) => p.groupId === null || !known.has(p.groupId)) });
  return sections.filter((s) => s.points.length > 0);
}

/** `ids` added to (`on`) or taken from the selection, as a new set. */
export function withIds(selected: ReadonlySet<number>, ids: readonly number[], on: boolean): Set<number> {
  const next = new Set(selected);
  for (const id of ids) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return next;
}

/** How many of `ids` are selected: none, some or all (a group's checkbox and its indeterminate mark). */
export function coverage(selected: ReadonlySet<number>, ids: readonly number[]): 'none' | 'some' | 'all' {
  const n = ids.filter((id) => selected.has(id)).length;
  return n === 0 ? 'none' : n === ids.length ? 'all' : 'some';
}

export function sameIds(a: ReadonlySet<number>, b: ReadonlySet<number>): boolean {
  return a.size === b.size && [...a].every((id) => b.has(id));
}

/** `?isIotDevice` of the route: '1' the IoT products, '0' the others; anything else is not a branch. */
export function branchOf(param: string | undefined): 0 | 1 | undefined {
  return param === '1' ? 1 : param === '0' ? 0 : undefined;
}
