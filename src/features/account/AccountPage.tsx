import { useAtom } from 'jotai';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { avatarUrl } from '../../shared/avatar';
import { getRuntimeConfig } from '../../shared/config';
import { showToast } from '../../shared/feedback';
import { ApiRequestError } from '../../shared/http';
import { Button } from '../../shared/ui/Button';
import { Icon } from '../../shared/ui/Icon';
import { PasswordCheckDialog } from '../../shared/ui/PasswordCheckDialog';
import { userAtom } from '../../shared/user';
import { avatarProblem, updateProfile, uploadAvatar } from './accountApi';
import { TextInput } from '../../shared/ui/TextInput';
import { AvatarBox, AvatarImage, Field, FieldError, Hint, Panel, PanelTitle, Grid, ReadOnly } from './accountStyles';

const serverText = (err: unknown, fallback: string) => (err instanceof ApiRequestError && err.status !== 0 ? err.message : fallback);

/** The personal profile (nv_account): avatar upload and nick name, saved after a password check. */
export function AccountPage() {
  const { t } = useTranslation();
  const [user, setUser] = useAtom(userAtom);
  const [nickName, setNickName] = useState(user?.nickName ?? '');
  const [nickError, setNickError] = useState(false);
  const [checking, setChecking] = useState(false);
  const [uploading, setUploading] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  if (!user) return null;

  async function pickAvatar(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = avatarProblem(file);
    if (problem) {
      showToast('error', t(problem));
      return;
    }
    setUploading(true);
    try {
      const path = await uploadAvatar(file);
      setUser(await updateProfile({ avatar: path }));
      showToast('success', t('account.avatarUpdated'));
    } catch (err) {
      showToast('error', serverText(err, t('errors.network')));
    } finally {
      setUploading(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!nickName.trim()) {
      setNickError(true);
      return;
    }
    setChecking(true);
  }

  async function save() {
    setChecking(false);
    try {
      setUser(await updateProfile({ nickName: nickName.trim() }));
      showToast('success', t('account.saved'));
    } catch (err) {
      showToast('error', serverText(err, t('errors.network')));
    }
  }

  return (
    <Grid>
      <Panel>
        <PanelTitle>{t('account.avatar')}</PanelTitle>
        <AvatarBox>
          <AvatarImage src={avatarUrl(user.avatar, getRuntimeConfig().apiBaseUrl)} alt={t('account.avatar')} data-testid="account-avatar" />
          <input ref={fileRef} type="file" accept="image/png,image/jpeg,image/gif,image/webp" hidden data-testid="avatar-input" onChange={pickAvatar} />
          <Button type="button" $variant="ghost" disabled={uploading} onClick={() => fileRef.current?.click()}>
            <Icon name="camera" />{t('account.changeAvatar')}
          </Button>
          <Hint>{t('account.avatarHint')}</Hint>
        </AvatarBox>
      </Panel>
      <Panel>
        <PanelTitle>{t('account.profile')}</PanelTitle>
        <form noValidate onSubmit={submit}>
          <Field><span>{t('account.username')}</span><ReadOnly>{user.username}</ReadOnly></Field>
          <Field><span>{t('account.org')}</span><ReadOnly>{user.orgName}</ReadOnly></Field>
          <Field>
            <label htmlFor="account-nick">{t('account.nickName')}</label>
            <div>
              <TextInput id="account-nick" value={nickName} maxLength={64} $invalid={nickError}
                onChange={(e) => { setNickName(e.target.value); setNickError(false); }} />
              {nickError && <FieldError role="alert">{t('account.nickNameRequired')}</FieldError>}
            </div>
          </Field>
          <Button type="submit">{t('common.save')}</Button>
        </form>
      </Panel>
      {checking && <PasswordCheckDialog onVerified={() => void save()} onCancel={() => setChecking(false)} />}
    </Grid>
  );
}
