import { App, Button, Flex, Form, InputNumber, Radio, Select, Spin, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import {
  ROTATE_MAX_SECONDS, ROTATE_MIN_SECONDS, SCREEN_PREFERENCES_KEY, ScreenPreferences, screenPreferencesOf, type WallThemeName,
} from '../../../../contract/screen-preferences';
import { apiGet, apiPost } from '../../../shared/http';
import { errorText } from '../../../shared/errorText';
import { PageHeading, PagePanel } from '../../../shared/ui/PagePanel';
import { AdminProviders } from '../../admin/AdminProviders';
import { listTemplates, type LibraryTemplate } from '../library/libraryApi';
import { registerScreenEditorStrings } from '../screenStrings';

registerScreenEditorStrings();

const Body = styled.div`
  padding: 1.25rem 1.5rem 1.5rem;
  max-width: 40rem;
`;

interface Values {
  templateId: number | 0;
  rotate: boolean;
  rotateSeconds: number;
  wallTheme: WallThemeName;
}

function PersonalConfigView({ title }: { title: string }) {
  const { t } = useTranslation('screenEditor');
  const { message: toast } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [customSet, setCustomSet] = useState<Record<string, unknown> | null>(null);
  const [templates, setTemplates] = useState<LibraryTemplate[]>([]);
  const [saving, setSaving] = useState(false);
  const rotate = Form.useWatch('rotate', form);

  useEffect(() => {
    const abort = new AbortController();
    Promise.all([apiGet<Record<string, unknown>>('/user/customSet', undefined, abort.signal), listTemplates('', abort.signal)]).then(([set, list]) => {
      setCustomSet(set);
      setTemplates(list.list);
    }, (err: unknown) => !abort.signal.aborted && toast.error(errorText(err)));
    return () => abort.abort();
  }, [toast]);

  if (!customSet) return <Spin style={{ display: 'block', margin: '4rem auto' }} />;
  const prefs = screenPreferencesOf(customSet);
  const initial: Values = { templateId: prefs.templateId ?? 0, rotate: prefs.rotateSeconds > 0, rotateSeconds: prefs.rotateSeconds || 60, wallTheme: prefs.wallTheme };

  const save = async (v: Values) => {
    const next = ScreenPreferences.parse({ templateId: v.templateId || null, rotateSeconds: v.rotate ? v.rotateSeconds : 0, wallTheme: v.wallTheme });
    setSaving(true);
    try {
      // Only this key changes: the other personal settings of customSet stay as they are.
      const latest = await apiGet<Record<string, unknown>>('/user/customSet');
      setCustomSet(await apiPost<Record<string, unknown>>('/user/customSet', { content: { ...latest, [SCREEN_PREFERENCES_KEY]: next } }));
      toast.success(t('personal.saved'));
    } catch (err) {
      toast.error(t('personal.saveFailed', { error: errorText(err) }));
    } finally {
      setSaving(false);
    }
  };

  return (
    <PagePanel data-page="personal-config">
      <PageHeading>{title}</PageHeading>
      <Body>
        <Typography.Paragraph type="secondary">{t('personal.intro')}</Typography.Paragraph>
        <Form form={form} layout="vertical" initialValues={initial} onFinish={(v) => void save(v)}>
          <Form.Item name="templateId" label={t('personal.template')}>
            <Select options={[{ value: 0, label: t('personal.templateActive') }, ...templates.map((x) => ({ value: x.id, label: x.name }))]} />
          </Form.Item>
          <Form.Item name="rotate" label={t('personal.rotation')} valuePropName="checked" extra={t('personal.rotationHint')}>
            <Switch />
          </Form.Item>
          {rotate && (
            <Form.Item name="rotateSeconds" label={t('personal.rotationSeconds')} rules={[{ required: true, type: 'integer', min: ROTATE_MIN_SECONDS, max: ROTATE_MAX_SECONDS }]}>
              <InputNumber min={ROTATE_MIN_SECONDS} max={ROTATE_MAX_SECONDS} step={10} />
            </Form.Item>
          )}
          <Form.Item name="wallTheme" label={t('personal.wallTheme')} extra={t('personal.wallThemeHint')}>
            <Radio.Group optionType="button" buttonStyle="solid"
              options={[{ value: 'dark', label: t('personal.themeDark') }, { value: 'light', label: t('personal.themeLight') }]} />
          </Form.Item>
          <Flex gap="0.5rem">
            <Button type="primary" htmlType="submit" loading={saving}>{t('personal.save')}</Button>
            <Button onClick={() => form.setFieldsValue({ templateId: 0, rotate: false, rotateSeconds: 60, wallTheme: 'dark' })}>{t('personal.reset')}</Button>
            <Button onClick={() => window.open('/monitor', '_blank', 'noopener')}>{t('personal.openMonitor')}</Button>
          </Flex>
        </Form>
      </Body>
    </PagePanel>
  );
}

/** 个性化配置 (SPEC §2 super layout): the user's own big-screen defaults, stored through customSet. */
export function PersonalConfigPage({ title }: { title: string }) {
  return (
    <AdminProviders>
      <PersonalConfigView title={title} />
    </AdminProviders>
  );
}
