import type { DataSource, EditorWidget } from './types';

const REF = /\$\{([^}]*)\}/g;

/** The texts of a source that may name variables: endpoint and params, or the hub topic. */
function sourceTexts(s: DataSource): string[] {
  if (s.kind === 'hub') return [s.topic];
  return [s.endpoint, ...Object.values(s.params).filter((v): v is string => typeof v === 'string')];
}

/** The variable names `${name}` in some text. */
export function refsIn(text: string): string[] {
  return [...text.matchAll(REF)].map((m) => m[1]);
}

/** The variables the sources and the widgets' titles name. */
export function variablesUsed(sources: readonly DataSource[], widgets: readonly EditorWidget[]): Set<string> {
  const used = new Set<string>();
  for (const s of sources) for (const t of sourceTexts(s)) for (const r of refsIn(t)) used.add(r);
  for (const w of widgets) if (w.title) for (const r of refsIn(w.title)) used.add(r);
  return used;
}

const renameIn = (text: string, from: string, to: string) => text.split(`\${${from}}`).join(`\${${to}}`);

/** The source with `${from}` renamed `${to}`; the same object when it names no `${from}`. */
export function renameInSource(s: DataSource, from: string, to: string): DataSource {
  if (!sourceTexts(s).some((t) => t.includes(`\${${from}}`))) return s;
  if (s.kind === 'hub') return { ...s, topic: renameIn(s.topic, from, to) };
  return {
    ...s,
    endpoint: renameIn(s.endpoint, from, to),
    params: Object.fromEntries(Object.entries(s.params).map(([k, v]) => [k, typeof v === 'string' ? renameIn(v, from, to) : v])),
  };
}

/** The widget with `${from}` renamed `${to}` in its title; the same object when its title names no `${from}`. */
export function renameInTitle(w: EditorWidget, from: string, to: string): EditorWidget {
  return w.title && w.title.includes(`\${${from}}`) ? { ...w, title: renameIn(w.title, from, to) } : w;
}
