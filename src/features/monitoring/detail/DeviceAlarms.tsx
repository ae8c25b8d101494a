import { useQuery } from '@tanstack/react-query';
import { Alert, Segmented, Tag, Typography, type TableColumnsType } from 'antd';
import { Table } from '../../admin/kit/CardTable';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HistoryAlarm } from '../../../../contract/alarms';
import { errorText } from '../../../shared/errorText';
import { formatDateTime } from '../../admin/kit/cellValue';
import { detailKeys, fetchDeviceAlarms } from './detailApi';
import { LEVEL_COLORS } from './LiveMeasures';

const PAGE_SIZES = [10, 20, 50];

/**
 * 告警: the device's open alarms (当前告警) or all of them (告警历史), newest first, paged on the
 * server; `version` changes (a push raised or cleared one) read the page again.
 */
export function DeviceAlarms({ deviceId, version }: { deviceId: number; version: string }) {
  const { t } = useTranslation('admin');
  const [state, setState] = useState<'open' | 'all'>('open');
  const [page, setPage] = useState({ Page: 1, Size: 10 });
  const alarms = useQuery({
    queryKey: [...detailKeys.alarms(deviceId, state, page.Page, page.Size), version],
    queryFn: ({ signal }) => fetchDeviceAlarms({ deviceId, state, ...page }, signal),
    placeholderData: (previous) => previous,
  });

  const columns = useMemo<TableColumnsType<HistoryAlarm>>(() => [
    { key: 'raisedAt', title: t('deviceDetail.raisedAt'), width: '11rem', render: (_, a) => formatDateTime(a.raisedAt) },
    { key: 'measure', title: t('deviceDetail.measure'), width: '9rem', ellipsis: true, render: (_, a) => a.measureName },
    {
      key: 'level', title: t('deviceDetail.level'), width: '6rem',
      render: (_, a) => <Tag color={LEVEL_COLORS[a.warnLevel] ?? 'error'}>{t(`deviceDetail.levels.${a.warnLevel}`, { defaultValue: String(a.warnLevel) })}</Tag>,
    },
    { key: 'content', title: t('deviceDetail.alarmContent'), ellipsis: true, render: (_, a) => a.alarmContent },
    {
      key: 'clearedAt', title: t('deviceDetail.clearedAt'), width: '11rem',
      render: (_, a) => (a.clearedAt === null ? <Tag color="error" data-alarm-open>{t('deviceDetail.open')}</Tag> : formatDateTime(a.clearedAt)),
    },
    {
      key: 'dealt', title: t('deviceDetail.dealt'), width: '13rem', ellipsis: true,
      render: (_, a) => (a.dealedAt === null ? <Typography.Text type="secondary">{t('deviceDetail.notDealt')}</Typography.Text>
        : `${formatDateTime(a.dealedAt)}${a.dealRemark ? ` · ${a.dealRemark}` : ''}`),
    },
  ], [t]);

  return (
    <div data-device-alarms>
      <Segmented
        style={{ marginBottom: '0.75rem' }}
        value={state}
        onChange={(v) => { setState(v as 'open' | 'all'); setPage((p) => ({ ...p, Page: 1 })); }}
        options={[{ value: 'open', label: t('deviceDetail.currentAlarms') }, { value: 'all', label: t('deviceDetail.alarmHistory') }]}
      />
      {alarms.error && <Alert type="error" showIcon style={{ marginBottom: '0.75rem' }} title={t('deviceDetail.loadFailed', { error: errorText(alarms.error) })} />}
      <Table<HistoryAlarm>
        rowKey="id"
        size="middle"
        loading={alarms.isFetching}
        columns={columns}
        dataSource={alarms.data?.list ?? []}
        pagination={{
          current: page.Page, pageSize: page.Size, total: alarms.data?.count ?? 0, showSizeChanger: true, pageSizeOptions: PAGE_SIZES,
          hideOnSinglePage: true, onChange: (Page, Size) => setPage({ Page: Size === page.Size ? Page : 1, Size }),
        }}
      />
    </div>
  );
}
