import { Alert, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NewPassword } from '../../../../contract/session';
import type { UserOrgNode } from '../../../../contract/users';
import type { ResourceRow } from '../kit/resourceApi';
import { errorText } from '../../../shared/errorText';


interface ModalProps {
  row: ResourceRow;
  onClose(): void;
}

/** 重置密码: a new password, typed twice, checked by the rule the server holds (NewPassword). */
export function ResetPasswordModal({ row, onClose, onSubmit }: ModalProps & { onSubmit(password: string): Promise<unknown> }) {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<{ password: string; confirm: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const { password } = await form.validateFields();
    setBusy(true);
    try {
      await onSubmit(password);
      onClose();
    } catch (err) {
      form.setFields([{ name: 'password', errors: [errorText(err).replace(/^body\.password:\s*/, '')] }]);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={t('users.resetTitle', { name: String(row.nickName || row.username) })} okText={t('kit.save')} cancelText={t('kit.cancel')}
      confirmLoading={busy} onOk={() => void submit()} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" name="reset-password" onFinish={() => void submit()}>
        <Form.Item name="password" label={t('users.newPassword')} extra={t('users.passwordHelp')}
          rules={[{ validator: (_r, value) => {
            const parsed = NewPassword.safeParse(value ?? '');
            return parsed.success ? Promise.resolve() : Promise.reject(new Error(value ? parsed.error.issues[0].message : t('validation.required')));
          } }]}>
          <Input.Password autoComplete="new-password" autoFocus />
        </Form.Item>
        <Form.Item name="confirm" label={t('users.confirmPassword')} dependencies={['password']}
          rules={[({ getFieldValue }) => ({ validator: (_r, value) => (value === getFieldValue('password')
            ? Promise.resolve() : Promise.reject(new Error(t('users.passwordMismatch')))) })]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </Modal>
  );
}

/** 调整组织: another organisation in the caller's scope; the roles that do not fit it are taken away. */
export function JoinOrgModal({ row, orgs, onClose, onSubmit }: ModalProps & { orgs: readonly UserOrgNode[]; onSubmit(orgId: number): Promise<unknown> }) {
  const { t } = useTranslation('admin');
  const [orgId, setOrgId] = useState<number | undefined>(row.orgId as number);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (orgId === undefined) return;
    setBusy(true);
    try {
      await onSubmit(orgId);
      onClose();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={t('users.joinOrgTitle', { name: String(row.nickName || row.username) })} okText={t('kit.save')} cancelText={t('kit.cancel')}
      okButtonProps={{ disabled: orgId === undefined || orgId === row.orgId }} confirmLoading={busy} onOk={() => void submit()} onCancel={onClose} destroyOnHidden>
      <Form layout="vertical" component="div">
        <Form.Item label={t('users.targetOrg')} extra={t('users.joinOrgHelp')} htmlFor="join-org-target">
          <Select id="join-org-target" showSearch={{ optionFilterProp: 'label' }} value={orgId} onChange={setOrgId}
            options={orgs.map((o) => ({ value: o.id, label: o.name }))} />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}
