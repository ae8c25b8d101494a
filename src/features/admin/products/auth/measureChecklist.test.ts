import { describe, expect, it } from 'vitest';
import type { MeasureGroup } from '../../../../../contract/resources/measure-group';
import type { MeasurePoint } from '../../../../../contract/resources/measure';
import { branchOf, coverage, sameIds, sectionsOf, withIds } from './measureChecklist';

const group = (id: number, name: string, sortOrder: number): MeasureGroup => ({ id, version: 1, deviceModelId: 1, name, sortOrder });
const point = (id: number, groupId: number | null) => ({ id, groupId, name: `p${id}` }) as MeasurePoint;

describe('measure rights checklist', () => {
  it('sections the points by group in the groups\' order, the ungrouped last, empty groups left out', () => {
    const sections = sectionsOf(
      [group(1, '环境', 2), group(2, '运行', 1), group(3, '空', 0)],
      [point(10, 1), point(11, 2), point(12, null), point(13, 1), point(14, 99)],
      '未分组',
    );
    expect(sections.map((s) => [s.name, s.points.map((p) => p.id)])).toEqual([
      ['运行', [11]], ['环境', [10, 13]], ['未分组', [12, 14]],
    ]);
    expect(sectionsOf([], [], '未分组')).toEqual([]);
  });

  it('adds and removes a group\'s points and tells none, some or all', () => {
    const start = new Set([1, 2]);
    const added = withIds(start, [3, 4], true);
    expect([...added].sort()).toEqual([1, 2, 3, 4]);
    expect([...start]).toEqual([1, 2]);
    expect([...withIds(added, [1, 3], false)].sort()).toEqual([2, 4]);
    expect(coverage(start, [3, 4])).toBe('none');
    expect(coverage(start, [2, 3])).toBe('some');
    expect(coverage(start, [1, 2])).toBe('all');
  });

  it('compares selections as sets', () => {
    expect(sameIds(new Set([1, 2]), new Set([2, 1]))).toBe(true);
    expect(sameIds(new Set([1, 2]), new Set([1]))).toBe(false);
    expect(sameIds(new Set([1, 3]), new Set([1, 2]))).toBe(false);
  });

  it('reads the branch of the address: 1 IoT, 0 the others, nothing else', () => {
    expect(branchOf('1')).toBe(1);
    expect(branchOf('0')).toBe(0);
    expect(branchOf('2')).toBeUndefined();
    expect(branchOf(undefined)).toBeUndefined();
    expect(branchOf('01')).toBeUndefined();
  });
});
