import { Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../../shared/http';
import { verifyPassword } from '../../../../shared/ui/PasswordCheckDialog';
import { registerRemoteStrings } from './remoteStrings';

registerRemoteStrings();

/**
 * The password check before a remote command (SPEC §5): the password is required (请输入密码),
 * checked by the server (POST /api/user/login-test) before `onConfirmed` gets it, and the server's
 * error text shown on failure (SPEC §8). The command's own call checks it again on the server.
 */
export function ControlPasswordModal({ title, hint, okText, onConfirmed, onCancel }: {
  title: string;
  hint: string;
  okText: string;
  onConfirmed: (password: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (busy) return;
    if (!password) {
      setError(t('remote.passwordRequired'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      await verifyPassword(password);
      onConfirmed(password);
    } catch (err) {
      setError(err instanceof ApiRequestError && err.status !== 0 ? err.message : t('remote.checkFailed', { error: String(err) }));
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={title}
      okText={okText}
      cancelText={t('remote.cancel')}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>
      <Form layout="vertical" onFinish={() => void submit()}>
        <Form.Item label={t('remote.passwordLabel')} validateStatus={error ? 'error' : undefined} help={error || undefined} required>
          <Input.Password
            autoFocus
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            onPressEnter={() => void submit()}
            data-testid="control-password-input"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
