import { describe, expect, it } from 'vitest';
import { allKeys, buildOrgTree, filterOrgTree, type OrgTreeItem } from './orgTree';

const shape = (items: OrgTreeItem[]): unknown[] => items.map((i) => (i.children.length ? { [i.org.name]: shape(i.children) } : i.org.name));

describe('organisation tree', () => {
  const orgs = [
    { id: 1, name: '总部', parentId: null },
    { id: 2, name: '华东', parentId: 1 },
    { id: 3, name: '苏州工厂', parentId: 2 },
    { id: 4, name: '北方', parentId: 1 },
    // Its parent lies outside the caller's scope: a root of its own.
    { id: 5, name: '外部分公司', parentId: 99 },
  ];

  it('builds the forest by parent, roots where the parent is not visible', () => {
    expect(shape(buildOrgTree(orgs))).toEqual([{ 总部: [{ 华东: ['苏州工厂'] }, '北方'] }, '外部分公司']);
  });

  it('never loops on a cycle', () => {
    const tree = buildOrgTree([{ id: 1, name: 'a', parentId: 2 }, { id: 2, name: 'b', parentId: 1 }]);
    expect(allKeys(tree).sort()).toEqual([1, 2]);
  });

  it('filters to the matches and what lies above them', () => {
    expect(shape(filterOrgTree(buildOrgTree(orgs), '苏州'))).toEqual([{ 总部: [{ 华东: ['苏州工厂'] }] }]);
    expect(shape(filterOrgTree(buildOrgTree(orgs), '  '))).toHaveLength(2);
    expect(filterOrgTree(buildOrgTree(orgs), 'none')).toEqual([]);
  });
});
