import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Descriptions, Progress, Space, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { LICENCE_FEATURES, type LicenceInfo } from '../../../../contract/licence';
import { Right } from '../../../../contract/rights';
import { errorText } from '../../../shared/errorText';
import { PageHeading, PagePanel } from '../../../shared/ui/PagePanel';
import { useHasRight } from '../../../shared/user';
import { PanelBody } from '../ResourceListPage';
import { aboutKeys, fetchLicence, importLicence, LICENCE_CHANGED_EVENT } from './aboutApi';
import { registerAboutStrings } from './aboutStrings';
import { licenceWarningText } from './licenceWarnings';

registerAboutStrings();

const Section = styled.section`
  margin-bottom: 1.75rem;
  max-width: 72rem;
  & > h2 { margin: 0 0 0.75rem; font-size: 1rem; color: ${({ theme }) => theme.textStrong}; }
`;

const STATE_COLOR: Record<LicenceInfo['state'], string> = { valid: 'success', expired: 'error', invalid: 'error', none: 'warning' };

function Usage({ used, max }: { used: number; max: number }) {
  const { t } = useTranslation('admin');
  const percent = max > 0 ? Math.min(100, Math.round((used / max) * 1000) / 10) : 100;
  return (
    <Space style={{ width: '100%' }}>
      <span>{t('about.usage', { used: used.toLocaleString(), max: max.toLocaleString() })}</span>
      <Progress percent={percent} size="small" status={used >= max ? 'exception' : 'normal'} style={{ width: '14rem', margin: 0 }} />
    </Space>
  );
}

/**
 * 授权信息 (/nv_about/nv_authorize): the licence in force (licensee, dates, limits against what is
 * used, features, where it came from) with its warnings, and for holders of licence-edit the import
 * of a new licence file: the server verifies its signature and expiry, and a refused file changes
 * nothing.
 */
export function LicencePage({ title }: { title: string }) {
  const { t, i18n } = useTranslation('admin');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canImport = useHasRight(Right.LicenceEdit);
  const licence = useQuery({ queryKey: aboutKeys.licence, queryFn: ({ signal }) => fetchLicence(signal) });
  const [refused, setRefused] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: importLicence,
    onSuccess(next) {
      setRefused(null);
      queryClient.setQueryData(aboutKeys.licence, next);
      window.dispatchEvent(new Event(LICENCE_CHANGED_EVENT));
      void message.success(t('about.imported_ok', { licensee: next.payload?.licensee ?? '' }));
    },
    onError: (err) => setRefused(t('about.importFailed', { error: errorText(err) })),
  });

  const readAndImport = (file: File) => {
    setRefused(null);
    file.text().then((content) => save.mutate(content), (err: unknown) => setRefused(t('about.readFailed', { error: errorText(err) })));
    return false;
  };

  const info = licence.data;
  const p = info?.payload;
  const features = p?.features.length
    ? p.features.map((f) => <Tag key={f}>{LICENCE_FEATURES[f]?.[i18n.language === 'en' ? 'en' : 'zh'] ?? f}</Tag>)
    : t('about.noFeatures');
  const source = !info ? '…' : info.source === 'shipped' ? t('about.shipped')
    : info.importedBy ? t('about.imported', { at: new Date(info.importedAt!).toLocaleString(), by: info.importedBy })
      : t('about.importedNoBy', { at: new Date(info.importedAt!).toLocaleString() });

  return (
    <PagePanel data-licence-page>
      <PageHeading>{title}</PageHeading>
      <PanelBody>
        <Section>
          <h2>{t('about.licence')}</h2>
          {licence.error && <Alert type="error" showIcon title={t('about.loadFailed', { error: errorText(licence.error) })} />}
          {info && info.warnings.length > 0 && (
            <Alert type={info.state === 'valid' ? 'warning' : 'error'} showIcon style={{ marginBottom: '0.75rem' }} data-testid="licence-page-warning"
              title={info.warnings.map((w) => licenceWarningText(t, w, info)).join(' ')} />
          )}
          <Descriptions bordered size="small" column={{ xs: 1, lg: 2 }} data-testid="licence-info" items={[
            { key: 'state', label: t('about.state'), children: info ? <Tag color={STATE_COLOR[info.state]}>{t(`about.states.${info.state}`)}</Tag> : '…' },
            { key: 'source', label: t('about.source'), children: source },
            { key: 'licensee', label: t('about.licensee'), children: <span data-testid="licensee">{p?.licensee ?? '—'}</span> },
            { key: 'id', label: t('about.licenceId'), children: p?.id ?? '—' },
            { key: 'issued', label: t('about.issued'), children: p?.issued ?? '—' },
            {
              key: 'expiry', label: t('about.expiry'),
              children: p ? <>{p.expiry} <Typography.Text type="secondary">{t('about.daysLeft', { count: info?.daysLeft ?? 0 })}</Typography.Text></> : '—',
            },
            { key: 'devices', label: t('about.devices'), children: p && info ? <Usage used={info.usage.devices} max={p.maxDevices} /> : '—' },
            { key: 'users', label: t('about.users'), children: p && info ? <Usage used={info.usage.users} max={p.maxUsers} /> : '—' },
            { key: 'features', label: t('about.features'), span: 2, children: p ? features : '—' },
            ...(info?.problem ? [{ key: 'problem', label: t('about.problem'), span: 2, children: <Typography.Text type="danger">{info.problem}</Typography.Text> }] : []),
          ]} />
        </Section>
        <Section>
          <h2>{t('about.importTitle')}</h2>
          <Typography.Paragraph type="secondary">{t('about.importHint')}</Typography.Paragraph>
          {canImport ? (
            <Upload accept=".json,.lic,application/json" maxCount={1} showUploadList={false} beforeUpload={readAndImport}>
              <Button icon={<UploadOutlined />} loading={save.isPending} data-testid="licence-import">
                {save.isPending ? t('about.importing') : t('about.choose')}
              </Button>
            </Upload>
          ) : <Alert type="info" showIcon title={t('about.noRight')} />}
          {refused && <Alert type="error" showIcon style={{ marginTop: '0.75rem' }} title={refused} data-testid="licence-refused" />}
        </Section>
      </PanelBody>
    </PagePanel>
  );
}
