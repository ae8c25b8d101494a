/**
 * The audit lines (t_history_log) of template writes: the changed fields before and after, the
 * document only as its widget count (a template is up to megabytes; the log is read by people).
 */

/** What the log compares of a template. `content` is the stored JSON text. */
export interface AuditedTemplate {
  name: string;
  orgId: number | null;
  isDefault: boolean;
  isActive: boolean;
  isDefaultMulti: boolean;
  content: string;
}

/** How many widgets stored JSON text holds; 0 when it is not a document. */
export function widgetCountOf(content: string): number {
  return documentStatsOf(content).widgetCount;
}

/** The design size and widget count of stored JSON text, read leniently (the runtime reports bad documents). */
export function documentStatsOf(content: string): { width: number | null; height: number | null; widgetCount: number } {
  let doc: unknown;
  try {
    doc = JSON.parse(content);
  } catch {
    return { width: null, height: null, widgetCount: 0 };
  }
  const d = (doc && typeof doc === 'object' ? doc : {}) as { canvas?: { width?: unknown; height?: unknown }; widgets?: unknown };
  const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null);
  return {
    width: int(d.canvas?.width),
    height: int(d.canvas?.height),
    widgetCount: Array.isArray(d.widgets) ? d.widgets.length : 0,
  };
}

const FIELDS = ['name', 'orgId', 'isDefault', 'isActive', 'isDefaultMulti', 'content'] as const;

/**
 * `{"before": {...}, "after": {...}}` of the fields that differ (all of them on add and delete);
 * the document shows as `12 widgets`, and after a change as `content changed (14 widgets)`.
 */
export function templateAuditDetail(before: AuditedTemplate | null, after: AuditedTemplate | null): string {
  const changed = FIELDS.filter((f) => !before || !after || before[f] !== after[f]);
  const show = (t: AuditedTemplate | null, side: 'before' | 'after') => (t
    ? Object.fromEntries(changed.map((f) => {
      if (f !== 'content') return [f, t[f]];
      const count = `${widgetCountOf(t.content)} widgets`;
      return [f, side === 'after' && before && after ? `content changed (${count})` : count];
    }))
    : null);
  return JSON.stringify({ before: show(before, 'before'), after: show(after, 'after') });
}

/** `t_screen_tpl#12 平台总览`. */
export const templateAuditTarget = (id: number, name: string) => `t_screen_tpl#${id} ${name}`;
