import md5 from 'md5';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { apiPost, ApiRequestError } from '../http';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { TextInput } from './TextInput';

const Input = styled(TextInput)`
  height: 2.75rem;
  padding: 0 0.875rem;
`;

const Label = styled.label`
  display: block;
  margin-bottom: 0.5rem;
  color: ${({ theme }) => theme.textMuted};
  font-size: 0.9375rem;
`;

const Error = styled.p`
  margin: 0.5rem 0 0;
  color: ${({ theme }) => theme.danger};
  font-size: 0.875rem;
`;

/** POST /api/user/login-test with the md5 of the password (SPEC §3, §5). */
export function verifyPassword(password: string): Promise<true> {
  return apiPost<true>('/user/login-test', undefined, { password: md5(password) });
}

/**
 * Asks for the signed-in user's password before a sensitive change (SPEC §5): required
 * (请输入密码), checked by the server before `onVerified` is called, the server's error shown.
 */
export function PasswordCheckDialog({ onVerified, onCancel }: { onVerified: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (busy) return;
    if (!password) {
      setError(t('login.passwordRequired'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      await verifyPassword(password);
      onVerified();
    } catch (err) {
      setError(err instanceof ApiRequestError && err.status !== 0 ? err.message : t('errors.network'));
      setBusy(false);
    }
  }

  return (
    <Dialog
      title={t('passwordCheck.title')}
      onClose={onCancel}
      testId="password-check"
      footer={(
        <>
          <Button type="button" $variant="ghost" onClick={onCancel}>{t('common.cancel')}</Button>
          <Button type="button" disabled={busy} onClick={() => void submit()}>{t('common.ok')}</Button>
        </>
      )}
    >
      <form noValidate onSubmit={submit}>
        <Label htmlFor="password-check-input">{t('passwordCheck.label')}</Label>
        <Input
          id="password-check-input"
          type="password"
          autoComplete="current-password"
          data-autofocus
          value={password}
          $invalid={!!error}
          placeholder={t('login.passwordPlaceholder')}
          onChange={(e) => setPassword(e.target.value)}
        />
        {error && <Error role="alert">{error}</Error>}
      </form>
    </Dialog>
  );
}
