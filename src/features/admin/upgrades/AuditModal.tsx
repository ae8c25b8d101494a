import { Alert, Button, Flex, Input, Modal, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/errorText';

interface Props {
  title: string;
  /** What is being approved, in a sentence. */
  summary: ReactNode;
  onAudit(approved: boolean, remark: string): Promise<void>;
  onClose(): void;
}

/** 审核: approve or reject with an optional remark; a refusal from the server (already audited, 409) is shown in place. */
export function AuditModal({ title, summary, onAudit, onClose }: Props) {
  const { t } = useTranslation('admin');
  const [remark, setRemark] = useState('');
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);
  const [failure, setFailure] = useState<string>();
  const run = async (approved: boolean) => {
    setBusy(approved ? 'approve' : 'reject');
    setFailure(undefined);
    try {
      await onAudit(approved, remark.trim());
    } catch (err) {
      setFailure(t('upgrades.auditFailed', { error: errorText(err) }));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      destroyOnHidden
      footer={(
        <Flex justify="flex-end" gap="0.5rem">
          <Button onClick={onClose}>{t('upgrades.cancel')}</Button>
          <Button danger loading={busy === 'reject'} disabled={busy === 'approve'} onClick={() => void run(false)} data-audit="reject">{t('upgrades.reject')}</Button>
          <Button type="primary" loading={busy === 'approve'} disabled={busy === 'reject'} onClick={() => void run(true)} data-audit="approve">{t('upgrades.approve')}</Button>
        </Flex>
      )}
    >
      <Flex vertical gap="0.75rem">
        <Typography.Paragraph style={{ margin: 0 }}>{summary}</Typography.Paragraph>
        <label htmlFor="audit-remark">{t('upgrades.auditRemark')}</label>
        <Input.TextArea id="audit-remark" rows={3} maxLength={200} showCount style={{ marginBottom: '1.25rem' }} value={remark} onChange={(e) => setRemark(e.target.value)} />
        {failure && <Alert type="error" showIcon title={failure} />}
      </Flex>
    </Modal>
  );
}
