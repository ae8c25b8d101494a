import { ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Flex, Form, Input, Pagination, Segmented, Select, Spin, Typography, type TableColumnsType } from 'antd';
import { Table } from '../admin/kit/CardTable';
import { useEffect, useMemo, useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Link, useLocation, useSearch } from 'wouter';
import type { DeviceListItem } from '../../../contract/devices';
import { errorText } from '../../shared/errorText';
import { PageHeading, PagePanel } from '../../shared/ui/PagePanel';
import { DeviceCards, StateBadge } from './DeviceCards';
import {
  DEVICE_MONITOR_PAGE_SIZES, deviceMonitorKeys, fetchDeviceCounts, fetchDevicePage, fetchModelNames, readDeviceMonitorFilter,
  writeDeviceMonitorFilter, type DeviceMonitorFilter,
} from './deviceMonitorApi';
import { fetchProjectNames } from './monitoringApi';
import { registerMonitoringStrings } from './monitoringStrings';
import { deviceDetailPath, formatShortDateTime, stateColour, stateKey } from './monitorFormat';
import { StateTiles } from './StateTiles';
import { useDeviceMonitorLive } from './useDeviceMonitorLive';

registerMonitoringStrings();

const STATES = [{ key: 'online', value: 1 }, { key: 'alarm', value: 2 }, { key: 'offline', value: 0 }] as const;

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: 1rem;
  padding: 1.25rem 1.5rem 1.5rem;
`;

const Live = styled.span<{ $stale: boolean }>`
  padding: 0.125rem 0.625rem;
  border-radius: 0.75rem;
  font-size: 0.8125rem;
  white-space: nowrap;
  color: ${({ $stale, theme }) => ($stale ? '#1d1200' : theme.textMuted)};
  background: ${({ $stale }) => ($stale ? '#ffb020' : 'transparent')};
`;

/**
 * 设备监控 (/nv_monitor/nv_device_monitor, issue 19): every device the user sees as live cards or a
 * list, filtered by project, model, state (also by the state tiles) and keyword, paged by the
 * server; a state change arrives over the hub within a second (useDeviceMonitorLive). The filter
 * and view are the address query. Each device links to its detail page.
 */
export function DeviceMonitorPage({ title }: { title: string }) {
  const { t } = useTranslation('monitoring');
  const search = useSearch();
  const [location, navigate] = useLocation();
  const filter = useMemo(() => readDeviceMonitorFilter(search), [search]);
  const [keyword, setKeyword] = useState(filter.keyword ?? '');
  useEffect(() => setKeyword(filter.keyword ?? ''), [filter.keyword]);
  const setFilter = (next: Partial<DeviceMonitorFilter>) => {
    const query = writeDeviceMonitorFilter({ ...filter, page: 1, ...next });
    navigate(query ? `${location}?${query}` : location, { replace: true });
  };

  const page = useQuery({
    queryKey: deviceMonitorKeys.page(filter),
    queryFn: ({ signal }) => fetchDevicePage(filter, signal),
    placeholderData: keepPreviousData,
  });
  const counts = useQuery({ queryKey: deviceMonitorKeys.counts(filter), queryFn: ({ signal }) => fetchDeviceCounts(filter, signal), placeholderData: keepPreviousData });
  const projects = useQuery({ queryKey: deviceMonitorKeys.projects, queryFn: ({ signal }) => fetchProjectNames(signal), staleTime: 60_000 });
  const models = useQuery({ queryKey: deviceMonitorKeys.models, queryFn: ({ signal }) => fetchModelNames(signal), staleTime: 60_000 });
  const { changed, stale } = useDeviceMonitorLive(filter);

  const columns = useMemo<TableColumnsType<DeviceListItem>>(() => [
    { key: 'state', title: t('state'), width: 110, render: (_, d) => <StateBadge $colour={stateColour(d.state)}>{t(stateKey(d.state))}</StateBadge> },
    { key: 'name', title: t('device'), ellipsis: true, render: (_, d) => <Link href={deviceDetailPath(d.id)} title={t('openDevice')}>{d.name}</Link> },
    { key: 'code', title: t('code'), dataIndex: 'code', width: 200, ellipsis: true },
    { key: 'project', title: t('project'), ellipsis: true, render: (_, d) => d.projectName || '—' },
    { key: 'model', title: t('model'), dataIndex: 'deviceModelName', ellipsis: true },
    { key: 'lastSeen', title: t('lastSeen'), width: 170, render: (_, d) => (d.lastSeenAt === null ? <Typography.Text type="secondary">{t('never')}</Typography.Text> : formatShortDateTime(d.lastSeenAt)) },
  ], [t]);

  const list = page.data?.list ?? [];
  let content;
  if (page.isPending) content = <Spin style={{ display: 'block', margin: '4rem auto' }} />;
  else if (!list.length) content = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />;
  else if (filter.view === 'grid') content = <DeviceCards devices={list} changed={changed} />;
  else {
    content = (
      <Table<DeviceListItem>
        rowKey="id" size="middle" columns={columns} dataSource={list} pagination={false} locale={{ emptyText: t('empty') }}
        onRow={(d) => ({ 'data-device-id': d.id, 'data-device-state': stateKey(d.state), 'data-changed': changed.has(d.id) ? 'true' : undefined } as HTMLAttributes<HTMLElement>)}
      />
    );
  }

  return (
    <PagePanel data-device-monitor="" data-view={filter.view}>
      <PageHeading>{title}</PageHeading>
      <Body>
        <StateTiles counts={counts.data ?? null} active={filter.state} onPick={(state) => setFilter({ state })} />
        <Flex justify="space-between" align="center" wrap gap="0.75rem">
          <Form layout="inline" component="div" role="search" style={{ rowGap: '0.75rem' }}>
            <Form.Item label={t('project')} htmlFor="dm-project" style={{ marginBottom: 0 }}>
              <Select
                id="dm-project" allowClear showSearch={{ optionFilterProp: 'label' }} style={{ width: '13rem' }} placeholder={t('allProjects')}
                loading={projects.isPending} value={filter.projectId} onChange={(v?: number) => setFilter({ projectId: v })}
                options={(projects.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
              />
            </Form.Item>
            <Form.Item label={t('model')} htmlFor="dm-model" style={{ marginBottom: 0 }}>
              <Select
                id="dm-model" allowClear showSearch={{ optionFilterProp: 'label' }} style={{ width: '13rem' }} placeholder={t('allModels')}
                loading={models.isPending} value={filter.deviceModelId} onChange={(v?: number) => setFilter({ deviceModelId: v })}
                options={(models.data ?? []).map((m) => ({ value: m.id, label: m.name }))}
              />
            </Form.Item>
            <Form.Item label={t('state')} htmlFor="dm-state" style={{ marginBottom: 0 }}>
              <Select
                id="dm-state" allowClear style={{ width: '9rem' }} placeholder={t('allStates')} value={filter.state}
                onChange={(v?: number) => setFilter({ state: v })} options={STATES.map((s) => ({ value: s.value, label: t(s.key) }))}
              />
            </Form.Item>
            <Form.Item style={{ marginBottom: 0 }}>
              <Input.Search
                aria-label={t('keyword')} placeholder={t('keyword')} allowClear maxLength={64} style={{ width: '16rem' }}
                value={keyword} onChange={(e) => setKeyword(e.target.value)} onSearch={(v) => setFilter({ keyword: v.trim() || undefined })}
                enterButton={t('search')}
              />
            </Form.Item>
          </Form>
          <Flex gap="0.75rem" align="center">
            <Live $stale={stale} data-monitor-status={stale ? 'stale' : 'live'} role={stale ? 'alert' : undefined}>{stale ? t('stale') : t('live')}</Live>
            <Segmented
              aria-label={t('view')} value={filter.view} onChange={(v) => setFilter({ view: v as DeviceMonitorFilter['view'], page: filter.page })}
              options={[{ value: 'grid', label: t('grid') }, { value: 'list', label: t('list') }]}
            />
            <Button icon={<ReloadOutlined aria-hidden />} loading={page.isFetching} onClick={() => { void page.refetch(); void counts.refetch(); }}>{t('refresh')}</Button>
          </Flex>
        </Flex>
        {page.error && <Alert type="error" showIcon title={t('loadFailed', { error: errorText(page.error) })} />}
        {content}
        <Flex justify="flex-end">
          <Pagination
            current={filter.page} pageSize={filter.size} total={page.data?.count ?? 0} pageSizeOptions={DEVICE_MONITOR_PAGE_SIZES} showSizeChanger
            showTotal={(total) => t('count', { count: total })}
            onChange={(p, size) => setFilter({ page: size === filter.size ? p : 1, size })}
          />
        </Flex>
      </Body>
    </PagePanel>
  );
}
