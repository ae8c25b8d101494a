import { Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VARIABLE_TYPES } from '../../../../../contract/screen-template';
import type { TemplateVariable } from '../model/types';
import { formToVariable, type VariableField, type VariableFieldError, type VariableFormValues } from './variableForm';

interface Props {
  initial: VariableFormValues;
  /** The edited variable's name; absent when adding. */
  editing?: string;
  otherNames: readonly string[];
  /** Called with a variable the contract accepts; answers the refusal text when the model refuses it. */
  onSubmit(variable: TemplateVariable): string | undefined;
  onCancel(): void;
}

/** Adds or edits a template variable: name, label, type and default. */
export function VariableFormModal({ initial, editing, otherNames, onSubmit, onCancel }: Props) {
  const { t } = useTranslation('screenEditor');
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<VariableFieldError[]>([]);
  const [refusal, setRefusal] = useState<string>();
  const set = (patch: Partial<VariableFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((list) => list.filter((e) => !(e.field in patch) && !(patch.type && e.field === 'default')));
    setRefusal(undefined);
  };
  const errorOf = (field: VariableField) => {
    const e = errors.find((x) => x.field === field);
    return e ? { validateStatus: 'error' as const, help: t(`data.errors.${e.code}`, { ...e.params, ref: e.params?.name === undefined ? '' : `\${${e.params.name}}`, message: e.message, defaultValue: e.message }) } : {};
  };
  const submit = () => {
    const result = formToVariable(values, otherNames);
    if (!result.ok) return setErrors(result.errors);
    const refused = onSubmit(result.variable);
    if (refused) setRefusal(refused);
  };

  return (
    <Modal open title={editing ? t('data.variable.editTitle', { name: editing }) : t('data.variable.addTitle')}
      okText={t('data.ok')} cancelText={t('data.cancel')} onOk={submit} onCancel={onCancel} destroyOnHidden width={460}>
      <Form layout="vertical" size="small" data-form="screen-variable">
        <Form.Item label={t('data.variable.name')} htmlFor="variable-name" required extra={t('data.variable.nameHint')} {...errorOf('name')}>
          <Input id="variable-name" value={values.name} maxLength={64} onChange={(e) => set({ name: e.target.value })} data-field="name" />
        </Form.Item>
        <Form.Item label={t('data.variable.label')} htmlFor="variable-label" required {...errorOf('label')}>
          <Input id="variable-label" value={values.label} maxLength={64} onChange={(e) => set({ label: e.target.value })} data-field="label" />
        </Form.Item>
        <Form.Item label={t('data.variable.type')} htmlFor="variable-type" {...errorOf('type')}>
          <Select id="variable-type" value={values.type} onChange={(type) => set({ type })} options={VARIABLE_TYPES.map((v) => ({ value: v, label: t(`data.variableType.${v}`) }))} />
        </Form.Item>
        <Form.Item label={t('data.variable.default')} htmlFor="variable-default" extra={t('data.variable.defaultHint')} {...errorOf('default')}>
          <Input id="variable-default" value={values.default} maxLength={256} inputMode={values.type === 'string' ? 'text' : 'numeric'}
            onChange={(e) => set({ default: e.target.value })} data-field="default" />
        </Form.Item>
        {editing && editing !== values.name.trim() && values.name.trim() && <Form.Item help={t('data.variable.renameHint', { from: `\${${editing}}`, to: `\${${values.name.trim()}}` })} />}
        {refusal && <Form.Item validateStatus="error" help={refusal} style={{ marginBottom: 0 }} />}
      </Form>
    </Modal>
  );
}
