import { describe, expect, it } from 'vitest';
import { readCellBinding } from '../../../contract/graph/binding';
import {
  bindingAttributes, bindingFormError, EMPTY_BINDING, formatForDecimals, readBindingForm, type BindingForm,
} from './bindingAttrs';

const attrsOf = (record: Record<string, string | null>) => (name: string) => record[name] ?? null;

describe('binding attributes', () => {
  it('round-trips a full binding through the contract reader', () => {
    const form: BindingForm = {
      ...EMPTY_BINDING, label: '送风温度', deviceId: 12, measureId: 3, format: '0.0', unit: '℃',
      alarm: '#ff0000', blink: true, flow: true, fillMin: '0', fillMax: '100',
    };
    const attrs = bindingAttributes(form);
    expect(attrs).toEqual({
      label: '送风温度', deviceId: '12', measureId: '3', format: '0.0', unit: '℃',
      stateRules: '{"alarm":"#ff0000","blink":true,"flow":true,"fill":{"min":0,"max":100}}',
    });
    const binding = readCellBinding('7', attrsOf({ ...attrs, symbol: 'valueLabel' }));
    expect(binding).toMatchObject({ deviceId: 12, measureId: 3, format: '0.0', unit: '℃', rules: { alarm: '#ff0000', blink: true, fill: { min: 0, max: 100 } } });
    expect(readBindingForm(attrsOf(attrs))).toEqual(form);
  });

  it('removes what an unbound cell must not carry', () => {
    const attrs = bindingAttributes({ ...EMPTY_BINDING, label: 'x', measureId: 5, unit: '  ' });
    expect(attrs).toEqual({ label: 'x', deviceId: null, measureId: null, format: null, unit: null, stateRules: null });
  });

  it('reads junk as empty fields', () => {
    const form = readBindingForm(attrsOf({ deviceId: 'abc', measureId: '3', format: '0.00000', stateRules: '{bad' }));
    expect(form).toEqual(EMPTY_BINDING);
  });
});

describe('bindingFormError', () => {
  it('accepts an empty form and a complete one', () => {
    expect(bindingFormError(EMPTY_BINDING)).toBeNull();
    expect(bindingFormError({ ...EMPTY_BINDING, deviceId: 1, measureId: 2, fillMin: '-5', fillMax: '5' })).toBeNull();
  });

  it('names the bad field', () => {
    expect(bindingFormError({ ...EMPTY_BINDING, fillMin: '5' })).toBe('binding.errFill');
    expect(bindingFormError({ ...EMPTY_BINDING, fillMin: '5', fillMax: '5' })).toBe('binding.errFill');
    expect(bindingFormError({ ...EMPTY_BINDING, fillMin: 'a', fillMax: '5' })).toBe('binding.errFill');
    expect(bindingFormError({ ...EMPTY_BINDING, format: '#.#' })).toBe('binding.errFormat');
    expect(bindingFormError({ ...EMPTY_BINDING, measureId: 4 })).toBe('binding.errMeasure');
  });
});

describe('formatForDecimals', () => {
  it('maps decimals to the offered patterns', () => {
    expect([0, 1, 2, 3, 6, -1].map(formatForDecimals)).toEqual(['0', '0.0', '0.00', '0.000', '0.000', '0']);
  });
});
