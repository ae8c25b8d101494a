import { Alert, App, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MeasurePoint } from '../../../../../contract/resources/measure';
import { errorText } from '../../../../shared/errorText';
import type { DraftRow } from './draft';
import { isStale, problemsOf, savePrintf } from './measureApi';
import { MEASURES_NS } from './measureStrings';
import { checkPrintf, PrintfEditor, printfText } from './PrintfEditor';

/**
 * The printf of one point as a row action. A stored point without other unsaved changes is saved
 * at once through save-printf (the server checks it again and answers the error's position); a new
 * or changed point takes it into the draft, saved with the table.
 */

export interface PrintfModalProps {
  row: DraftRow;
  /** Stored, and unchanged in the draft: save-printf may write it alone. */
  direct: boolean;
  onClose(): void;
  /** Into the draft (normalised: a mapping as its stored JSON). */
  onDraft(printf: string): void;
  onSaved(point: MeasurePoint): void;
  onStale(): void;
}

export function PrintfModal({ row, direct, onClose, onDraft, onSaved, onStale }: PrintfModalProps) {
  const { t, i18n } = useTranslation(MEASURES_NS);
  const { message } = App.useApp();
  const [text, setText] = useState(() => printfText(row.printf, row.dataType));
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; position?: number; text: string } | null>(null);
  const checked = checkPrintf(text, row.dataType);

  const ok = async () => {
    if (!checked.ok) return;
    if (!direct) {
      onDraft(checked.printf.stored);
      return;
    }
    setSaving(true);
    try {
      const point = await savePrintf({ id: row.id!, version: row.version!, printf: text });
      message.success(t('printfSaved'));
      onSaved(point);
    } catch (err) {
      const p = problemsOf(err)?.find((x) => x.field === 'printf');
      setRefusal({ message: p ? (i18n.language === 'en' ? p.messageEn : p.message) : errorText(err), position: p?.position, text });
      if (isStale(err)) onStale();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t('printfTitle', { name: row.name })}
      width={680}
      onCancel={onClose}
      onOk={() => void ok()}
      okText={direct ? t('printfSaveDirect') : t('apply')}
      cancelText={t('cancel')}
      okButtonProps={{ disabled: !checked.ok }}
      confirmLoading={saving}
      destroyOnHidden
    >
      {!direct && <Alert type="info" showIcon style={{ marginBottom: '0.75rem' }} title={t('printfDraftOnly')} />}
      <PrintfEditor
        id="measure-printf-modal"
        value={text}
        dataType={row.dataType}
        onChange={(v) => { setText(v); setRefusal(null); }}
        serverError={refusal && refusal.text === text ? refusal : null}
      />
    </Modal>
  );
}
