import { atom } from 'jotai';

/** The root page's tab is always first and cannot be closed (SPEC §2). */
export const ROOT_TAG = '/';

/** Open pages of the main layout, by path, in the order they were opened. */
export const openTagsAtom = atom<string[]>([ROOT_TAG]);

/** Per path, how often its page was refreshed from the tab menu; the layout keys the page by it. */
export const refreshCountsAtom = atom<Record<string, number>>({});

export function addTag(tags: readonly string[], path: string): string[] {
  const list = tags.includes(ROOT_TAG) ? [...tags] : [ROOT_TAG, ...tags];
  return list.includes(path) ? list : [...list, path];
}

export interface TagChange {
  tags: string[];
  /** Where to go when the active page was closed. */
  navigateTo?: string;
}

/** Closes one tab; when it was the active one, the last remaining tab becomes active. */
export function closeTag(tags: readonly string[], path: string, active: string): TagChange {
  if (path === ROOT_TAG) return { tags: [...tags] };
  const next = tags.filter((t) => t !== path);
  return { tags: next, navigateTo: path === active ? next[next.length - 1] ?? ROOT_TAG : undefined };
}

/** Keeps the root tab and `path`, which becomes active. */
export function closeOtherTags(path: string, active: string): TagChange {
  const next = path === ROOT_TAG ? [ROOT_TAG] : [ROOT_TAG, path];
  return { tags: next, navigateTo: active === path ? undefined : path };
}

/** Keeps only the root tab, which becomes active. */
export function closeAllTags(active: string): TagChange {
  return { tags: [ROOT_TAG], navigateTo: active === ROOT_TAG ? undefined : ROOT_TAG };
}
