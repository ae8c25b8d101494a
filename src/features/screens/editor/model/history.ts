import { deepEqual } from './deepEqual';

/** Undo steps kept by default; the oldest are dropped beyond it. */
export const HISTORY_LIMIT = 200;

/**
 * An undo/redo stack of documents (immutable; every function answers a new history, or the same
 * one when nothing changes). Selection is not in it, so selecting is never an undo step.
 */
export interface History<D> {
  /** Older documents, oldest first. */
  readonly past: readonly D[];
  readonly present: D;
  /** Undone documents, the next redo first. */
  readonly future: readonly D[];
  /** The document last saved (or loaded); `dirty` compares with it. */
  readonly saved: D;
  /** Whether `present` differs from `saved`. */
  readonly dirty: boolean;
  /** The coalesce key of the open gesture: a push with the same key replaces `present`. */
  readonly gesture: string | null;
  readonly limit: number;
}

export function createHistory<D>(doc: D, limit = HISTORY_LIMIT): History<D> {
  return { past: [], present: doc, future: [], saved: doc, dirty: false, gesture: null, limit: Math.max(1, limit) };
}

const dirtyOf = <D>(present: D, saved: D) => present !== saved && !deepEqual(present, saved);

/**
 * Records a new document. With a `coalesce` key equal to the open gesture's (a drag's frames,
 * keystrokes in one field), it replaces the present instead of adding a step; any other push
 * opens a new step. A push clears the redo stack; beyond the limit the oldest step is dropped.
 */
export function push<D>(h: History<D>, doc: D, options: { coalesce?: string } = {}): History<D> {
  if (doc === h.present) return h;
  const key = options.coalesce ?? null;
  if (key !== null && key === h.gesture) {
    return { ...h, present: doc, future: [], dirty: dirtyOf(doc, h.saved) };
  }
  const past = [...h.past, h.present];
  if (past.length > h.limit) past.splice(0, past.length - h.limit);
  return { ...h, past, present: doc, future: [], gesture: key, dirty: dirtyOf(doc, h.saved) };
}

/**
 * Closes the open gesture (pointer up, field blur), so the next push is a step of its own. A
 * gesture that ended where it began (a widget dragged back to its place) leaves no step.
 */
export function endGesture<D>(h: History<D>): History<D> {
  if (h.gesture === null) return h;
  const before = h.past[h.past.length - 1];
  if (h.past.length && h.future.length === 0 && deepEqual(before, h.present)) {
    return { ...h, past: h.past.slice(0, -1), present: before, gesture: null, dirty: dirtyOf(before, h.saved) };
  }
  return { ...h, gesture: null };
}

export const canUndo = <D>(h: History<D>): boolean => h.past.length > 0;
export const canRedo = <D>(h: History<D>): boolean => h.future.length > 0;

export function undo<D>(h: History<D>): History<D> {
  if (!canUndo(h)) return h;
  const present = h.past[h.past.length - 1];
  return { ...h, past: h.past.slice(0, -1), present, future: [h.present, ...h.future], gesture: null, dirty: dirtyOf(present, h.saved) };
}

export function redo<D>(h: History<D>): History<D> {
  if (!canRedo(h)) return h;
  const [present, ...future] = h.future;
  return { ...h, past: [...h.past, h.present], present, future, gesture: null, dirty: dirtyOf(present, h.saved) };
}

/**
 * Marks a document as saved (default: the present), closing the open gesture so later edits are
 * a new step. Undoing back to it is clean again.
 */
export function markSaved<D>(h: History<D>, doc: D = h.present): History<D> {
  return { ...h, saved: doc, gesture: null, dirty: dirtyOf(h.present, doc) };
}

/**
 * Starts over from a document (a reload after a conflict, a restored revision kept as the base):
 * no undo steps, clean.
 */
export function resetHistory<D>(h: History<D>, doc: D): History<D> {
  return createHistory(doc, h.limit);
}
