import { Button, Form, Input, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceDefinition } from '../../../../contract/resources/kit';
import { resourceKey } from './resourceStrings';
import type { OptionSources } from './useOptionSources';

interface Props {
  def: ResourceDefinition;
  /** The filters in force (from the address). */
  filters: Readonly<Record<string, string>>;
  sources: OptionSources;
  onChange(filters: Record<string, string | undefined>): void;
}

/**
 * The list's filters from the definition: a keyword searched on Enter or 查询, selects applied when
 * chosen, 重置 clearing all. Remount it (key) when the address's filters change, so back and a
 * shared link show what is in force.
 */
export function ResourceFilterBar({ def, filters, sources, onChange }: Props) {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState<Record<string, string | undefined>>(filters);
  const apply = (next = draft) => onChange(next);
  const set = (name: string, value: string | undefined, now = false) => {
    const next = { ...draft, [name]: value };
    setDraft(next);
    if (now) apply(next);
  };
  const idOf = (name: string) => `filter-${def.name}-${name}`;

  return (
    <Form layout="inline" component="div" colon={false} style={{ rowGap: '0.75rem' }} role="search">
      {def.filters.map((f) => {
        const label = t(resourceKey(def, 'filters', f.name));
        return (
          <Form.Item key={f.name} label={label} htmlFor={idOf(f.name)}>
            {f.kind === 'keyword' ? (
              <Input
                id={idOf(f.name)}
                allowClear
                style={{ width: '16rem' }}
                placeholder={t('kit.searchPlaceholder', { label })}
                value={draft[f.name] ?? ''}
                // The clear button (a click, not typing) applies at once, as a select does.
                onChange={(e) => set(f.name, e.target.value, e.type !== 'change')}
                onPressEnter={() => apply()}
              />
            ) : (
              <Select
                id={idOf(f.name)}
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                style={{ width: '14rem' }}
                placeholder={t('kit.selectPlaceholder', { label })}
                value={draft[f.name]}
                options={sources.options('filters', f).map((o) => ({ value: String(o.value), label: o.label }))}
                onChange={(value: string | undefined) => set(f.name, value, true)}
              />
            )}
          </Form.Item>
        );
      })}
      {/* One item: on a narrow page 查询 and 重置 wrap to the next line together, never apart. */}
      <Form.Item>
        <Space size="small">
          <Button type="primary" onClick={() => apply()}>{t('kit.search')}</Button>
          <Button onClick={() => apply(Object.fromEntries(def.filters.map((f) => [f.name, undefined])))}>{t('kit.reset')}</Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
