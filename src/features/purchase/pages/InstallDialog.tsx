import { Alert, App, DatePicker, Form, Input, Modal, Select, Space, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { splitDeviceCodes, type InstallBatchResult, type OrderDetail } from '../../../../contract/purchase/orders';
import { MAX_INSTALL_BATCH } from '../../../../contract/purchase/orders';
import { errorText } from '../../../shared/errorText';
import { ApiRequestError } from '../../../shared/http';
import { userAtom } from '../../../shared/user';
import { recordInstallBatch } from './purchaseApi';

/** How long typing or scanning may pause before the codes are checked. */
const CHECK_DELAY_MS = 400;

/**
 * Recording installations of a received order: which order line (filter model), into which
 * devices (scanned or pasted codes, checked as they come: unknown codes and refused ones listed),
 * when and by whom. Recording restarts each device's life prediction.
 */
export function InstallDialog({ order, installId, onClose, onRecorded }: {
  order: OrderDetail; installId: number; onClose: () => void; onRecorded: () => void;
}) {
  const { t } = useTranslation('admin');
  const p = (k: string, o?: Record<string, unknown>) => t(`purchaseUi.${k}`, o ?? {});
  const { message } = App.useApp();
  const user = useAtomValue(userAtom);
  const open = order.lines.filter((l) => l.installed < l.quantity);
  const [lineId, setLineId] = useState<number | undefined>(open[0]?.id ?? order.lines[0]?.id);
  const [at, setAt] = useState<Dayjs>(() => dayjs());
  const [installer, setInstaller] = useState(user?.nickName || user?.username || '');
  const [text, setText] = useState('');
  const [report, setReport] = useState<InstallBatchResult | null>(null);
  const [checking, setChecking] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const codes = useMemo(() => splitDeviceCodes(text).slice(0, MAX_INSTALL_BATCH), [text]);
  const key = `${lineId}|${codes.join('\n')}`;

  // Each change of the codes or the line is checked (a dry run) once typing pauses; the last request wins.
  useEffect(() => {
    setReport(null);
    setError(null);
    if (!lineId || !codes.length) return;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      setChecking(true);
      recordInstallBatch({ installId, orderDetailId: lineId, codes, installedAt: Date.now(), installer: installer || '-', dryRun: true }, abort.signal)
        .then(setReport, (err: unknown) => { if (!abort.signal.aborted) setError(errorText(err)); })
        .finally(() => { if (!abort.signal.aborted) setChecking(false); });
    }, CHECK_DELAY_MS);
    return () => { clearTimeout(timer); abort.abort(); };
    // The key holds the line and the codes; the installer does not change what a check answers.
  }, [key, installId]);

  const quantity = report?.matched.reduce((s, m) => s + m.quantity, 0) ?? 0;
  const over = report !== null && quantity > report.remaining;
  const record = async () => {
    if (!lineId || !report?.matched.length) return;
    if (!installer.trim()) { setError(p('installerRequired')); return; }
    setSaving(true);
    setError(null);
    try {
      const r = await recordInstallBatch({ installId, orderDetailId: lineId, codes, installedAt: at.valueOf(), installer: installer.trim() });
      void message.success(p('recorded', { n: r.recorded }));
      onRecorded();
      onClose();
    } catch (err) {
      setError(errorText(err));
      if (err instanceof ApiRequestError && err.data) setReport(err.data as InstallBatchResult);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open width="44rem" title={p('installTitle', { code: order.code })} onCancel={onClose} cancelText={p('cancelButton')}
      okText={p('record', { n: report?.matched.length ?? 0 })} okButtonProps={{ disabled: !report?.matched.length || over || checking, loading: saving }}
      onOk={() => void record()} data-testid="install-dialog">
      <Form layout="vertical">
        <Form.Item label={p('orderLine')} required>
          <Select aria-label={p('orderLine')} value={lineId} onChange={setLineId} placeholder={p('pickLine')}
            options={order.lines.map((l) => ({
              value: l.id, disabled: l.installed >= l.quantity,
              label: `${l.projectName} · ${l.filterName} · ${p('lineInstalled', { installed: l.installed, quantity: l.quantity })}`,
            }))} />
        </Form.Item>
        <Space size="large" style={{ display: 'flex' }}>
          <Form.Item label={p('installedAt')} required>
            <DatePicker aria-label={p('installedAt')} showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" allowClear={false} value={at}
              disabledDate={(d) => d.isAfter(dayjs(), 'day')} onChange={(d) => d && setAt(d)} />
          </Form.Item>
          <Form.Item label={p('installer')} required>
            <Input aria-label={p('installer')} maxLength={60} value={installer} onChange={(e) => setInstaller(e.target.value)} style={{ width: '14rem' }} />
          </Form.Item>
        </Space>
        <Form.Item label={p('codes')} extra={p('codesHint')} required>
          <Input.TextArea aria-label={p('codes')} rows={6} value={text} onChange={(e) => setText(e.target.value)} autoFocus
            style={{ fontFamily: 'monospace' }} />
        </Form.Item>
      </Form>
      <div data-testid="install-report" aria-live="polite">
        {checking && <Typography.Text type="secondary">{p('checking')}</Typography.Text>}
        {report && !checking && (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Space wrap>
              <Tag color="success" data-testid="install-matched">{p('matched', { n: report.matched.length })}</Tag>
              {report.matched.map((m) => <Tag key={m.deviceId}>{m.deviceName}</Tag>)}
            </Space>
            {report.unknown.length > 0 && (
              <Space wrap>
                <Tag color="error" data-testid="install-unknown">{p('unknownCodes', { n: report.unknown.length })}</Tag>
                {report.unknown.map((c) => <Tag key={c} color="error" data-testid="unknown-code">{c}</Tag>)}
              </Space>
            )}
            {report.refused.length > 0 && (
              <Space wrap>
                <Tag color="warning">{p('refusedCodes', { n: report.refused.length })}</Tag>
                {report.refused.map((r, i) => <Tag key={`${r.code}-${i}`} color="warning">{r.code}：{r.reason}</Tag>)}
              </Space>
            )}
            <Typography.Text type={over ? 'danger' : 'secondary'} data-testid="install-quantity">
              {p('willInstall', { n: quantity, remaining: report.remaining })}{over ? ` — ${p('tooMany')}` : ''}
            </Typography.Text>
          </Space>
        )}
        {error && <Alert type="error" showIcon style={{ marginTop: '0.75rem' }} title={error} />}
      </div>
    </Modal>
  );
}
