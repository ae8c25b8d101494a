import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/Button';
import { Dialog } from '../../../shared/ui/Dialog';
import { TextInput } from '../../../shared/ui/TextInput';

/** Asks for a graph name (create and rename). */
export function NameDialog({ title, initial, onOk, onClose }: { title: string; initial: string; onOk: (name: string) => void; onClose: () => void }) {
  const { t } = useTranslation('graphPage');
  const [name, setName] = useState(initial);
  const [invalid, setInvalid] = useState(false);
  const submit = () => {
    const trimmed = name.trim();
    if (!trimmed || trimmed.length > 64) {
      setInvalid(true);
      return;
    }
    onOk(trimmed);
  };
  return (
    <Dialog title={title} onClose={onClose} testId="graph-name-dialog" footer={(
      <>
        <Button type="button" $variant="ghost" onClick={onClose}>{t('cancel')}</Button>
        <Button type="button" onClick={submit}>{t('ok')}</Button>
      </>
    )}>
      <TextInput data-autofocus aria-label={t('name')} placeholder={t('name')} value={name} $invalid={invalid} maxLength={80}
        onChange={(e) => { setName(e.target.value); setInvalid(false); }} onKeyDown={(e) => { if (e.key === 'Enter') submit(); }} />
      {invalid && <p role="alert" style={{ margin: '0.5rem 0 0', color: '#ff7a7a' }}>{t('nameRequired')}</p>}
    </Dialog>
  );
}

/** Confirms a deletion. */
export function ConfirmDialog({ title, message, onOk, onClose }: { title: string; message: string; onOk: () => void; onClose: () => void }) {
  const { t } = useTranslation('graphPage');
  return (
    <Dialog title={title} onClose={onClose} testId="graph-confirm-dialog" footer={(
      <>
        <Button type="button" $variant="ghost" onClick={onClose}>{t('cancel')}</Button>
        <Button type="button" onClick={onOk}>{t('ok')}</Button>
      </>
    )}>
      {message}
    </Dialog>
  );
}
