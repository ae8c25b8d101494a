import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/errorText';
import { showFieldError } from '../kit/formErrors';
import type { ResourceRow } from '../kit/resourceApi';
import { copyDevice } from './deviceApi';

const FIELDS = ['name', 'code', 'iotId', 'iccid'] as const;
type Values = Record<(typeof FIELDS)[number], string>;

/** 复制: a new device like this one (model, project, gateway, alarm settings) under its own name and code. */
export function CopyDeviceModal({ device, onClose }: { device: ResourceRow; onClose(): void }) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const required = [{ required: true, whitespace: true, message: t('devices.required') }];

  const submit = async (values: Values) => {
    setSaving(true);
    try {
      const copy = await copyDevice({ id: device.id, name: values.name.trim(), code: values.code.trim(), iotId: values.iotId?.trim() ?? '', iccid: values.iccid?.trim() ?? '' });
      await queryClient.invalidateQueries({ queryKey: ['resource', 't_device'] });
      message.success(t('devices.copied', { name: copy.name }));
      onClose();
    } catch (err) {
      if (!showFieldError(form, err, FIELDS)) message.error(t('devices.saveFailed', { error: errorText(err) }));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open title={t('devices.copyTitle', { name: String(device.name) })} okText={t('devices.copy')} cancelText={t('devices.cancel')}
      confirmLoading={saving} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden>
      <Alert type="info" showIcon title={t('devices.copyHint')} style={{ marginBottom: '1rem' }} />
      <Form form={form} layout="vertical" name="copy-device" onFinish={(v) => void submit(v)}
        initialValues={{ name: t('devices.copySuffix', { name: String(device.name) }), code: `${String(device.code)}-copy`, iotId: '', iccid: '' }}>
        <Form.Item name="name" label={t('devices.newName')} rules={required}><Input maxLength={64} /></Form.Item>
        <Form.Item name="code" label={t('devices.newCode')} rules={required}><Input maxLength={64} /></Form.Item>
        <Form.Item name="iotId" label={t('res.t_device.fields.iotId')}><Input maxLength={64} /></Form.Item>
        <Form.Item name="iccid" label={t('res.t_device.fields.iccid')}><Input maxLength={20} /></Form.Item>
      </Form>
    </Modal>
  );
}
