import { WidgetBinding } from '../../../../../contract/screen-template';
import type { Binding } from '../model/types';
import { issueMessage, type Issue } from './issueText';

/** One `map` row: the output field the widget reads and the path in the item it comes from. */
export interface MapRow {
  out: string;
  path: string;
}

/** The binding editor's fields as typed; blank ones are left out of the binding. */
export interface BindingDraft {
  sourceId: string;
  path: string;
  pick: string[];
  sortField: string;
  sortOrder: 'asc' | 'desc';
  limit: number | null;
  map: MapRow[];
}

/** The editor's fields: `path`, `pick`, `sortField`, `limit`, or a map row's `map.<i>.out` / `map.<i>.path`. */
export type BindingErrors = Record<string, string>;

export type DraftResult = { ok: true; binding: Binding } | { ok: false; errors: BindingErrors };

export function bindingToDraft(binding: Binding | undefined): BindingDraft {
  const t = binding?.transform;
  return {
    sourceId: binding?.sourceId ?? '',
    path: binding?.path ?? '',
    pick: t?.pick ?? [],
    sortField: t?.sortBy?.field ?? '',
    sortOrder: t?.sortBy?.order ?? 'desc',
    limit: t?.limit ?? null,
    map: Object.entries(t?.map ?? {}).map(([out, path]) => ({ out, path })),
  };
}

function fieldOf(issue: Issue, draft: BindingDraft, mapKeys: string[]): string {
  const [head, second, third] = issue.path;
  if (head === 'path' || head === 'sourceId') return head;
  if (head !== 'transform') return 'sourceId';
  if (second === 'sortBy') return 'sortField';
  if (second === 'map' && typeof third === 'string') {
    const index = draft.map.findIndex((r) => r.out.trim() === third);
    const row = index >= 0 ? index : mapKeys.indexOf(third);
    return issue.code === 'invalid_key' ? `map.${row}.out` : `map.${row}.path`;
  }
  return String(second);
}

/**
 * The binding the draft describes, checked by the contract's `WidgetBinding`, or the problems by
 * field. Blank parts are left out (no path: the whole answer; no transform steps: none); map rows
 * left wholly blank are ignored, a map output named twice is refused.
 */
export function draftToBinding(draft: BindingDraft): DraftResult {
  const errors: BindingErrors = {};
  const transform: Record<string, unknown> = {};
  if (draft.pick.length) transform.pick = draft.pick;
  if (draft.sortField.trim()) transform.sortBy = { field: draft.sortField.trim(), order: draft.sortOrder };
  if (draft.limit !== null) transform.limit = draft.limit;
  const map: Record<string, string> = {};
  const mapKeys: string[] = [];
  draft.map.forEach((row, i) => {
    const out = row.out.trim();
    const path = row.path.trim();
    mapKeys.push(out);
    if (!out && !path) return;
    if (!out) errors[`map.${i}.out`] = 'output field is required';
    else if (out in map) errors[`map.${i}.out`] = `output field "${out}" is given twice`;
    else if (!path) errors[`map.${i}.path`] = 'path is required';
    else map[out] = path;
  });
  if (Object.keys(map).length) transform.map = map;

  const candidate = {
    sourceId: draft.sourceId,
    ...(draft.path.trim() ? { path: draft.path.trim() } : {}),
    ...(Object.keys(transform).length ? { transform } : {}),
  };
  const parsed = WidgetBinding.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOf(issue, draft, mapKeys);
      errors[field] ??= issueMessage(issue);
    }
  }
  if (Object.keys(errors).length || !parsed.success) return { ok: false, errors };
  return { ok: true, binding: parsed.data };
}
