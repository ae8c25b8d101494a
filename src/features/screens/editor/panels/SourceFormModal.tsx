import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, InputNumber, Modal, Radio, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HUB_EVENTS } from '../../../../../contract/screen-template';
import type { DataSource, TemplateVariable } from '../model/types';
import { formToSource, TOPIC_KINDS, type FieldError, type SourceField, type SourceFormValues } from './sourceForm';

interface Props {
  /** The form's first values: a new source's or the edited one's. */
  initial: SourceFormValues;
  /** The id of the edited source; absent when adding. */
  editing?: string;
  /** The template's other sources' ids and its variables (the form checks references to them). */
  otherIds: readonly string[];
  variables: readonly TemplateVariable[];
  /** Called with a source the contract accepts; answers the refusal text when the model refuses it. */
  onSubmit(source: DataSource): string | undefined;
  onCancel(): void;
}

/** Adds or edits a data source: REST (endpoint, parameters, refresh) or hub (topic, event), checked by the contract. */
export function SourceFormModal({ initial, editing, otherIds, variables, onSubmit, onCancel }: Props) {
  const { t } = useTranslation('screenEditor');
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [refusal, setRefusal] = useState<string>();
  const set = (patch: Partial<SourceFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((list) => list.filter((e) => !(Object.keys(patch) as string[]).includes(e.field) && !(patch.topicKind && e.field === 'topicTarget')));
    setRefusal(undefined);
  };
  const errorOf = (field: SourceField) => {
    const e = errors.find((x) => x.field === field);
    if (!e) return {};
    const text = t(`data.errors.${e.code}`, { ...e.params, ref: e.params?.name === undefined ? '' : `\${${e.params.name}}`, message: e.message, defaultValue: e.message });
    return { validateStatus: 'error' as const, help: text };
  };

  const submit = () => {
    const result = formToSource(values, otherIds, variables);
    if (!result.ok) return setErrors(result.errors);
    const refused = onSubmit(result.source);
    if (refused) setRefusal(refused);
  };

  const varHint = variables.length ? t('data.source.varHint', { names: variables.map((v) => `\${${v.name}}`).join(' ') }) : t('data.source.noVars');
  const targeted = values.topicKind === 'project' || values.topicKind === 'device';
  return (
    <Modal
      open
      title={editing ? t('data.source.editTitle', { id: editing }) : t('data.source.addTitle')}
      okText={t('data.ok')}
      cancelText={t('data.cancel')}
      onOk={submit}
      onCancel={onCancel}
      destroyOnHidden
      width={560}
    >
      <Form layout="vertical" size="small" data-form="screen-source">
        <Form.Item label={t('data.source.id')} htmlFor="source-id" required extra={t('data.source.idHint')} {...errorOf('id')}>
          <Input id="source-id" value={values.id} maxLength={64} onChange={(e) => set({ id: e.target.value })} data-field="id" />
        </Form.Item>
        <Form.Item label={t('data.source.kind')}>
          <Radio.Group value={values.kind} onChange={(e) => set({ kind: e.target.value as SourceFormValues['kind'] })} optionType="button"
            options={[{ value: 'rest', label: t('data.source.rest') }, { value: 'hub', label: t('data.source.hub') }]} />
        </Form.Item>
        {values.kind === 'rest' ? (
          <>
            <Form.Item label={t('data.source.endpoint')} htmlFor="source-endpoint" required extra={t('data.source.endpointHint')} {...errorOf('endpoint')}>
              <Input id="source-endpoint" value={values.endpoint} maxLength={256} placeholder="/api/s/measure-trend" onChange={(e) => set({ endpoint: e.target.value })} data-field="endpoint" />
            </Form.Item>
            <Form.Item label={t('data.source.params')} extra={varHint} {...errorOf('params')}>
              <Space orientation="vertical" style={{ width: '100%' }} size={4}>
                {values.params.map((row, i) => (
                  <Space.Compact key={i} style={{ width: '100%' }}>
                    <Input aria-label={t('data.source.paramName')} placeholder={t('data.source.paramName')} value={row.name} style={{ width: '40%' }}
                      onChange={(e) => set({ params: values.params.map((r, j) => (j === i ? { ...r, name: e.target.value } : r)) })} />
                    <Input aria-label={t('data.source.paramValue')} placeholder={t('data.source.paramValue')} value={row.value}
                      onChange={(e) => set({ params: values.params.map((r, j) => (j === i ? { ...r, value: e.target.value } : r)) })} />
                    <Button aria-label={t('data.remove')} icon={<DeleteOutlined aria-hidden />} onClick={() => set({ params: values.params.filter((_, j) => j !== i) })} />
                  </Space.Compact>
                ))}
                <Button size="small" icon={<PlusOutlined aria-hidden />} onClick={() => set({ params: [...values.params, { name: '', value: '' }] })}>
                  {t('data.source.addParam')}
                </Button>
              </Space>
            </Form.Item>
            <Form.Item label={t('data.source.refresh')} htmlFor="source-refresh" required {...errorOf('refreshSeconds')}>
              <InputNumber id="source-refresh" value={values.refreshSeconds} min={5} max={86400} step={5} suffix={t('data.source.seconds')}
                onChange={(n) => set({ refreshSeconds: typeof n === 'number' ? n : null })} data-field="refreshSeconds" />
            </Form.Item>
          </>
        ) : (
          <>
            <Form.Item label={t('data.source.topic')} required extra={targeted ? varHint : undefined} {...errorOf('topicTarget')}>
              <Space.Compact style={{ width: '100%' }}>
                <Select value={values.topicKind} style={{ width: '45%' }} onChange={(topicKind) => set({ topicKind })}
                  options={TOPIC_KINDS.map((k) => ({ value: k, label: t(`data.topic.${k}`) }))} aria-label={t('data.source.topic')} />
                {targeted && (
                  <Input value={values.topicTarget} placeholder={t(`data.topic.${values.topicKind}Target`)} onChange={(e) => set({ topicTarget: e.target.value })}
                    aria-label={t(`data.topic.${values.topicKind}Target`)} data-field="topicTarget" />
                )}
              </Space.Compact>
            </Form.Item>
            <Form.Item label={t('data.source.event')} htmlFor="source-event" required {...errorOf('event')}>
              <Select id="source-event" value={values.event} onChange={(event) => set({ event })} options={HUB_EVENTS.map((e) => ({ value: e, label: t(`data.event.${e}`) }))} />
            </Form.Item>
          </>
        )}
        {refusal && <Form.Item validateStatus="error" help={refusal} style={{ marginBottom: 0 }} />}
      </Form>
    </Modal>
  );
}
