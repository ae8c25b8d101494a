/** An organisation as the tree needs it. */
export interface OrgNode {
  id: number;
  name: string;
  parentId: number | null;
  disabled?: number;
}

export interface OrgTreeItem {
  key: number;
  org: OrgNode;
  children: OrgTreeItem[];
}

/**
 * The organisations as a forest by `parentId`: an organisation whose parent the caller cannot see
 * (outside its data scope) is a root. A broken cycle cannot loop: each organisation is placed once.
 */
export function buildOrgTree(orgs: readonly OrgNode[]): OrgTreeItem[] {
  const items = new Map(orgs.map((org) => [org.id, { key: org.id, org, children: [] as OrgTreeItem[] }]));
  const roots: OrgTreeItem[] = [];
  for (const item of items.values()) {
    const parent = item.org.parentId == null ? undefined : items.get(item.org.parentId);
    if (parent && !isBelow(parent, item, items)) parent.children.push(item);
    else roots.push(item);
  }
  return roots;
}

/** True when `candidate` is `item` or lies above it already (the link would close a cycle). */
function isBelow(candidate: OrgTreeItem, item: OrgTreeItem, items: ReadonlyMap<number, OrgTreeItem>): boolean {
  const seen = new Set<number>();
  for (let at: OrgTreeItem | undefined = candidate; at && !seen.has(at.key); at = at.org.parentId == null ? undefined : items.get(at.org.parentId)) {
    if (at.key === item.key) return true;
    seen.add(at.key);
  }
  return false;
}

/**
 * The forest cut to the organisations whose name holds `text` (case-insensitive) and those above
 * them; everything when `text` is blank.
 */
export function filterOrgTree(items: readonly OrgTreeItem[], text: string): OrgTreeItem[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...items];
  const out: OrgTreeItem[] = [];
  for (const item of items) {
    const children = filterOrgTree(item.children, needle);
    if (children.length || item.org.name.toLowerCase().includes(needle)) out.push({ ...item, children });
  }
  return out;
}

/** Every key of the forest (to expand all). */
export function allKeys(items: readonly OrgTreeItem[]): number[] {
  return items.flatMap((i) => [i.key, ...allKeys(i.children)]);
}
