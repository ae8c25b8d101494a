import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Input, Typography } from 'antd';
import { Table } from '../kit/CardTable';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import build from 'virtual:nv-build-info';
import components from 'virtual:nv-oss-components';
import type { OssComponent } from '../../../../contract/about';
import { PRODUCT_VERSION } from '../../../../contract/constants';
import { getRuntimeConfig } from '../../../shared/config';
import { errorText } from '../../../shared/errorText';
import { PageHeading, PagePanel } from '../../../shared/ui/PagePanel';
import { PanelBody } from '../ResourceListPage';
import { aboutKeys, fetchServerVersion } from './aboutApi';
import { registerAboutStrings } from './aboutStrings';

registerAboutStrings();

const Section = styled.section`
  margin-bottom: 1.75rem;
  & > h2 { margin: 0 0 0.75rem; font-size: 1rem; color: ${({ theme }) => theme.textStrong}; }
`;

const Toolbar = styled.div`
  display: flex;
  align-items: center;
  gap: 1rem;
  margin-bottom: 0.75rem;
  color: ${({ theme }) => theme.textMuted};
`;

const dateTime = (ms: number | string) => new Date(ms).toLocaleString();

/**
 * 版本信息 (/nv_about/nv_version): the product version, this console's build (time and commit,
 * written at build time), the server's Node.js and database versions and schema level, the API
 * reference, and the open-source components with their licences (scripts/about-plugin.ts reads
 * them from the installed packages at build time), searchable.
 */
export function VersionPage({ title }: { title: string }) {
  const { t } = useTranslation('admin');
  const server = useQuery({ queryKey: aboutKeys.version, queryFn: ({ signal }) => fetchServerVersion(signal) });
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim().toLowerCase());
  const shown = useMemo(
    () => (query ? components.filter((c) => `${c.name} ${c.version} ${c.license}`.toLowerCase().includes(query)) : components),
    [query],
  );
  const docsUrl = `${getRuntimeConfig().apiBaseUrl}/api/docs`;
  const s = server.data;

  return (
    <PagePanel data-version-page>
      <PageHeading>{title}</PageHeading>
      <PanelBody>
        <Section>
          <h2>{t('about.product')}</h2>
          <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }} items={[
            { key: 'version', label: t('about.productVersion'), children: <span data-testid="product-version">{PRODUCT_VERSION}</span> },
            { key: 'built', label: t('about.builtAt'), children: dateTime(build.builtAt) },
            { key: 'commit', label: t('about.commit'), children: <Typography.Text code>{build.commit}</Typography.Text> },
          ]} />
        </Section>
        <Section>
          <h2>{t('about.server')}</h2>
          {server.error && <Alert type="error" showIcon title={t('about.loadFailed', { error: errorText(server.error) })} />}
          <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }} data-testid="server-version" items={[
            { key: 'node', label: t('about.node'), children: s?.node ?? '…' },
            { key: 'platform', label: t('about.platform'), children: s?.platform ?? '…' },
            { key: 'database', label: t('about.database'), children: s ? `${s.database.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'} ${s.database.version}` : '…' },
            {
              key: 'migrations', label: t('about.migrations'), span: 2,
              children: s ? (
                <>
                  {t('about.migrationsValue', { count: s.migrations.applied, latest: s.migrations.latest ?? '—' })}
                  {s.migrations.pending.length > 0 && <Typography.Text type="danger"> {t('about.pending', { names: s.migrations.pending.join(', ') })}</Typography.Text>}
                </>
              ) : '…',
            },
            { key: 'started', label: t('about.startedAt'), children: s ? dateTime(s.startedAt) : '…' },
            {
              key: 'docs', label: t('about.apiDocs'), span: 3,
              children: <><a href={docsUrl} target="_blank" rel="noreferrer">{t('about.openApiDocs')}</a> <Typography.Text type="secondary">{t('about.apiDocsHint')}</Typography.Text></>,
            },
          ]} />
        </Section>
        <Section>
          <h2>{t('about.components')}</h2>
          <Toolbar>
            <Input.Search allowClear placeholder={t('about.search')} style={{ maxWidth: '22rem' }} value={search}
              onChange={(e) => setSearch(e.target.value)} aria-label={t('about.search')} />
            <span>{t('about.count', { count: shown.length })}</span>
            <span>{t('about.componentsHint')}</span>
          </Toolbar>
          <Table<OssComponent>
            data-testid="oss-components"
            size="small"
            rowKey={(c) => `${c.name}@${c.version}`}
            dataSource={shown}
            pagination={{ defaultPageSize: 20, showSizeChanger: true, pageSizeOptions: [20, 50, 100] }}
            columns={[
              { key: 'name', title: t('about.name'), dataIndex: 'name', render: (name: string, c) => (c.homepage ? <a href={c.homepage} target="_blank" rel="noreferrer">{name}</a> : name) },
              { key: 'version', title: t('about.version'), dataIndex: 'version', width: '12rem' },
              { key: 'license', title: t('about.license'), dataIndex: 'license', width: '22rem' },
            ]}
          />
        </Section>
      </PanelBody>
    </PagePanel>
  );
}
