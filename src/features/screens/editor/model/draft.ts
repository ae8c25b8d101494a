import { deepEqual } from './deepEqual';
import { parseEditorDoc } from './docSchema';
import type { EditorDoc, Guides } from './types';

export const DRAFT_FORMAT = 'nv-console/screen-draft';
export const DRAFT_VERSION = 1;
const KEY_PREFIX = 'nv.screenEditor.draft.';

/**
 * The editor's unsaved work on one template, kept in localStorage while editing so a crashed
 * browser loses nothing; offered back when the template is opened again.
 */
export interface Draft {
  /** The template's id; null for a template not saved yet. */
  templateId: number | null;
  /** The row version the work started from (optimistic concurrency); null for a new template. */
  savedVersion: number | null;
  /** When the draft was written (ms since 1970). */
  savedAt: number;
  doc: EditorDoc;
  guides?: Guides;
}

/**
 * The localStorage key of a template's draft: one per template (`new` for an unsaved one). The
 * row version it started from is inside the draft, so work begun before someone else saved is
 * still found and offered (with a warning) rather than orphaned under an old key.
 */
export function draftKey(templateId: number | null | 'new'): string {
  return `${KEY_PREFIX}${templateId === null ? 'new' : templateId}`;
}

/** Whether a localStorage key is a draft's (to list or clear them). */
export const isDraftKey = (key: string): boolean => key.startsWith(KEY_PREFIX);

export function serialiseDraft(draft: Draft): string {
  return JSON.stringify({ format: DRAFT_FORMAT, draftVersion: DRAFT_VERSION, ...draft });
}

export type ParsedDraft = { ok: true; draft: Draft } | { ok: false; error: string };

const isGuideList = (v: unknown) => Array.isArray(v) && v.length <= 200 && v.every((p) => typeof p === 'number' && Number.isFinite(p));

/** Reads a draft back, checking its document part by part (a draft may be unfinished: no cross-part checks). */
export function readDraft(text: string): ParsedDraft {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: 'draft: not JSON' };
  }
  if (typeof value !== 'object' || value === null) return { ok: false, error: 'draft: not a draft' };
  const v = value as Record<string, unknown>;
  if (v.format !== DRAFT_FORMAT) return { ok: false, error: 'draft: not a draft' };
  if (v.draftVersion !== DRAFT_VERSION) return { ok: false, error: `draft.draftVersion: must be ${DRAFT_VERSION}` };
  const nullableInt = (x: unknown) => x === null || (Number.isInteger(x) && (x as number) >= 0);
  if (!nullableInt(v.templateId)) return { ok: false, error: 'draft.templateId: must be an id or null' };
  if (!nullableInt(v.savedVersion)) return { ok: false, error: 'draft.savedVersion: must be a version or null' };
  if (typeof v.savedAt !== 'number' || !Number.isFinite(v.savedAt) || v.savedAt < 0) return { ok: false, error: 'draft.savedAt: must be a time' };
  const doc = parseEditorDoc(v.doc, 'draft.doc');
  if (!doc.ok) return doc;
  let guides: Guides | undefined;
  if (v.guides !== undefined) {
    const g = v.guides as Record<string, unknown> | null;
    if (typeof g !== 'object' || g === null || !isGuideList(g.h) || !isGuideList(g.v)) return { ok: false, error: 'draft.guides: must be {h: number[], v: number[]}' };
    guides = { h: g.h as number[], v: g.v as number[] };
  }
  const draft: Draft = { templateId: v.templateId as number | null, savedVersion: v.savedVersion as number | null, savedAt: v.savedAt, doc: doc.value };
  return { ok: true, draft: guides ? { ...draft, guides } : draft };
}

/** {@link readDraft} for callers that only need the draft: null when the text is no valid draft. */
export function parseDraft(text: string): Draft | null {
  const r = readDraft(text);
  return r.ok ? r.draft : null;
}

/**
 * What to do with a draft found on opening a template:
 * - `same`: it holds nothing the stored template lacks (discard it quietly);
 * - `restorable`: unsaved work on the version now stored (offer to restore);
 * - `outdated`: unsaved work on an older version, someone saved since (offer it with a warning).
 */
export function draftStatus(draft: Draft, stored: { version: number; doc: unknown }): 'same' | 'restorable' | 'outdated' {
  if (deepEqual(draft.doc, stored.doc)) return 'same';
  return draft.savedVersion === stored.version ? 'restorable' : 'outdated';
}
