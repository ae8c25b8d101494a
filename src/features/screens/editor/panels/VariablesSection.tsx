import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { freshId } from '../model/ids';
import type { EditorDoc, TemplateVariable } from '../model/types';
import { PanelRow, RowActions, RowMain } from './panelStyles';
import { emptyVariableForm, variableToForm, type VariableFormValues } from './variableForm';
import { VariableFormModal } from './VariableFormModal';

interface Props {
  doc: EditorDoc;
  /** Adds (no `name`) or replaces (`name`) a variable; answers the refusal text when the model refuses. */
  onSave(variable: TemplateVariable, name?: string): string | undefined;
  onRemove(name: string): string | undefined;
}

/** The template's variables (one template, many projects): list, add, edit (a rename follows into sources and titles), remove. */
export function VariablesSection({ doc, onSave, onRemove }: Props) {
  const { t } = useTranslation('screenEditor');
  const [form, setForm] = useState<{ initial: VariableFormValues; editing?: string } | null>(null);
  const [refusal, setRefusal] = useState<string>();
  const names = doc.variables.map((v) => v.name);

  return (
    <div data-section="screen-variables">
      <Typography.Paragraph type="secondary" style={{ fontSize: '0.8rem', marginBottom: 8 }}>{t('data.variable.intro')}</Typography.Paragraph>
      {refusal && <Alert type="error" showIcon title={refusal} closable={{ onClose: () => setRefusal(undefined) }} style={{ marginBottom: 8 }} />}
      {doc.variables.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('data.variable.none')} />}
      {doc.variables.map((v) => (
        <PanelRow key={v.name} data-variable-row={v.name}>
          <RowMain>
            <Space size={4} wrap>
              <Typography.Text strong style={{ fontFamily: 'monospace' }}>{`\${${v.name}}`}</Typography.Text>
              <Typography.Text>{v.label}</Typography.Text>
              <Tag>{t(`data.variableType.${v.type}`)}</Tag>
            </Space>
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: '0.8rem' }}>
              {v.default === undefined ? t('data.variable.noDefault') : t('data.variable.defaultIs', { value: String(v.default) })}
            </Typography.Text>
          </RowMain>
          <RowActions>
            <Tooltip title={t('data.edit')}>
              <Button size="small" type="text" aria-label={t('data.edit')} icon={<EditOutlined aria-hidden />}
                onClick={() => { setRefusal(undefined); setForm({ initial: variableToForm(v), editing: v.name }); }} />
            </Tooltip>
            <Popconfirm title={t('data.variable.confirmRemove', { name: v.name })} okText={t('data.ok')} cancelText={t('data.cancel')}
              onConfirm={() => setRefusal(onRemove(v.name))}>
              <Button size="small" type="text" danger aria-label={t('data.remove')} icon={<DeleteOutlined aria-hidden />} />
            </Popconfirm>
          </RowActions>
        </PanelRow>
      ))}
      <Button size="small" block icon={<PlusOutlined aria-hidden />} style={{ marginTop: 8 }} data-action="add-variable"
        onClick={() => { setRefusal(undefined); setForm({ initial: emptyVariableForm(names.includes('projectId') ? freshId('var', new Set(names)) : 'projectId') }); }}>
        {t('data.variable.add')}
      </Button>
      {form && (
        <VariableFormModal
          initial={form.initial}
          editing={form.editing}
          otherNames={names.filter((n) => n !== form.editing)}
          onCancel={() => setForm(null)}
          onSubmit={(variable) => {
            const refused = onSave(variable, form.editing);
            if (!refused) setForm(null);
            return refused;
          }}
        />
      )}
    </div>
  );
}
