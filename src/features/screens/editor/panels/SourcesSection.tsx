import { DeleteOutlined, EditOutlined, ExperimentOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { freshId } from '../model/ids';
import type { DataSource, EditorDoc } from '../model/types';
import { emptySourceForm, sourceToForm, type SourceFormValues } from './sourceForm';
import { SourceFormModal } from './SourceFormModal';
import { PanelRow, RowActions, RowMain } from './panelStyles';

interface Props {
  doc: EditorDoc;
  /** The source the live sample shows. */
  sampled?: string;
  onSample(id: string): void;
  /** Adds (no `id`) or replaces (`id`) a source; answers the refusal text when the model refuses. */
  onSave(source: DataSource, id?: string): string | undefined;
  onRemove(id: string): string | undefined;
}

/** What a source reads, in one line: `GET /api/x · 30 s` or `hub project:${projectId} · deviceState`. */
export function describeSource(s: DataSource, seconds: string): string {
  if (s.kind === 'hub') return `${s.topic} · ${s.event}`;
  const params = Object.entries(s.params).map(([k, v]) => `${k}=${String(v)}`).join('&');
  return `${s.endpoint}${params ? `?${params}` : ''} · ${s.refreshSeconds} ${seconds}`;
}

/** The template's data sources: list, add, edit, remove (refused while a widget binds one), pick for the sample. */
export function SourcesSection({ doc, sampled, onSample, onSave, onRemove }: Props) {
  const { t } = useTranslation('screenEditor');
  const [form, setForm] = useState<{ initial: SourceFormValues; editing?: string } | null>(null);
  const [refusal, setRefusal] = useState<string>();
  const ids = doc.sources.map((s) => s.id);

  return (
    <div data-section="screen-sources">
      {refusal && <Alert type="error" showIcon title={refusal} closable={{ onClose: () => setRefusal(undefined) }} style={{ marginBottom: 8 }} />}
      {doc.sources.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('data.source.none')} />}
      {doc.sources.map((s) => {
        const users = doc.widgets.filter((w) => w.source?.sourceId === s.id).length;
        return (
          <PanelRow key={s.id} data-source-row={s.id} $active={s.id === sampled}>
            <RowMain>
              <Space size={4} wrap>
                <Typography.Text strong>{s.id}</Typography.Text>
                <Tag color={s.kind === 'rest' ? 'blue' : 'purple'}>{t(`data.source.${s.kind}`)}</Tag>
                {users > 0 && <Tag>{t('data.source.users', { count: users })}</Tag>}
              </Space>
              <Typography.Text type="secondary" ellipsis={{ tooltip: true }} style={{ display: 'block', fontSize: '0.8rem', fontFamily: 'monospace' }}>
                {describeSource(s, t('data.source.seconds'))}
              </Typography.Text>
            </RowMain>
            <RowActions>
              <Tooltip title={t('data.sample.show')}>
                <Button size="small" type="text" aria-label={t('data.sample.show')} icon={<ExperimentOutlined aria-hidden />} onClick={() => onSample(s.id)} />
              </Tooltip>
              <Tooltip title={t('data.edit')}>
                <Button size="small" type="text" aria-label={t('data.edit')} icon={<EditOutlined aria-hidden />}
                  onClick={() => { setRefusal(undefined); setForm({ initial: sourceToForm(s), editing: s.id }); }} />
              </Tooltip>
              <Popconfirm title={t('data.source.confirmRemove', { id: s.id })} okText={t('data.ok')} cancelText={t('data.cancel')}
                onConfirm={() => setRefusal(onRemove(s.id))}>
                <Button size="small" type="text" danger aria-label={t('data.remove')} icon={<DeleteOutlined aria-hidden />} />
              </Popconfirm>
            </RowActions>
          </PanelRow>
        );
      })}
      <Button size="small" block icon={<PlusOutlined aria-hidden />} style={{ marginTop: 8 }} data-action="add-source"
        onClick={() => { setRefusal(undefined); setForm({ initial: emptySourceForm(freshId('source', new Set(ids))) }); }}>
        {t('data.source.add')}
      </Button>
      {form && (
        <SourceFormModal
          initial={form.initial}
          editing={form.editing}
          otherIds={ids.filter((id) => id !== form.editing)}
          variables={doc.variables}
          onCancel={() => setForm(null)}
          onSubmit={(source) => {
            const refused = onSave(source, form.editing);
            if (!refused) setForm(null);
            return refused;
          }}
        />
      )}
    </div>
  );
}
