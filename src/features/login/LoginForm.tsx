import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { ApiRequestError } from '../../shared/http';
import { Button } from '../../shared/ui/Button';
import { login } from './loginApi';
import {
  Card, CardSubtitle, CardTitle, Field, FieldError, Input, InputWrap, Label, RevealButton, ServerError,
} from './loginStyles';

const SubmitButton = styled(Button)`
  width: 100%;
  height: 3rem;
  margin-top: 0.5rem;
  font-size: 1.0625rem;
`;

/** Translation keys, so a message follows a language switch. */
interface FieldErrors {
  username?: 'login.usernameRequired';
  password?: 'login.passwordRequired';
}

/** User name + password form; calls `onSuccess` with the new token. `footer` goes under the form, in the card. */
export function LoginForm({ onSuccess, footer }: { onSuccess: (token: string) => void; footer?: ReactNode }) {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [reveal, setReveal] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState('');
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const found: FieldErrors = {
      username: username.trim() ? undefined : 'login.usernameRequired',
      password: password ? undefined : 'login.passwordRequired',
    };
    setErrors(found);
    setServerError('');
    if (found.username || found.password) return;
    setSubmitting(true);
    try {
      const result = await login(username, password);
      onSuccess(result.token);
    } catch (err) {
      setServerError(err instanceof ApiRequestError && err.status !== 0 ? err.message : t('errors.network'));
      setSubmitting(false);
    }
  }

  return (
    <Card aria-labelledby="login-title">
      <CardTitle id="login-title">{t('login.title')}</CardTitle>
      <CardSubtitle>{t('login.subtitle')}</CardSubtitle>
      <form noValidate onSubmit={submit}>
        <Field>
          <Label htmlFor="login-username">{t('login.username')}</Label>
          <Input
            id="login-username"
            name="username"
            autoComplete="username"
            autoFocus
            value={username}
            placeholder={t('login.usernamePlaceholder')}
            $invalid={!!errors.username}
            aria-invalid={!!errors.username}
            aria-describedby={errors.username ? 'login-username-error' : undefined}
            onChange={(e) => {
              setUsername(e.target.value);
              if (errors.username) setErrors({ ...errors, username: undefined });
            }}
          />
          {errors.username && <FieldError id="login-username-error">{t(errors.username)}</FieldError>}
        </Field>
        <Field>
          <Label htmlFor="login-password">{t('login.password')}</Label>
          <InputWrap>
            <Input
              id="login-password"
              name="password"
              type={reveal ? 'text' : 'password'}
              autoComplete="current-password"
              value={password}
              placeholder={t('login.passwordPlaceholder')}
              style={{ paddingRight: '5rem' }}
              $invalid={!!errors.password}
              aria-invalid={!!errors.password}
              aria-describedby={errors.password ? 'login-password-error' : undefined}
              onChange={(e) => {
                setPassword(e.target.value);
                if (errors.password) setErrors({ ...errors, password: undefined });
              }}
            />
            <RevealButton type="button" aria-pressed={reveal} onClick={() => setReveal(!reveal)}>
              {reveal ? t('login.hidePassword') : t('login.showPassword')}
            </RevealButton>
          </InputWrap>
          {errors.password && <FieldError id="login-password-error">{t(errors.password)}</FieldError>}
        </Field>
        {serverError && <ServerError role="alert">{serverError}</ServerError>}
        <SubmitButton type="submit" disabled={submitting} aria-busy={submitting}>
          {submitting ? t('login.submitting') : t('login.submit')}
        </SubmitButton>
      </form>
      {footer}
    </Card>
  );
}
