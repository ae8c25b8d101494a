import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEAL_REMARK_MAX } from '../../../../contract/alarms';

/** Asks for the remark of dealing with `count` alarms (required, at most DEAL_REMARK_MAX characters). */
export function DealAlarmModal({ count, open, onDeal, onClose }: {
  count: number; open: boolean; onDeal(remark: string): Promise<void>; onClose(): void;
}) {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<{ remark: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const { remark } = await form.validateFields();
    setBusy(true);
    try {
      await onDeal(remark.trim());
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open} title={t('alarmPages.dealTitle', { count })} okText={t('alarmPages.deal')} cancelText={t('alarmPages.cancel')}
      confirmLoading={busy} onOk={() => void submit().catch(() => undefined)} onCancel={onClose} destroyOnHidden
      afterOpenChange={(visible) => { if (!visible) form.resetFields(); }}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="remark" label={t('alarmPages.remark')}
          rules={[{ required: true, whitespace: true, message: t('alarmPages.remarkRequired') }, { max: DEAL_REMARK_MAX }]}
        >
          <Input.TextArea data-testid="deal-remark" rows={4} maxLength={DEAL_REMARK_MAX} showCount placeholder={t('alarmPages.remarkPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
