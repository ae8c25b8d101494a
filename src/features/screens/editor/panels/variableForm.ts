import { TemplateVariable as TemplateVariableSchema, VARIABLE_TYPES } from '../../../../../contract/screen-template';
import type { TemplateVariable } from '../model/types';

export type VariableType = (typeof VARIABLE_TYPES)[number];

/** The variable form as typed: the default is text until it is checked against the type. */
export interface VariableFormValues {
  name: string;
  label: string;
  type: VariableType;
  default: string;
}

export type VariableField = 'name' | 'label' | 'type' | 'default';

export interface VariableFieldError {
  field: VariableField;
  code: 'required' | 'identifier' | 'duplicateName' | 'defaultNumber' | 'invalid';
  message: string;
  params?: Record<string, string | number>;
}

export type VariableFormResult = { ok: true; variable: TemplateVariable } | { ok: false; errors: VariableFieldError[] };

export const emptyVariableForm = (name: string): VariableFormValues => ({ name, label: '', type: 'project', default: '' });

export function variableToForm(v: TemplateVariable): VariableFormValues {
  return { name: v.name, label: v.label, type: v.type, default: v.default === undefined ? '' : String(v.default) };
}

/**
 * The variable the form describes, checked by the contract's schema: project, region and number
 * variables take a number as default, string variables any text; a blank default is none (the
 * address must then give the value). `otherNames` are the template's other variables.
 */
export function formToVariable(v: VariableFormValues, otherNames: readonly string[]): VariableFormResult {
  const errors: VariableFieldError[] = [];
  const name = v.name.trim();
  if (!name) errors.push({ field: 'name', code: 'required', message: 'name is required' });
  else if (otherNames.includes(name)) errors.push({ field: 'name', code: 'duplicateName', message: `duplicate variable "${name}"`, params: { name } });

  const text = v.default.trim();
  let value: string | number | undefined;
  if (text !== '') {
    if (v.type === 'string') value = v.default;
    else if (/^-?\d+(\.\d+)?$/.test(text)) value = Number(text);
    else errors.push({ field: 'default', code: 'defaultNumber', message: `default of a ${v.type} variable must be a number` });
  }
  const candidate = { name, label: v.label.trim(), type: v.type, ...(value === undefined ? {} : { default: value }) };
  const parsed = TemplateVariableSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = (['name', 'label', 'type', 'default'] as const).find((f) => f === issue.path[0]) ?? 'name';
      if (errors.some((e) => e.field === field)) continue;
      const code = field === 'name' ? 'identifier' : field === 'label' && !candidate.label ? 'required' : 'invalid';
      errors.push({ field, code, message: issue.message });
    }
  }
  if (errors.length || !parsed.success) return { ok: false, errors };
  return { ok: true, variable: parsed.data };
}
