import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, DatePicker, Flex, Select, Tag, Tooltip, type TableColumnsType } from 'antd';
import { Table } from '../../admin/kit/CardTable';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import type { HistoryAlarmRow } from '../../../../contract/alarms';
import { Right } from '../../../../contract/rights';
import { errorText } from '../../../shared/errorText';
import { PageHeading, PagePanel } from '../../../shared/ui/PagePanel';
import { useHasRight } from '../../../shared/user';
import { formatDateTime } from '../../admin/kit/cellValue';
import { writeXlsx } from '../../admin/kit/writeXlsx';
import { exportFileName } from '../../admin/kit/xlsxRows';
import { PanelBody } from '../../admin/ResourceListPage';
import { AlarmDetailDrawer } from './AlarmDetailDrawer';
import { AlarmFilterFields } from './AlarmFilterFields';
import { registerAlarmPageStrings } from './alarmPageStrings';
import { alarmKeys, dealAlarms, EXPORT_MAX_ROWS, fetchHistory, fetchHistoryForExport, type HistoryFilter } from './alarmPagesApi';
import { addressNumber, conditionLabel, LEVEL_COLOURS, PAGE_SIZES, pageSizeOf, rem } from './alarmView';
import { DealAlarmModal } from './DealAlarmModal';

registerAlarmPageStrings();

const STATES = ['open', 'cleared', 'undealed', 'dealed'] as const;

interface HistoryState { filter: HistoryFilter; page: number; size: number }

function readState(search: string): HistoryState {
  const q = new URLSearchParams(search);
  const state = q.get('state') as HistoryFilter['state'];
  return {
    filter: {
      projectId: addressNumber(q.get('project')), deviceId: addressNumber(q.get('device')),
      warnLevel: addressNumber(q.get('level'), 2), conditionType: addressNumber(q.get('condition'), 15),
      state: STATES.includes(state as never) ? state : undefined,
      from: addressNumber(q.get('from')), to: addressNumber(q.get('to')),
    },
    page: addressNumber(q.get('page')) || 1,
    size: pageSizeOf(q.get('size')),
  };
}

function writeState(s: HistoryState): string {
  const q = new URLSearchParams();
  const f = s.filter;
  const put = (key: string, v: number | string | undefined) => { if (v !== undefined) q.set(key, String(v)); };
  put('project', f.projectId); put('device', f.deviceId); put('level', f.warnLevel); put('condition', f.conditionType);
  put('state', f.state); put('from', f.from); put('to', f.to);
  if (s.page > 1) q.set('page', String(s.page));
  if (s.size !== 20) q.set('size', String(s.size));
  return q.toString();
}

class TooMany extends Error {}

/**
 * 历史告警 (/nv_intelligent_alarm/nv_history_alarm): the alarms raised, filtered by project, device,
 * level, condition, state and time range (in the address); dealing with one or the selected alarms
 * with a remark (alarm-deal; an alarm is dealt with once), each alarm's details with its
 * notification delivery log, and the whole filtered range exported to .xlsx.
 */
export function HistoryAlarmPage({ title }: { title: string }) {
  const { t, i18n } = useTranslation('admin');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const search = useSearch();
  const [location, navigate] = useLocation();
  const state = useMemo(() => readState(search), [search]);
  const set = (next: Partial<HistoryState>) => {
    const query = writeState({ ...state, page: 1, ...next });
    navigate(query ? `${location}?${query}` : location, { replace: true });
  };
  const canDeal = useHasRight(Right.AlarmDeal);
  const [selected, setSelected] = useState<number[]>([]);
  const [dealing, setDealing] = useState<number[] | null>(null);
  const [detail, setDetail] = useState<HistoryAlarmRow | null>(null);
  const [exporting, setExporting] = useState(false);

  const list = useQuery({
    queryKey: alarmKeys.history(state.filter, state.page, state.size),
    queryFn: ({ signal }) => fetchHistory(state.filter, state.page, state.size, signal),
    placeholderData: keepPreviousData,
  });

  const deal = async (remark: string) => {
    try {
      const n = await dealAlarms(dealing ?? [], remark);
      message.success(t('alarmPages.dealt', { count: n }));
      setDealing(null);
      setSelected([]);
    } catch (err) {
      message.error(t('alarmPages.dealFailed', { error: errorText(err) }));
      throw err;
    } finally {
      await queryClient.invalidateQueries({ queryKey: ['historyAlarms'] });
    }
  };

  const runExport = async () => {
    setExporting(true);
    try {
      const rows = await fetchHistoryForExport(state.filter, () => { throw new TooMany(); });
      const header = [
        t('alarmPages.level'), t('alarmPages.raisedAt'), t('alarmPages.project'), t('alarmPages.device'), t('alarmPages.measure'),
        t('alarmPages.condition'), t('alarmPages.sampleValue'), t('alarmPages.content'), t('alarmPages.clearedAt'), t('alarmPages.ackedAt'),
        t('alarmPages.dealedAt'), t('alarmPages.dealedBy'), t('alarmPages.dealRemark'),
      ];
      const at = (ms: number | null) => (ms === null ? '' : formatDateTime(ms));
      const data = rows.map((a) => [
        t(`alarmPages.levels.${a.warnLevel}`), at(a.raisedAt), a.projectName, a.deviceName, a.measureName,
        conditionLabel(a.conditionType, i18n.language), a.sampleValue ?? '', a.alarmContent, at(a.clearedAt), at(a.ackedAt),
        at(a.dealedAt), a.dealedByName ?? '', a.dealRemark,
      ]);
      const sheet = t('alarmPages.sheet');
      await writeXlsx(sheet, { header, rows: data }, exportFileName(sheet, new Date()));
      message.success(t('alarmPages.exported', { count: rows.length }));
    } catch (err) {
      message.error(err instanceof TooMany ? t('alarmPages.exportTooMany', { max: EXPORT_MAX_ROWS }) : t('alarmPages.exportFailed', { error: errorText(err) }));
    } finally {
      setExporting(false);
    }
  };

  const columns: TableColumnsType<HistoryAlarmRow> = [
    {
      key: 'level', title: t('alarmPages.level'), width: rem(90),
      render: (_, a) => <Tag color={LEVEL_COLOURS[a.warnLevel] ?? 'default'}>{t(`alarmPages.levels.${a.warnLevel}`, { defaultValue: String(a.warnLevel) })}</Tag>,
    },
    { key: 'raisedAt', title: t('alarmPages.raisedAt'), width: rem(185), render: (_, a) => formatDateTime(a.raisedAt) },
    { key: 'project', title: t('alarmPages.project'), ellipsis: true, width: rem(180), render: (_, a) => a.projectName || '—' },
    { key: 'device', title: t('alarmPages.device'), dataIndex: 'deviceName', ellipsis: true, width: rem(170) },
    { key: 'content', title: t('alarmPages.content'), dataIndex: 'alarmContent', ellipsis: { showTitle: true } },
    {
      key: 'state', title: t('alarmPages.state'), width: rem(170),
      render: (_, a) => (
        <Flex gap={rem(4)} wrap>
          {a.clearedAt === null ? <Tag color="red">{t('alarmPages.open')}</Tag> : <Tag>{t('alarmPages.cleared')}</Tag>}
          {a.dealedAt !== null
            ? <Tooltip title={`${a.dealedByName ?? ''} · ${formatDateTime(a.dealedAt)}：${a.dealRemark}`}><Tag color="green" data-dealt>{t('alarmPages.dealed')}</Tag></Tooltip>
            : a.ackedAt !== null && <Tag color="cyan">{t('alarmPages.acked')}</Tag>}
        </Flex>
      ),
    },
    { key: 'remark', title: t('alarmPages.dealRemark'), dataIndex: 'dealRemark', ellipsis: true, width: rem(180), render: (r: string) => r || '—' },
    {
      key: 'actions', title: t('alarmPages.actions'), width: rem(120),
      render: (_, a) => (
        <Flex gap={rem(4)}>
          <Button size="small" type="link" onClick={() => setDetail(a)}>{t('alarmPages.detail')}</Button>
          {canDeal && a.dealedAt === null && <Button size="small" type="link" onClick={() => setDealing([a.id])}>{t('alarmPages.deal')}</Button>}
        </Flex>
      ),
    },
  ];

  const { from, to } = state.filter;
  return (
    <PagePanel>
      <PageHeading>{title}</PageHeading>
      <PanelBody>
        <Flex wrap gap={rem(8)} align="center" style={{ marginBottom: rem(12) }}>
          <AlarmFilterFields value={state.filter} onChange={(f) => set({ filter: { ...state.filter, ...f } })} />
          <Select
            data-testid="alarm-filter-state" allowClear style={{ width: rem(130) }} placeholder={t('alarmPages.allStates')} value={state.filter.state}
            options={STATES.map((s) => ({ value: s, label: t(`alarmPages.${s}`) }))}
            onChange={(s?: HistoryFilter['state']) => set({ filter: { ...state.filter, state: s } })}
          />
          <DatePicker.RangePicker
            data-testid="alarm-filter-range" style={{ width: rem(300) }} showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm"
            value={[from === undefined ? null : dayjs(from), to === undefined ? null : dayjs(to)]}
            onChange={(range) => set({ filter: { ...state.filter, from: range?.[0]?.valueOf(), to: range?.[1]?.valueOf() } })}
          />
          <Flex gap={rem(8)} style={{ marginInlineStart: 'auto' }}>
            {canDeal && (
              <Button type="primary" disabled={!selected.length} onClick={() => setDealing(selected)}>
                {t('alarmPages.dealSelected', { count: selected.length })}
              </Button>
            )}
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void runExport()}>{t('alarmPages.export')}</Button>
            <Button icon={<ReloadOutlined />} aria-label={t('alarmPages.refresh')} onClick={() => void list.refetch()} />
          </Flex>
        </Flex>
        {list.error && <Alert type="error" showIcon style={{ marginBottom: rem(12) }} message={t('alarmPages.loadFailed', { error: errorText(list.error) })} />}
        <Table<HistoryAlarmRow>
          data-testid="history-alarms" rowKey="id" size="middle" columns={columns} dataSource={list.data?.list}
          loading={list.isFetching && !list.data}
          onRow={(a) => ({ 'data-alarm-id': a.id } as React.HTMLAttributes<HTMLElement>)}
          rowSelection={canDeal ? {
            selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]),
            getCheckboxProps: (a) => ({ disabled: a.dealedAt !== null }),
          } : undefined}
          pagination={{
            current: state.page, pageSize: state.size, total: list.data?.count ?? 0, pageSizeOptions: PAGE_SIZES, showSizeChanger: true,
            showTotal: (count) => t('alarmPages.total', { count }),
            onChange: (page, size) => set({ filter: state.filter, page, size }),
          }}
        />
      </PanelBody>
      <DealAlarmModal count={dealing?.length ?? 0} open={dealing !== null} onDeal={deal} onClose={() => setDealing(null)} />
      <AlarmDetailDrawer alarm={detail} onClose={() => setDetail(null)} />
    </PagePanel>
  );
}
