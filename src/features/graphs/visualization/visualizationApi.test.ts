import { describe, expect, it } from 'vitest';
import { idParam, projectForKey, shownGraphs } from './visualizationApi';

const graph = (id: number, isDefault: boolean, isActive: boolean) =>
  ({ id, projectId: 1, name: `g${id}`, isDefault, isActive, createdAt: 0, updatedAt: 0 });

describe('project visualisation helpers', () => {
  it('reads ids from the address', () => {
    expect(idParam('12')).toBe(12);
    for (const bad of [null, '', '0', '-1', '1.5', 'x', '12345678901']) expect(idParam(bad)).toBeUndefined();
  });

  it('cycles projects with the remote keys, wrapping', () => {
    const projects = [{ id: 3, name: 'a' }, { id: 5, name: 'b' }, { id: 9, name: 'c' }];
    expect(projectForKey('ArrowRight', projects, 3)).toBe(5);
    expect(projectForKey('ArrowRight', projects, 9)).toBe(3);
    expect(projectForKey('PageUp', projects, 3)).toBe(9);
    expect(projectForKey('ArrowRight', projects, undefined)).toBe(5);
    expect(projectForKey('x', projects, 3)).toBeNull();
    expect(projectForKey('ArrowRight', [], 3)).toBeNull();
  });

  it('shows the active graphs, the default first', () => {
    expect(shownGraphs([graph(1, false, true), graph(2, false, false), graph(3, true, true)]).map((g) => g.id)).toEqual([3, 1]);
  });
});
