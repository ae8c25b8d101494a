import { Alert, App, Button, Card, Form, InputNumber, Select, Space, Spin, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { SettingsPatch, type Settings } from '../../../../contract/settings';
import { errorText } from '../../../shared/errorText';
import { apiGet, apiPost, ApiRequestError } from '../../../shared/http';
import { publishDialogSettings } from '../../../shared/systemSettings';
import { PageHeading, PagePanel } from '../../../shared/ui/PagePanel';
import { registerSettingsStrings } from './settingsStrings';

registerSettingsStrings();

const Body = styled.div`
  padding: 1.25rem 1.5rem 1.5rem;
`;

const Sections = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(26rem, 1fr));
  gap: 1rem;
  margin-bottom: 1.25rem;
`;

const Hint = styled.p`
  margin: 0 0 1rem;
  color: ${({ theme }) => theme.textMuted};
  font-size: 0.8125rem;
`;

type FieldPath = (string | number)[];
const RETENTION_FIELDS = ['rawDays', 'minuteDays', 'hourDays', 'messageDays', 'logDays', 'alarmDays'] as const;

/** The parts of a zod issue this page reads (zod's own type stays in the contract). */
interface Issue { code: string; path: readonly PropertyKey[]; minimum?: number | bigint; maximum?: number | bigint; expected?: string; input?: unknown }

/**
 * 系统设置 (/nv_system/nv_settings, right settings-edit): the SPEC §1 dialog switches, the
 * electricity price and AQI standard of the analysis pages, retention periods and the alarm
 * notification settings (contract/settings.ts), in grouped sections; each value is checked here
 * with the contract's schema and again by the server, whose 400 names the field shown in red.
 */
export function SettingsPage({ title }: { title: string }) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [loaded, setLoaded] = useState<Settings | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    apiGet<Settings>('/sys_setting/get', undefined, controller.signal).then((s) => {
      setLoaded(s);
      form.setFieldsValue(s);
    }, (err) => { if (!controller.signal.aborted) setLoadError(errorText(err)); });
    return () => controller.abort();
  }, [form]);

  const issueText = (issue: Issue): string => {
    const empty = issue.input === undefined || issue.input === null;
    if (issue.code === 'invalid_type' && empty) return t('settings.required');
    if (issue.code === 'invalid_type' && issue.expected === 'int') return t('settings.integer');
    if (issue.code === 'invalid_type') return t('settings.number');
    if (issue.code === 'too_small') return t('settings.tooSmall', { min: Number(issue.minimum) });
    if (issue.code === 'too_big') return t('settings.tooBig', { max: Number(issue.maximum) });
    return t('settings.number');
  };

  const submit = async () => {
    setSaved(false);
    const values = form.getFieldsValue(true) as Settings;
    // Clear the errors of the last try, then check every field with the contract's schema.
    form.setFields(form.getFieldsError().map((f) => ({ name: f.name, errors: [] })));
    const checked = SettingsPatch.safeParse(values, { reportInput: true });
    if (!checked.success) {
      const seen = new Set<string>();
      form.setFields(checked.error.issues.flatMap((issue) => {
        const key = issue.path.join('.');
        if (seen.has(key)) return [];
        seen.add(key);
        return [{ name: issue.path.map(String) as FieldPath, errors: [issueText(issue as Issue)] }];
      }));
      message.error(t('settings.fixErrors'));
      return;
    }
    setSaving(true);
    try {
      const next = await apiPost<Settings>('/sys_setting/save', checked.data);
      setLoaded(next);
      form.setFieldsValue(next);
      publishDialogSettings(next.dialogs);
      setSaved(true);
      message.success(t('settings.saved'));
    } catch (err) {
      const named = err instanceof ApiRequestError && err.status === 400 ? /^body\.([A-Za-z.]+):\s*(.+)$/s.exec(err.message) : null;
      if (named) form.setFields([{ name: named[1].split('.') as FieldPath, errors: [named[2]] }]);
      message.error(t('settings.saveFailed', { error: errorText(err) }));
    } finally {
      setSaving(false);
    }
  };

  const days = (name: (typeof RETENTION_FIELDS)[number]) => (
    <Form.Item key={name} label={t(`settings.${name}`)} name={['retention', name]}>
      <InputNumber data-testid={`setting-retention-${name}`} style={{ width: '12rem' }} suffix={t('settings.days')} />
    </Form.Item>
  );

  return (
    <PagePanel>
      <PageHeading>{title}</PageHeading>
      <Body>
        {loadError && <Alert type="error" showIcon title={t('settings.loadFailed', { error: loadError })} />}
        {!loaded && !loadError && <Spin style={{ display: 'block', margin: '4rem auto' }} />}
        {loaded && (
          <Form form={form} layout="horizontal" labelCol={{ flex: '10rem' }} labelWrap onValuesChange={() => setSaved(false)}
            onFinish={() => void submit()} data-testid="settings-form">
            <Sections>
              <Card title={t('settings.dialogs')} size="small">
                <Hint>{t('settings.dialogsHint')}</Hint>
                <Form.Item label={t('settings.warning')} name={['dialogs', 'warning']} valuePropName="checked" extra={t('settings.warningHint')}>
                  <Switch data-testid="setting-dialogs-warning" checkedChildren={t('settings.on')} unCheckedChildren={t('settings.off')} />
                </Form.Item>
                <Form.Item label={t('settings.online')} name={['dialogs', 'online']} valuePropName="checked" extra={t('settings.onlineHint')}>
                  <Switch data-testid="setting-dialogs-online" checkedChildren={t('settings.on')} unCheckedChildren={t('settings.off')} />
                </Form.Item>
              </Card>
              <Card title={t('settings.analysis')} size="small">
                <Form.Item label={t('settings.electricityPrice')} name="electricityPrice">
                  <InputNumber data-testid="setting-electricityPrice" style={{ width: '12rem' }} step={0.01} suffix={t('settings.electricityPriceUnit')} />
                </Form.Item>
                <Form.Item label={t('settings.aqiStandard')} name="aqiStandard">
                  <Select data-testid="setting-aqiStandard" style={{ width: '20rem' }} options={[
                    { value: 'HJ633-2026', label: t('settings.aqi2026') },
                    { value: 'HJ633-2012', label: t('settings.aqi2012') },
                  ]} />
                </Form.Item>
              </Card>
              <Card title={t('settings.retention')} size="small">
                <Hint>{t('settings.retentionHint')}</Hint>
                {RETENTION_FIELDS.map(days)}
              </Card>
              <Card title={t('settings.notifications')} size="small">
                <Form.Item label={t('settings.webhook')} name={['notifications', 'webhook']} valuePropName="checked">
                  <Switch data-testid="setting-notifications-webhook" checkedChildren={t('settings.on')} unCheckedChildren={t('settings.off')} />
                </Form.Item>
                <Form.Item label={t('settings.email')} name={['notifications', 'email']} valuePropName="checked" extra={t('settings.emailHint')}>
                  <Switch data-testid="setting-notifications-email" checkedChildren={t('settings.on')} unCheckedChildren={t('settings.off')} />
                </Form.Item>
                <Form.Item label={t('settings.escalateMinutes')} name={['notifications', 'escalateMinutes']} extra={t('settings.escalateHint')}>
                  <InputNumber data-testid="setting-notifications-escalateMinutes" style={{ width: '12rem' }} suffix={t('settings.minutes')} />
                </Form.Item>
              </Card>
            </Sections>
            {saved && <Alert type="success" showIcon title={t('settings.saved')} style={{ marginBottom: '1rem' }} data-testid="settings-saved" />}
            <Space>
              <Button type="primary" htmlType="submit" loading={saving} data-testid="settings-save">{t('settings.save')}</Button>
              <Button onClick={() => { form.setFieldsValue(loaded); setSaved(false); }}>{t('settings.reset')}</Button>
            </Space>
          </Form>
        )}
      </Body>
    </PagePanel>
  );
}
