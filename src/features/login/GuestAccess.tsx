import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { ApiRequestError } from '../../shared/http';
import { Button } from '../../shared/ui/Button';
import { guestLogin } from './loginApi';
import { ServerError } from './loginStyles';

const GuestButton = styled(Button)`
  width: 100%;
  height: 3rem;
  margin-top: 0.75rem;
  font-weight: 500;
`;

const GuestError = styled(ServerError)`
  margin: 0.75rem 0 0;
`;

/** 游客访问: the secondary way in when guest mode is on; calls `onSuccess` with the new token. */
export function GuestAccess({ onSuccess }: { onSuccess: (token: string) => void }) {
  const { t } = useTranslation();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function enter() {
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      onSuccess((await guestLogin()).token);
    } catch (err) {
      setError(err instanceof ApiRequestError && err.status !== 0 ? err.message : t('errors.network'));
      setBusy(false);
    }
  }

  return (
    <>
      <GuestButton type="button" $variant="ghost" disabled={busy} aria-busy={busy} onClick={enter}>
        {busy ? t('login.guestSubmitting') : t('login.guest')}
      </GuestButton>
      {error && <GuestError role="alert">{error}</GuestError>}
    </>
  );
}
