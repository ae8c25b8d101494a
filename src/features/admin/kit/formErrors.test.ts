import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SaveContact } from '../../../../contract/resources/contacts';
import { SaveManufactor } from '../../../../contract/resources/manufactor';
import { ApiRequestError } from '../../../shared/http';
import { fieldErrorOf, formInput, issuesToFieldErrors, serverFieldError, showFieldError, type IssueText } from './formErrors';

const fields = ['name', 'contact', 'phone'];

describe('showFieldError', () => {
  const form = () => {
    const set: unknown[] = [];
    return { set, setFields: (f: unknown[]) => { set.push(...f); } };
  };

  it('puts a request\'s 400 naming a field under that input, and says it did', () => {
    const f = form();
    expect(showFieldError(f, new ApiRequestError('body.name: “A” 已存在', 400), fields)).toBe(true);
    expect(f.set).toEqual([{ name: 'name', errors: ['“A” 已存在'] }]);
  });

  it('leaves any other failure to the caller: another status, another field, not a request error', () => {
    for (const err of [new ApiRequestError('body.name: gone', 409), new ApiRequestError('body.code: bad', 400), new TypeError('Failed to fetch'), 'text']) {
      const f = form();
      expect(showFieldError(f, err, fields)).toBe(false);
      expect(f.set).toEqual([]);
      expect(fieldErrorOf(err, fields)).toBeNull();
    }
  });
});

describe('serverFieldError', () => {
  it('puts a 400 naming a form field on that field', () => {
    expect(serverFieldError(400, 'body.name: “诺维环境科技” 已存在', fields)).toEqual({ field: 'name', message: '“诺维环境科技” 已存在' });
    expect(serverFieldError(400, 'body.phone: phone or email is required', fields)).toEqual({ field: 'phone', message: 'phone or email is required' });
  });

  it('names the field of a nested path', () => {
    expect(serverFieldError(400, 'body.phone.0: must be digits', fields)).toEqual({ field: 'phone', message: 'must be digits' });
  });

  it('leaves to a message what is no form field\'s: other statuses, other fields, other errors', () => {
    expect(serverFieldError(409, 'body.name: x', fields)).toBeNull();
    expect(serverFieldError(400, 'body.version: version is required to change a record', fields)).toBeNull();
    expect(serverFieldError(400, 'query.Size: Too big', fields)).toBeNull();
    expect(serverFieldError(400, '无法删除厂家：仍有 2 个设备型号引用它', fields)).toBeNull();
    expect(serverFieldError(403, '没有权限：base-data-edit', fields)).toBeNull();
  });
});

const text: IssueText = (key, values) => `${key}${values ? JSON.stringify(values) : ''}`;
const check = (schema: typeof SaveManufactor | typeof SaveContact, value: unknown, names = fields) => {
  const parsed = schema.safeParse(value, { reportInput: true });
  expect(parsed.success).toBe(false);
  return issuesToFieldErrors(parsed.error!.issues, names, text);
};

describe('issuesToFieldErrors', () => {
  it('says in the user\'s language that a field is required or too long', () => {
    expect(check(SaveManufactor, { name: '  ', contact: 'x'.repeat(65) })).toEqual([
      { field: 'name', message: 'required' },
      { field: 'contact', message: 'tooLong{"max":64}' },
    ]);
    expect(check(SaveManufactor, {})).toEqual([{ field: 'name', message: 'required' }]);
  });

  it('keeps the definition\'s own message for its own rules, on the field the rule names', () => {
    expect(check(SaveManufactor, { name: 'a', phone: 'abc' })).toEqual([{ field: 'phone', message: 'phone must be digits, +, -, ( ) or spaces' }]);
    expect(check(SaveContact, { name: 'a', phone: '', email: '' }, ['name', 'phone', 'email'])).toEqual([{ field: 'phone', message: 'phone, email or webhookUrl is required' }]);
  });

  it('names a malformed e-mail address', () => {
    expect(check(SaveContact, { name: 'a', email: 'not-an-address' }, ['name', 'phone', 'email'])).toEqual([{ field: 'email', message: 'email' }]);
  });

  it('shows one error per field, and none on fields the form does not have', () => {
    const issues = [
      { code: 'custom', path: ['name'], message: 'first' },
      { code: 'custom', path: ['name'], message: 'second' },
      { code: 'custom', path: ['orgId'], message: 'elsewhere' },
      { code: 'custom', path: [], message: 'whole body' },
    ];
    expect(issuesToFieldErrors(issues, fields, text)).toEqual([{ field: 'name', message: 'first' }]);
  });

  it('describes numbers out of range and text where a number belongs', () => {
    const issues = [
      { code: 'too_small', origin: 'number', minimum: 0, path: ['lat'], message: 'Too small' },
      { code: 'too_big', origin: 'number', maximum: 90, path: ['lng'], message: 'Too big' },
      { code: 'invalid_type', expected: 'number', input: 'abc', path: ['order'], message: 'Invalid input' },
      { code: 'invalid_type', expected: 'number', path: ['size'], message: 'Invalid input' },
    ];
    expect(issuesToFieldErrors(issues, ['lat', 'lng', 'order', 'size'], text)).toEqual([
      { field: 'lat', message: 'tooSmall{"min":0}' },
      { field: 'lng', message: 'tooBig{"max":90}' },
      { field: 'order', message: 'number' },
      { field: 'size', message: 'required' },
    ]);
  });
});

describe('formInput', () => {
  const shape = z.object({
    order: z.number().int().min(0).default(0),
    lat: z.number().nullable().default(null),
    name: z.string().min(1),
  }).shape;

  it('leaves out a cleared input whose field takes no null, so its default applies', () => {
    expect(formInput({ order: null, lat: null, name: null }, shape)).toEqual({ order: undefined, lat: null, name: undefined });
    expect(z.object(shape).safeParse(formInput({ order: null, lat: null, name: 'a' }, shape)).data).toEqual({ order: 0, lat: null, name: 'a' });
  });

  it('keeps every other value as it is', () => {
    expect(formInput({ order: 3, lat: 1.5, name: '', extra: null }, shape)).toEqual({ order: 3, lat: 1.5, name: '', extra: null });
  });
});
