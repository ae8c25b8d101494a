import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeProps, type PropField, type PropKind } from './describe';
import { WIDGET_SCHEMAS, WIDGET_TYPES } from './index';

const KINDS: PropKind[] = ['number', 'integer', 'boolean', 'string', 'textarea', 'colour', 'image', 'source', 'enum',
  'stringList', 'numberList', 'colourList', 'record', 'object'];
const fieldsOf = (type: keyof typeof WIDGET_SCHEMAS) => describeProps(WIDGET_SCHEMAS[type].props);
const byName = (fields: PropField[], name: string) => fields.find((f) => f.name === name)!;

/** Every field, its sub-fields, list items and record keys/values, depth first. */
function walk(fields: PropField[]): PropField[] {
  return fields.flatMap((f) => [f, ...walk([...(f.fields ?? []), ...(f.item ? [f.item] : []), ...(f.key ? [f.key, f.value!] : [])])]);
}

describe('describeProps', () => {
  it('maps every field of every widget type to a kind the panel renders, labelled in both languages', () => {
    for (const type of WIDGET_TYPES) {
      const fields = fieldsOf(type);
      expect(fields.map((f) => f.name)).toEqual(Object.keys(WIDGET_SCHEMAS[type].props.shape));
      for (const f of walk(fields)) {
        expect(KINDS).toContain(f.kind);
        expect(f.label.zh.trim()).not.toBe('');
        expect(f.label.en.trim()).not.toBe('');
      }
    }
  });

  it('gives numbers their kind, bounds, step and default', () => {
    const kpi = fieldsOf('kpi');
    expect(byName(kpi, 'decimals')).toEqual({
      name: 'decimals', path: ['decimals'], label: { zh: '小数位数', en: 'Decimal places' }, kind: 'integer', optional: true, default: 0, min: 0, max: 6, step: 1,
    });
    expect(byName(kpi, 'blinkAbove')).toMatchObject({ kind: 'number', optional: true, description: { zh: expect.any(String), en: expect.any(String) } });
    expect(byName(kpi, 'blinkAbove')).not.toHaveProperty('default');
    expect(byName(fieldsOf('barRanking'), 'max')).toMatchObject({ kind: 'number', min: 0, exclusiveMin: true });
    expect(byName(fieldsOf('trend'), 'windowHours')).toMatchObject({ kind: 'number', min: 1 / 60, max: 8784, default: 24 });
  });

  it('gives texts, colours and sources their kind and control', () => {
    const kpi = fieldsOf('kpi');
    expect(byName(kpi, 'unit')).toMatchObject({ kind: 'string', control: 'text', maxLength: 32, optional: true });
    expect(byName(kpi, 'colour')).toMatchObject({ kind: 'colour', control: 'colour', optional: true });
    expect(byName(fieldsOf('trend'), 'live')).toMatchObject({ kind: 'source', control: 'source', optional: true, label: { zh: '实时数据源', en: 'Live source' } });
  });

  it('lists an enum\'s options with their labels, in order', () => {
    const icon = byName(fieldsOf('kpi'), 'icon');
    expect(icon).toMatchObject({ kind: 'enum', control: 'icon', default: 'data' });
    expect(icon.options![0]).toEqual({ value: 'data', label: { zh: '数据', en: 'Data' } });
    expect(icon.options!.map((o) => o.value)).toEqual(['data', 'building', 'device', 'online', 'offline', 'alarm', 'energy', 'air', 'aqi']);
    expect(byName(fieldsOf('projectMap'), 'mode')).toMatchObject({ kind: 'enum', optional: true, options: [{ value: 'auto' }, { value: 'amap' }, { value: 'offline' }] });
  });

  it('describes lists by their item', () => {
    expect(byName(fieldsOf('pie'), 'colours')).toMatchObject({ kind: 'colourList', maxItems: 32, item: { kind: 'colour' } });
    expect(byName(fieldsOf('gauge'), 'bands')).toMatchObject({ kind: 'numberList', maxItems: 16, item: { kind: 'number' } });
    expect(byName(fieldsOf('deviceTable'), 'columns')).toMatchObject({
      kind: 'stringList', minItems: 1, maxItems: 12, default: ['name', 'model', 'state'], item: { kind: 'string', minLength: 1, maxLength: 64 },
    });
  });

  it('describes records by key and value', () => {
    expect(byName(fieldsOf('pie'), 'slices')).toMatchObject({
      kind: 'record', optional: true,
      key: { kind: 'string', label: { zh: '数据字段', en: 'Data field' }, maxLength: 64 },
      value: { kind: 'string', label: { zh: '显示名称', en: 'Label' }, minLength: 1, maxLength: 32 },
    });
  });

  it('describes nested objects as groups of fields with paths from the props root', () => {
    const low = byName(fieldsOf('barRanking'), 'lowIsBad');
    expect(low).toMatchObject({ kind: 'object', optional: true });
    expect(low.fields).toEqual([
      { name: 'red', path: ['lowIsBad', 'red'], label: { zh: '红色低于', en: 'Red below' }, kind: 'number', optional: false },
      { name: 'amber', path: ['lowIsBad', 'amber'], label: { zh: '黄色低于', en: 'Amber below' }, kind: 'number', optional: false },
    ]);
    const levels = byName(fieldsOf('alarmTicker'), 'levelColours');
    expect(levels.fields!.map((f) => [f.path.join('.'), f.kind, f.optional])).toEqual([
      ['levelColours.1', 'colour', true], ['levelColours.2', 'colour', true], ['levelColours.3', 'colour', true],
    ]);
    expect(byName(fieldsOf('globe3d'), 'stateColours').fields!.map((f) => f.name)).toEqual(['normal', 'alarm', 'offline']);
  });

  it('is pure: the same schema gives equal fields, and no field shares state with another call', () => {
    const a = fieldsOf('deviceTable');
    (a[0].default as string[]).push('x');
    expect(fieldsOf('deviceTable')).not.toEqual(a);
    expect(fieldsOf('gauge')).toEqual(fieldsOf('gauge'));
  });

  it('refuses a field without a label or of a kind the panel cannot edit', () => {
    expect(() => describeProps(z.strictObject({ a: z.number() }))).toThrow('describeProps: a has no label');
    const label = { zh: '甲', en: 'A' };
    expect(() => describeProps(z.strictObject({ a: z.date().meta({ label }) }))).toThrow('describeProps: a is a date');
    expect(() => describeProps(z.strictObject({ a: z.union([z.string(), z.number()]).meta({ label }) }))).toThrow('describeProps: a is a union');
    expect(() => describeProps(z.strictObject({ a: z.array(z.boolean()).meta({ label }) }))).toThrow('a list of boolean');
    expect(() => describeProps(z.strictObject({ a: z.strictObject({ b: z.number() }).meta({ label }) }))).toThrow('describeProps: a.b has no label');
  });
});
