import { atom } from 'jotai';
import type { MenuItem } from '../../contract/session';
import { hasRight } from '../../contract/rights';

/** A visible menu entry with its visible children, in menu order. */
export interface MenuNode {
  id: number;
  name: string;
  title: string;
  titleEn: string;
  path: string;
  icon: string;
  order: number;
  rightCode: string | null;
  children: MenuNode[];
}

const byOrder = (a: MenuItem, b: MenuItem) => a.order - b.order || a.id - b.id;

/**
 * The menu a user sees (SPEC §2): children built from parentId and sorted by the order field; an
 * entry whose rightCode the user lacks is hidden; a parent whose children are all hidden is
 * hidden, one with any visible child is shown.
 */
export function buildMenuTree(items: readonly MenuItem[], rights: readonly string[]): MenuNode[] {
  const ids = new Set(items.map((i) => i.id));
  const childrenOf = new Map<number, MenuItem[]>();
  for (const item of items) {
    const parent = ids.has(item.parentId) && item.parentId !== item.id ? item.parentId : 0;
    const list = childrenOf.get(parent) ?? [];
    list.push(item);
    childrenOf.set(parent, list);
  }
  const build = (parentId: number, seen: Set<number>): MenuNode[] => {
    const nodes: MenuNode[] = [];
    for (const item of [...(childrenOf.get(parentId) ?? [])].sort(byOrder)) {
      if (seen.has(item.id)) continue;
      if (item.rightCode && !hasRight(rights, item.rightCode)) continue;
      const hadChildren = (childrenOf.get(item.id) ?? []).length > 0;
      const children = build(item.id, new Set([...seen, item.id]));
      if (hadChildren && children.length === 0) continue;
      nodes.push({
        id: item.id, name: item.name, title: item.title, titleEn: item.titleEn, path: item.path,
        icon: item.icon, order: item.order, rightCode: item.rightCode, children,
      });
    }
    return nodes;
  };
  return build(0, new Set());
}

/** Every visible entry, parents before their children. */
export function flattenMenu(tree: readonly MenuNode[]): MenuNode[] {
  return tree.flatMap((node) => [node, ...flattenMenu(node.children)]);
}

/** The first leaf under a node: where a parent entry redirects (SPEC §2). */
export function firstLeaf(node: MenuNode): MenuNode {
  return node.children.length ? firstLeaf(node.children[0]) : node;
}

/** The entry's title in the current language. */
export function menuTitle(node: Pick<MenuNode, 'title' | 'titleEn'>, language: string): string {
  return language === 'en' && node.titleEn ? node.titleEn : node.title;
}

/** The app menu as the server sent it, unfiltered; empty until the console has loaded it. */
export const menuItemsAtom = atom<MenuItem[]>([]);
