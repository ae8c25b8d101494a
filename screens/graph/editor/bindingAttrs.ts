import {
  FORMAT_PATTERN, parseStateRules, serializeStateRules, type GraphStateRules,
} from '../../../contract/graph/binding';

/**
 * The binding panel's form and its translation to and from the UserObject attributes of
 * contract/graph/binding.ts (label, deviceId, measureId, format, unit, stateRules). Pure: the
 * editor reads attributes through `get` and writes what `bindingAttributes` returns.
 */

/** Display formats the panel offers (contract FORMAT_PATTERN allows these and up to 4 decimals). */
export const FORMAT_OPTIONS = ['0', '0.0', '0.00', '0.000'] as const;

export interface BindingForm {
  label: string;
  deviceId: number | null;
  measureId: number | null;
  /** '' = the measure's own decimals. */
  format: string;
  unit: string;
  /** '' = the default colour. */
  normal: string;
  alarm: string;
  offline: string;
  blink: boolean;
  flow: boolean;
  /** Fill range as typed ('' = no fill). */
  fillMin: string;
  fillMax: string;
}

export const EMPTY_BINDING: BindingForm = {
  label: '', deviceId: null, measureId: null, format: '', unit: '', normal: '', alarm: '', offline: '',
  blink: false, flow: false, fillMin: '', fillMax: '',
};

const positiveInt = (v: string | null | undefined) => (v && /^[1-9]\d{0,9}$/.test(v) ? Number(v) : null);

/** The form for a cell whose wrapper attributes `get` reads (null/undefined: absent). */
export function readBindingForm(get: (name: string) => string | null | undefined): BindingForm {
  const rules = parseStateRules(get('stateRules'));
  const deviceId = positiveInt(get('deviceId'));
  const format = get('format') ?? '';
  return {
    label: get('label') ?? '',
    deviceId,
    measureId: deviceId === null ? null : positiveInt(get('measureId')),
    format: FORMAT_PATTERN.test(format) ? format : '',
    unit: (get('unit') ?? '').slice(0, 16),
    normal: rules.normal ?? '',
    alarm: rules.alarm ?? '',
    offline: rules.offline ?? '',
    blink: rules.blink === true,
    flow: rules.flow === true,
    fillMin: rules.fill ? String(rules.fill.min) : '',
    fillMax: rules.fill ? String(rules.fill.max) : '',
  };
}

/** Why the form cannot be applied (a `graphEditor` text key), or null when it can. */
export function bindingFormError(form: BindingForm): 'binding.errFill' | 'binding.errFormat' | 'binding.errMeasure' | null {
  if (form.format !== '' && !FORMAT_PATTERN.test(form.format)) return 'binding.errFormat';
  if (form.measureId !== null && form.deviceId === null) return 'binding.errMeasure';
  if (form.fillMin.trim() !== '' || form.fillMax.trim() !== '') {
    const min = Number(form.fillMin);
    const max = Number(form.fillMax);
    if (form.fillMin.trim() === '' || form.fillMax.trim() === '' || !Number.isFinite(min) || !Number.isFinite(max) || max <= min) {
      return 'binding.errFill';
    }
  }
  return null;
}

/** The state rules the form describes. */
export function formRules(form: BindingForm): GraphStateRules {
  const rules: GraphStateRules = {};
  if (form.normal) rules.normal = form.normal;
  if (form.alarm) rules.alarm = form.alarm;
  if (form.offline) rules.offline = form.offline;
  if (form.blink) rules.blink = true;
  if (form.flow) rules.flow = true;
  if (form.fillMin.trim() !== '' && form.fillMax.trim() !== '') rules.fill = { min: Number(form.fillMin), max: Number(form.fillMax) };
  return rules;
}

/**
 * The wrapper attributes to write for a form: a string sets the attribute, null removes it (an
 * unbound cell carries no deviceId, an empty unit no `unit`). `label` is always written.
 */
export function bindingAttributes(form: BindingForm): Record<string, string | null> {
  const rules = serializeStateRules(formRules(form));
  const bound = form.deviceId !== null;
  return {
    label: form.label,
    deviceId: bound ? String(form.deviceId) : null,
    measureId: bound && form.measureId !== null ? String(form.measureId) : null,
    format: FORMAT_PATTERN.test(form.format) ? form.format : null,
    unit: form.unit.trim() ? form.unit.trim().slice(0, 16) : null,
    stateRules: rules || null,
  };
}

/** A measure's decimals as a display format (`0.0` for 1); the panel's default when one is picked. */
export function formatForDecimals(decimals: number): string {
  const d = Math.max(0, Math.min(3, Math.trunc(decimals)));
  return d === 0 ? '0' : `0.${'0'.repeat(d)}`;
}
