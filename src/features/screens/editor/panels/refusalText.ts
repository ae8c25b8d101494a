import type { Refusal } from '../model/types';

/**
 * The i18n key (namespace `screenEditor`) and values of a refused command's text: the model's
 * English `message` is for logs; a refusal whose code has no text of its own (a schema verdict,
 * `invalid`) shows that message, which names the field.
 */
export function refusalText(refusal: Refusal): { key: string; values: Record<string, string | number> } {
  const p = refusal.params ?? {};
  switch (refusal.code) {
    case 'sourceInUse': return { key: 'data.refusal.sourceInUse', values: { source: p.source ?? '', widgets: p.widgets ?? '' } };
    case 'variableInUse': return { key: 'data.refusal.variableInUse', values: { variable: p.variable ?? '', users: p.users ?? '' } };
    case 'duplicateId':
      return p.source !== undefined
        ? { key: 'data.refusal.duplicateSource', values: { source: p.source } }
        : { key: 'data.refusal.duplicateVariable', values: { variable: p.variable ?? '' } };
    case 'unknownSource': return { key: 'data.refusal.unknownSource', values: { source: p.source ?? '' } };
    case 'unknownVariable': return { key: 'data.refusal.unknownVariable', values: { variable: p.variable ?? '' } };
    case 'tooMany': return { key: 'data.refusal.tooMany', values: { max: p.max ?? '' } };
    case 'tooFew': return { key: 'data.refusal.tooFew', values: { min: p.min ?? '' } };
    default: return { key: 'data.refusal.other', values: { message: refusal.message } };
  }
}
