import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NameItem } from '../../../../contract/envelope';
import { fetchCandidates, requestDebug, upgradeKeys } from './upgradeApi';
import { errorText } from '../../../shared/errorText';

const DURATIONS = [10, 30, 60, 120, 240, 480, 1440];

interface Values { modelId?: number; deviceId?: number; durationMin?: number; reason?: string }

/** 申请远程调试: a device the user sees (by product), how long, and why; it then waits for an auditor. */
export function DebugRequestModal({ models, onClose }: { models: readonly NameItem[]; onClose(): void }) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const modelId = Form.useWatch('modelId', form);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const devices = useQuery({
    queryKey: upgradeKeys.candidates(modelId ?? 0),
    queryFn: ({ signal }) => fetchCandidates(modelId!, signal),
    enabled: modelId !== undefined,
  });

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setBusy(true);
    setFailure(undefined);
    try {
      await requestDebug({ deviceId: v.deviceId!, durationMin: v.durationMin!, reason: v.reason!.trim() });
      await queryClient.invalidateQueries({ queryKey: upgradeKeys.all });
      message.success(t('upgrades.requested'));
      onClose();
    } catch (err) {
      setFailure(t('upgrades.requestFailed', { error: errorText(err) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open title={t('upgrades.debugTitle')} okText={t('upgrades.submit')} cancelText={t('upgrades.cancel')}
      onOk={() => void submit()} onCancel={onClose} confirmLoading={busy} destroyOnHidden data-debug-request>
      <Form form={form} layout="vertical" initialValues={{ durationMin: 30 }}>
        <Form.Item name="modelId" label={t('upgrades.product')} rules={[{ required: true, message: t('upgrades.productRequired') }]}>
          <Select showSearch={{ optionFilterProp: 'label' }} placeholder={t('upgrades.product')}
            options={models.map((m) => ({ value: m.id, label: m.name }))} onChange={() => form.setFieldValue('deviceId', undefined)} />
        </Form.Item>
        <Form.Item name="deviceId" label={t('upgrades.debugDevice')} rules={[{ required: true, message: t('upgrades.debugDeviceRequired') }]}>
          <Select showSearch={{ optionFilterProp: 'label' }} placeholder={t('upgrades.debugDevicePlaceholder')} disabled={modelId === undefined}
            loading={devices.isFetching}
            options={(devices.data ?? []).map((d) => ({ value: d.id, label: `${d.name} · ${d.projectName ?? '—'}` }))} />
        </Form.Item>
        <Form.Item name="durationMin" label={t('upgrades.duration')} rules={[{ required: true, message: t('upgrades.durationRequired') }]}>
          <Select options={DURATIONS.map((m) => ({ value: m, label: t('upgrades.minutes', { count: m }) }))} />
        </Form.Item>
        <Form.Item name="reason" label={t('upgrades.reason')} rules={[{ required: true, whitespace: true, message: t('upgrades.reasonRequired') }]}>
          <Input.TextArea rows={3} maxLength={200} showCount style={{ marginBottom: '1.25rem' }} placeholder={t('upgrades.reasonPlaceholder')} />
        </Form.Item>
      </Form>
      {failure && <Alert type="error" showIcon title={failure} />}
    </Modal>
  );
}
