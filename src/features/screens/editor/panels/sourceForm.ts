import { DataSource, HUB_EVENTS } from '../../../../../contract/screen-template';
import type { TemplateVariable } from '../model/types';
import { issueMessage } from './issueText';

export const TOPIC_KINDS = ['alarms', 'statistics', 'project', 'device'] as const;
export type TopicKind = (typeof TOPIC_KINDS)[number];
export type HubEvent = (typeof HUB_EVENTS)[number];

/** One query parameter row of a REST source as typed. */
export interface ParamRow {
  name: string;
  value: string;
}

/** The data-source form: both kinds' fields, so switching the kind keeps what was typed. */
export interface SourceFormValues {
  id: string;
  kind: 'rest' | 'hub';
  endpoint: string;
  params: ParamRow[];
  refreshSeconds: number | null;
  topicKind: TopicKind;
  /** A project or device id, or `${variable}`. */
  topicTarget: string;
  event: HubEvent;
}

/** The form's fields, as its error messages name them. */
export type SourceField = 'id' | 'endpoint' | 'params' | 'refreshSeconds' | 'topicTarget' | 'event';

/** Why a field is wrong: `code` picks the UI's text (`data.errors.<code>`), `message` is the contract's own. */
export interface FieldError {
  field: SourceField;
  code: 'required' | 'identifier' | 'duplicateId' | 'endpoint' | 'paramName' | 'paramValue' | 'duplicateParam' | 'refreshSeconds' | 'topicTarget' | 'unknownVariable' | 'invalid';
  message: string;
  params?: Record<string, string | number>;
}

export type SourceFormResult = { ok: true; source: DataSource } | { ok: false; errors: FieldError[] };

const VAR_REF = /\$\{([^}]*)\}/g;
const NUMBER = /^-?\d+(\.\d+)?$/;

export function emptySourceForm(id: string): SourceFormValues {
  return { id, kind: 'rest', endpoint: '/api/', params: [], refreshSeconds: 30, topicKind: 'alarms', topicTarget: '${projectId}', event: 'measureWarning' };
}

/** The form's values for a stored source (the other kind's fields at their defaults). */
export function sourceToForm(source: DataSource): SourceFormValues {
  const base = emptySourceForm(source.id);
  if (source.kind === 'rest') {
    return {
      ...base,
      endpoint: source.endpoint,
      params: Object.entries(source.params).map(([name, value]) => ({ name, value: String(value) })),
      refreshSeconds: source.refreshSeconds,
    };
  }
  const [kind, ...rest] = source.topic.split(':');
  return { ...base, kind: 'hub', topicKind: kind as TopicKind, topicTarget: rest.join(':') || base.topicTarget, event: source.event };
}

/** A hub source's topic from the form: `alarms`, `statistics`, or `project:<target>` / `device:<target>`. */
export const topicOf = (v: Pick<SourceFormValues, 'topicKind' | 'topicTarget'>) =>
  (v.topicKind === 'project' || v.topicKind === 'device' ? `${v.topicKind}:${v.topicTarget.trim()}` : v.topicKind);

function fieldOf(path: PropertyKey[]): SourceField {
  const head = path[0];
  if (head === 'params') return 'params';
  if (head === 'topic') return 'topicTarget';
  if (head === 'id' || head === 'endpoint' || head === 'refreshSeconds' || head === 'event') return head;
  return 'id';
}

function codeOf(field: SourceField, issueCode: string): FieldError['code'] {
  switch (field) {
    case 'id': return 'identifier';
    case 'endpoint': return 'endpoint';
    case 'params': return issueCode === 'invalid_key' ? 'paramName' : 'paramValue';
    case 'refreshSeconds': return 'refreshSeconds';
    case 'topicTarget': return 'topicTarget';
    default: return 'invalid';
  }
}

/**
 * The source the form describes, checked by the contract's schema, or the problems by field:
 * the schema's own verdicts plus what the template schema would refuse on save (a source id
 * another source has, a parameter named twice, a `${variable}` the template does not declare).
 * `otherIds` are the ids of the template's other sources.
 */
export function formToSource(v: SourceFormValues, otherIds: readonly string[], variables: readonly TemplateVariable[]): SourceFormResult {
  const errors: FieldError[] = [];
  const id = v.id.trim();
  if (!id) errors.push({ field: 'id', code: 'required', message: 'id is required' });
  else if (otherIds.includes(id)) errors.push({ field: 'id', code: 'duplicateId', message: `duplicate source id "${id}"`, params: { id } });

  let candidate: unknown;
  if (v.kind === 'rest') {
    const params: Record<string, string | number> = {};
    for (const row of v.params) {
      const name = row.name.trim();
      if (!name && !row.value.trim()) continue;
      if (name in params) errors.push({ field: 'params', code: 'duplicateParam', message: `parameter "${name}" is given twice`, params: { name } });
      const value = row.value.trim();
      params[name] = NUMBER.test(value) && Number.isFinite(Number(value)) ? Number(value) : value;
    }
    if (v.refreshSeconds === null) errors.push({ field: 'refreshSeconds', code: 'required', message: 'refreshSeconds is required' });
    candidate = { id, kind: 'rest', endpoint: v.endpoint.trim(), params, refreshSeconds: v.refreshSeconds ?? 0 };
  } else {
    candidate = { id, kind: 'hub', topic: topicOf(v), event: v.event };
  }

  const parsed = DataSource.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOf(issue.path);
      if (errors.some((e) => e.field === field)) continue;
      const name = issue.path.length > 1 ? String(issue.path[1]) : undefined;
      errors.push({ field, code: codeOf(field, issue.code), message: issueMessage(issue), ...(name !== undefined ? { params: { name } } : {}) });
    }
  }

  const known = new Set(variables.map((x) => x.name));
  const refs = (text: string, field: SourceField) => {
    for (const m of text.matchAll(VAR_REF)) {
      if (!known.has(m[1]) && !errors.some((e) => e.field === field)) {
        errors.push({ field, code: 'unknownVariable', message: `unknown variable "\${${m[1]}}"`, params: { name: m[1] } });
      }
    }
  };
  if (v.kind === 'rest') {
    refs(v.endpoint, 'endpoint');
    for (const row of v.params) refs(row.value, 'params');
  } else {
    refs(topicOf(v), 'topicTarget');
  }

  if (errors.length || !parsed.success) return { ok: false, errors };
  return { ok: true, source: parsed.data };
}
