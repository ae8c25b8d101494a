import { ArrowDownOutlined, ArrowUpOutlined, CloseOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { WALL_MAX_TEMPLATES, WALL_VARIABLE_VALUE_MAX } from '../../../../contract/walls';
import type { TemplateChoice } from './wallApi';
import { moveAt, type DeclaredVariable } from './wallView';

const Items = styled.ol`
  margin: 0 0 0.5rem;
  padding: 0;
  list-style: none;
  display: grid;
  gap: 0.375rem;
  & li {
    display: grid;
    grid-template-columns: 1.75rem minmax(0, 1fr) auto;
    align-items: center;
    gap: 0.5rem;
    padding: 0.25rem 0.25rem 0.25rem 0.5rem;
    border: 1px solid ${({ theme }) => theme.surfaceBorder};
    border-radius: 0.375rem;
  }
  & .n { color: ${({ theme }) => theme.textMuted}; font-variant-numeric: tabular-nums; }
  & .name { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
`;

/**
 * The rotation's templates in playing order (a form input: `value` is the ids): each with up,
 * down and remove, and a picker that appends one. Empty means the default multi-screen templates,
 * named under the list.
 */
export function TemplateRotationInput({ value = [], onChange, choices, defaultNames, loading }: {
  value?: number[];
  onChange?: (ids: number[]) => void;
  choices: readonly TemplateChoice[];
  defaultNames: readonly string[];
  loading: boolean;
}) {
  const { t } = useTranslation('admin', { keyPrefix: 'walls' });
  const nameOf = (id: number) => choices.find((c) => c.id === id)?.name ?? t('missingTemplate', { id });
  const set = (ids: number[]) => onChange?.(ids);
  return (
    <div data-wall-templates>
      {value.length > 0 ? (
        <Items>
          {value.map((id, n) => (
            // A template may appear twice in a rotation: the position is the identity.
            <li key={n} data-wall-template={id}>
              <span className="n">{n + 1}.</span>
              <span className="name" title={nameOf(id)}>{nameOf(id)}</span>
              <Flex gap="0.125rem">
                <Button size="small" type="text" icon={<ArrowUpOutlined />} disabled={n === 0} aria-label={`${t('up')} ${n + 1}`} onClick={() => set(moveAt(value, n, -1))} />
                <Button size="small" type="text" icon={<ArrowDownOutlined />} disabled={n === value.length - 1} aria-label={`${t('down')} ${n + 1}`} onClick={() => set(moveAt(value, n, 1))} />
                <Button size="small" type="text" icon={<CloseOutlined />} aria-label={`${t('remove')} ${n + 1}`} onClick={() => set(value.filter((_id, i) => i !== n))} />
              </Flex>
            </li>
          ))}
        </Items>
      ) : (
        <Typography.Paragraph type="secondary" style={{ marginBottom: '0.5rem' }} data-wall-default-multi>
          {t('noTemplates', { names: defaultNames.length ? defaultNames.join('、') : t('defaultMulti') })}
        </Typography.Paragraph>
      )}
      <Select<number>
        style={{ width: '100%' }}
        value={null as unknown as number}
        placeholder={t('addTemplate')}
        aria-label={t('addTemplate')}
        loading={loading}
        disabled={value.length >= WALL_MAX_TEMPLATES}
        showSearch={{ optionFilterProp: 'label' }}
        options={choices.map((c) => ({ value: c.id, label: c.name }))}
        onChange={(id) => typeof id === 'number' && set([...value, id])}
      />
    </div>
  );
}

const Vars = styled.div`
  display: grid;
  grid-template-columns: minmax(8rem, max-content) minmax(0, 1fr);
  align-items: center;
  gap: 0.5rem 0.75rem;
  & label { color: ${({ theme }) => theme.text}; }
  & label small { display: block; color: ${({ theme }) => theme.textMuted}; font-family: monospace; }
`;

/**
 * The wall's template variables (a form input: `value` maps names to text): one input per
 * declared variable, a project picker for a `project` one; a variable set earlier that no template
 * declares any more is kept, marked, and can be cleared.
 */
export function VariablesInput({ value = {}, onChange, declared, projects }: {
  value?: Record<string, string>;
  onChange?: (v: Record<string, string>) => void;
  declared: readonly DeclaredVariable[];
  projects: readonly { id: number; name: string }[];
}) {
  const { t } = useTranslation('admin', { keyPrefix: 'walls' });
  const set = (name: string, v: string) => onChange?.({ ...value, [name]: v });
  const extra = Object.keys(value).filter((k) => !declared.some((d) => d.name === k));
  const rows = [...declared, ...extra.map((name) => ({ name, label: name, type: 'string', default: undefined, undeclared: true }))];
  if (!rows.length) return <Typography.Text type="secondary">{t('noVariables')}</Typography.Text>;
  return (
    <Vars data-wall-variables>
      {rows.map((d) => {
        const id = `wall-var-${d.name}`;
        const placeholder = d.default !== undefined && d.default !== '' ? String(d.default) : undefined;
        return [
          <label key={`l${d.name}`} htmlFor={id}>
            {d.label}
            <small>{d.name}{'undeclared' in d ? ` ${t('unknownVariable')}` : ''}</small>
          </label>,
          d.type === 'project' ? (
            <Select<string>
              key={`i${d.name}`}
              id={id}
              allowClear
              value={value[d.name] || undefined}
              placeholder={t('allProjects')}
              showSearch={{ optionFilterProp: 'label' }}
              options={projects.map((p) => ({ value: String(p.id), label: p.name }))}
              onChange={(v) => set(d.name, v ?? '')}
            />
          ) : (
            <Input key={`i${d.name}`} id={id} allowClear maxLength={WALL_VARIABLE_VALUE_MAX} value={value[d.name] ?? ''} placeholder={placeholder}
              onChange={(e) => set(d.name, e.target.value)} />
          ),
        ];
      })}
    </Vars>
  );
}
