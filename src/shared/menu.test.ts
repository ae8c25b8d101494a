import { describe, expect, it } from 'vitest';
import type { MenuItem } from '../../contract/session';
import { buildMenuTree, firstLeaf, flattenMenu, menuTitle } from './menu';

let nextId = 1;
function item(partial: Partial<MenuItem> & { name: string }): MenuItem {
  return {
    id: nextId++, parentId: 0, title: partial.name, titleEn: `${partial.name}-en`, path: `/${partial.name}`,
    icon: '', order: 10, rightCode: null, type: 'app', ...partial,
  };
}

const system = item({ id: 100, name: 'system', order: 20 });
const users = item({ id: 101, parentId: 100, name: 'users', order: 20, rightCode: 'user-preview' });
const base = item({ id: 102, parentId: 100, name: 'base', order: 10, rightCode: 'base-data-preview' });
const apps = item({ id: 200, name: 'apps', order: 10 });
const appList = item({ id: 201, parentId: 200, name: 'app-list', rightCode: 'application-preview' });
const log = item({ id: 300, name: 'log', order: 30, rightCode: 'log-preview' });
const about = item({ id: 400, name: 'about', order: 40 });
const version = item({ id: 401, parentId: 400, name: 'version' });
const ITEMS = [users, log, system, appList, base, apps, version, about];

describe('buildMenuTree', () => {
  it('nests by parentId and sorts by order at every level', () => {
    const tree = buildMenuTree(ITEMS, ['user-preview', 'base-data-preview', 'application-preview', 'log-preview']);
    expect(tree.map((n) => n.name)).toEqual(['apps', 'system', 'log', 'about']);
    expect(tree[1].children.map((n) => n.name)).toEqual(['base', 'users']);
  });

  it('hides entries without the right and parents left without children', () => {
    const tree = buildMenuTree(ITEMS, ['user-preview']);
    expect(tree.map((n) => n.name)).toEqual(['system', 'about']);
    expect(tree[0].children.map((n) => n.name)).toEqual(['users']);
  });

  it('keeps entries without a right code for everyone', () => {
    expect(buildMenuTree(ITEMS, []).map((n) => n.name)).toEqual(['about']);
  });

  it('survives an entry naming itself or a missing parent', () => {
    const odd = [item({ id: 900, parentId: 900, name: 'self' }), item({ id: 901, parentId: 12345, name: 'orphan' })];
    expect(buildMenuTree(odd, []).map((n) => n.name)).toEqual(['self', 'orphan']);
  });
});

describe('menu helpers', () => {
  const tree = buildMenuTree(ITEMS, ['user-preview', 'base-data-preview']);

  it('finds the first visible leaf of a parent', () => {
    expect(firstLeaf(tree[0]).name).toBe('base');
  });

  it('flattens parents before children', () => {
    expect(flattenMenu(tree).map((n) => n.name)).toEqual(['system', 'base', 'users', 'about', 'version']);
  });

  it('titles in the current language', () => {
    expect(menuTitle(tree[0], 'zh')).toBe('system');
    expect(menuTitle(tree[0], 'en')).toBe('system-en');
  });
});
