import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NameItem } from '../../../../contract/envelope';
import type { GraphLibraryItem } from '../../../../contract/graph/graph-library';
import { errorText } from '../../../shared/errorText';
import { copyGraph } from './graphLibApi';

interface Values {
  name: string;
  projectId: number;
}

/**
 * Copies a library graph under a new name into its own project or another one the user sees; the
 * server takes the device bindings out of a copy into another project, and the message says how
 * many cells lost one.
 */
export function CopyGraphModal({ graph, projects, onClose }: { graph: GraphLibraryItem; projects: NameItem[]; onClose(): void }) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const target = Form.useWatch('projectId', form);
  const [saving, setSaving] = useState(false);

  const submit = async (values: Values) => {
    setSaving(true);
    try {
      const copy = await copyGraph({ id: graph.id, projectId: values.projectId, name: values.name.trim() });
      await queryClient.invalidateQueries({ queryKey: ['graph-library'] });
      message.success(copy.unbound ? t('graphLibs.copiedUnbound', { name: copy.name, count: copy.unbound }) : t('graphLibs.copied', { name: copy.name }));
      onClose();
    } catch (err) {
      message.error(t('graphLibs.failed', { error: errorText(err) }));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t('graphLibs.copyTitle', { name: graph.name })}
      okText={t('graphLibs.ok')}
      cancelText={t('graphLibs.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width="36rem"
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ name: t('graphLibs.copySuffix', { name: graph.name }).slice(0, 64), projectId: graph.projectId }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item name="name" label={t('graphLibs.copyName')} rules={[{ required: true, whitespace: true, message: t('graphLibs.nameRequired') }]}>
          <Input maxLength={64} autoFocus />
        </Form.Item>
        <Form.Item name="projectId" label={t('graphLibs.copyTarget')} rules={[{ required: true, message: t('graphLibs.pickProject') }]}>
          <Select
            aria-label={t('graphLibs.copyTarget')}
            showSearch={{ optionFilterProp: 'label' }}
            options={projects.map((p) => ({ value: p.id, label: p.name }))}
          />
        </Form.Item>
        {target !== undefined && target !== graph.projectId && <Alert type="warning" showIcon title={t('graphLibs.copyOtherHint')} />}
      </Form>
    </Modal>
  );
}
