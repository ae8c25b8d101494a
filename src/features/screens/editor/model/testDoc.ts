import { SCREEN_TEMPLATE_VERSION } from '../../../../../contract/screen-template';
import type { EditorState } from './editorState';
import type { EditorDoc, EditorWidget } from './types';

/** Test fixtures: a 1920×1080 document and widgets built from a few fields. */
export function widget(id: string, x: number, y: number, w: number, h: number, extra: Partial<EditorWidget> = {}): EditorWidget {
  return { id, type: 'kpi', x, y, w, h, z: 0, props: {}, ...extra } as EditorWidget;
}

export function doc(widgets: EditorWidget[], extra: Partial<EditorDoc> = {}): EditorDoc {
  return {
    version: SCREEN_TEMPLATE_VERSION,
    canvas: { width: 1920, height: 1080, background: '#061327', scaleMode: 'fit' },
    variables: [],
    sources: [],
    widgets,
    ...extra,
  } as EditorDoc;
}

export function state(widgets: EditorWidget[], extra: Partial<EditorDoc> = {}, selection: string[] = []): EditorState {
  return deepFreeze({ doc: doc(widgets, extra), selection, guides: { h: [], v: [] } });
}

/** Freezes a value through, so a test fails if a command mutates its input. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

export const byId = (s: EditorState, id: string): EditorWidget => {
  const w = s.doc.widgets.find((x) => x.id === id);
  if (!w) throw new Error(`no widget ${id}`);
  return w;
};

export const rectOfId = (s: EditorState, id: string) => {
  const w = byId(s, id);
  return { x: w.x, y: w.y, w: w.w, h: w.h };
};
