import { draftKey, parseDraft } from '../editor/model/draft';

/** The editor's unsaved draft of template `id` (its document), or null when there is none or it is unreadable. */
export function readDraftContent(id: number): unknown {
  try {
    const text = localStorage.getItem(draftKey(id));
    const draft = text === null ? null : parseDraft(text);
    return draft ? draft.doc : null;
  } catch {
    return null;
  }
}
