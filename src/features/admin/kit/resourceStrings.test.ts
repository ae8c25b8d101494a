import { describe, expect, it } from 'vitest';
import { contactsResource } from '../../../../contract/resources/contacts';
import type { ResourceDefinition } from '../../../../contract/resources/kit';
import { RESOURCES } from '../../../../contract/resources/registry';
import { optionKey, resourceKey, resourceStrings } from './resourceStrings';

describe('resourceStrings', () => {
  it('holds every label, help and title of a definition in each language', () => {
    const zh = resourceStrings(contactsResource, 'zh');
    expect(zh.title).toBe('告警联系人');
    expect(zh.columns).toEqual({ name: '姓名', phone: '电话', email: '邮箱', webhookUrl: 'Webhook 地址', webhookSecretSet: '签名密钥', orgId: '所属组织' });
    expect(zh.help.phone).toBe('电话、邮箱与 Webhook 地址至少填写一项');
    expect(Object.keys(zh.help)).toEqual(['phone', 'email', 'webhookUrl', 'webhookSecret']);
    expect(resourceStrings(contactsResource, 'en').filters).toEqual({ keyword: 'Name or phone' });
  });

  it('has a text in both languages for every column, field and filter of every registered resource', () => {
    for (const def of RESOURCES) {
      for (const lng of ['zh', 'en'] as const) {
        const s = resourceStrings(def, lng);
        for (const [part, items] of [['columns', def.columns], ['fields', def.fields], ['filters', def.filters]] as const) {
          for (const item of items) expect(s[part][item.name], `${def.name} ${lng} ${part}.${item.name}`).toBeTruthy();
        }
      }
    }
  });

  it('keys fixed options by position, so any value is a safe key', () => {
    const def = { ...contactsResource, name: 't_x' } as unknown as ResourceDefinition;
    const source = { values: [{ value: 'a.b:c', label: { zh: '甲', en: 'A' } }, { value: 2, label: { zh: '乙', en: 'B' } }] };
    expect(optionKey(def, 'filters', 'kind', source, 'a.b:c')).toBe('res.t_x.filtersOptions.kind.0');
    expect(optionKey(def, 'filters', 'kind', source, '2')).toBe('res.t_x.filtersOptions.kind.1');
    expect(optionKey(def, 'filters', 'kind', source, 3)).toBeUndefined();
    expect(optionKey(def, 'filters', 'kind', { names: 't_org' }, 1)).toBeUndefined();
    expect(resourceKey(def, 'columns', 'name')).toBe('res.t_x.columns.name');
  });
});
