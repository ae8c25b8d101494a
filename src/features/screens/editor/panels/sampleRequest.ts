import { resolveSources, variableValues } from '../../../../../screens/runtime/resolveVariables';
import type { ParamValue } from '../../../../../screens/runtime/types';
import { variablesUsed } from '../model/variableRefs';
import type { DataSource, TemplateVariable } from '../model/types';

/** What to read (or listen to) for a source's live sample, its variables filled in with their defaults. */
export type SampleRequest =
  | { kind: 'rest'; endpoint: string; params: Record<string, ParamValue> }
  | { kind: 'hub'; topic: string; event: Extract<DataSource, { kind: 'hub' }>['event'] }
  /** Variables the source names that have no default: there is nothing sensible to read. */
  | { kind: 'missing'; variables: string[] };

/**
 * The request of a source's live sample, as the wall would make it with no variables in its
 * address: each `${variable}` of the endpoint, parameters or topic replaced by the template's
 * default (a parameter that is exactly `${variable}` keeps a number a number).
 */
export function sampleRequest(doc: { variables: readonly TemplateVariable[] }, source: DataSource): SampleRequest {
  const { values, missing } = variableValues({ variables: [...doc.variables] } as Parameters<typeof variableValues>[0], {});
  const used = variablesUsed([source], []);
  const lacking = [...used].filter((name) => missing.includes(name) || !doc.variables.some((v) => v.name === name));
  if (lacking.length) return { kind: 'missing', variables: lacking };
  const [resolved] = resolveSources([source], values);
  return resolved.kind === 'rest'
    ? { kind: 'rest', endpoint: resolved.endpoint, params: resolved.params }
    : { kind: 'hub', topic: resolved.topic, event: resolved.event };
}

/** A stable key of a request: a sample is read again when it changes (an edited source or default). */
export const requestKey = (r: SampleRequest): string => JSON.stringify(r);
