/** A field changed by an audited write: its value before and after (null: absent then). */
export interface ChangedField {
  field: string;
  before: unknown;
  after: unknown;
}

/**
 * A log line's detail as the page shows it: the changed fields of a write's `{before, after}` (an
 * insert has no before, a delete no after) with any other facts it carries (`orgIds`, `addOrgs`,
 * …), or a plain text (a sign-in's `ok`, `guest`, `failed`, …).
 */
export type LogDetail =
  | { kind: 'change'; fields: ChangedField[]; extra: [string, unknown][] }
  | { kind: 'facts'; extra: [string, unknown][] }
  | { kind: 'text'; text: string }
  | { kind: 'none' };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function parseLogDetail(detail: string): LogDetail {
  if (!detail.trim()) return { kind: 'none' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(detail);
  } catch {
    return { kind: 'text', text: detail };
  }
  if (!isRecord(parsed)) return { kind: 'text', text: detail };
  const { before, after, ...rest } = parsed;
  const extra = Object.entries(rest);
  if ((before === null || isRecord(before)) && (after === null || isRecord(after)) && (before !== undefined || after !== undefined)) {
    const names = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
    return {
      kind: 'change',
      fields: names.map((field) => ({ field, before: before ? before[field] ?? null : null, after: after ? after[field] ?? null : null })),
      extra,
    };
  }
  return { kind: 'facts', extra: Object.entries(parsed) };
}

/** A value as one line of text: text as it is, anything else as JSON; `empty` for null. */
export function valueText(value: unknown, empty: string): string {
  if (value === null || value === undefined || value === '') return empty;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * The detail in one line (the export's cell): `名称: 甲 → 乙; 备注: （空） → 说明`, facts as
 * `key: value`, text as it is.
 */
export function detailSummary(detail: LogDetail, labelOf: (field: string) => string, texts: { empty: string; text(t: string): string; fact?(key: string): string }): string {
  const fact = ([k, v]: [string, unknown]) => `${texts.fact?.(k) ?? k}: ${valueText(v, texts.empty)}`;
  switch (detail.kind) {
    case 'none':
      return '';
    case 'text':
      return texts.text(detail.text);
    case 'facts':
      return detail.extra.map(fact).join('; ');
    case 'change':
      return [
        ...detail.fields.map((f) => `${labelOf(f.field)}: ${valueText(f.before, texts.empty)} → ${valueText(f.after, texts.empty)}`),
        ...detail.extra.map(fact),
      ].join('; ');
  }
}
