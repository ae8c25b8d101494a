import { describe, expect, it } from 'vitest';
import { draftKey, draftStatus, isDraftKey, parseDraft, readDraft, serialiseDraft } from './draft';
import type { Draft } from './draft';
import { doc, widget } from './testDoc';

const draft: Draft = {
  templateId: 7,
  savedVersion: 3,
  savedAt: 1_700_000_000_000,
  doc: doc([widget('kpi1', 0, 0, 100, 100, { name: 'Energy', hidden: true })]),
  guides: { h: [540], v: [] },
};

describe('draft', () => {
  it('has one storage key per template', () => {
    expect(draftKey(7)).toBe('nv.screenEditor.draft.7');
    expect(draftKey(null)).toBe('nv.screenEditor.draft.new');
    expect(isDraftKey(draftKey(7))).toBe(true);
    expect(isDraftKey('nv.other')).toBe(false);
  });

  it('round-trips a draft', () => {
    expect(readDraft(serialiseDraft(draft))).toEqual({ ok: true, draft });
    expect(parseDraft(serialiseDraft(draft))).toEqual(draft);
    const bare = { templateId: null, savedVersion: null, savedAt: 1, doc: draft.doc };
    expect(parseDraft(serialiseDraft(bare))).toEqual(bare);
  });

  it('keeps an unfinished document (no widgets, a binding to a missing source) restorable', () => {
    const unfinished = { ...draft, doc: doc([]) };
    expect(parseDraft(serialiseDraft(unfinished))?.doc.widgets).toEqual([]);
  });

  it('refuses anything else with a reason', () => {
    const text = (patch: Record<string, unknown>) => JSON.stringify({ ...JSON.parse(serialiseDraft(draft)), ...patch });
    expect(readDraft('{')).toEqual({ ok: false, error: 'draft: not JSON' });
    expect(readDraft('[]')).toEqual({ ok: false, error: 'draft: not a draft' });
    expect(readDraft(text({ draftVersion: 9 }))).toEqual({ ok: false, error: 'draft.draftVersion: must be 1' });
    expect(readDraft(text({ savedAt: 'yesterday' }))).toEqual({ ok: false, error: 'draft.savedAt: must be a time' });
    expect(readDraft(text({ templateId: -1 }))).toEqual({ ok: false, error: 'draft.templateId: must be an id or null' });
    expect(readDraft(text({ savedVersion: 'x' }))).toEqual({ ok: false, error: 'draft.savedVersion: must be a version or null' });
    expect(readDraft(text({ guides: { h: ['a'], v: [] } }))).toMatchObject({ ok: false, error: expect.stringMatching(/^draft\.guides/) });
    expect(readDraft(text({ doc: { ...draft.doc, version: 0 } }))).toMatchObject({ ok: false, error: expect.stringMatching(/^draft\.doc\.version/) });
    expect(readDraft(text({ doc: { ...draft.doc, script: 'x' } }))).toEqual({ ok: false, error: 'draft.doc.script: unknown field' });
    expect(readDraft(text({ doc: { ...draft.doc, canvas: { ...draft.doc.canvas, background: 'javascript:x' } } }))).toMatchObject({ ok: false, error: expect.stringMatching(/^draft\.doc\.canvas\.background: /) });
    expect(readDraft(text({ doc: { ...draft.doc, widgets: [{ ...draft.doc.widgets[0], x: -5 }] } }))).toMatchObject({ ok: false, error: expect.stringMatching(/^draft\.doc\.widgets\.0\.x: /) });
    expect(parseDraft('nope')).toBeNull();
  });

  it('says whether a draft is worth offering against the stored template', () => {
    expect(draftStatus(draft, { version: 3, doc: JSON.parse(JSON.stringify(draft.doc)) })).toBe('same');
    expect(draftStatus(draft, { version: 3, doc: doc([]) })).toBe('restorable');
    expect(draftStatus(draft, { version: 4, doc: doc([]) })).toBe('outdated');
  });
});
