import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, Progress, Select, Tag } from 'antd';
import { Table } from '../../admin/kit/CardTable';
import { ReloadOutlined } from '@ant-design/icons';
import { useState, type HTMLAttributes } from 'react';
import styled from 'styled-components';
import { LIFE_STATES, type DeviceLifeRow, type LifeState } from '../../../../contract/life';
import { errorText } from '../../../shared/errorText';
import { PageHeading, PagePanel } from '../../../shared/ui/PagePanel';
import { PanelBody } from '../../admin/ResourceListPage';
import { Muted, Toolbar, useSearchParam } from '../environment/envShared';
import { LifeTrendDrawer } from './LifeTrendDrawer';
import { fetchAllFilterModels, fetchFilterTypes, fetchLifeRows, lifeKeys, recalcLife, type LifeListParams } from './lifeApi';
import { STATE_COLOR, useLifeProjectChoice, useLifeText, useNumberParam, ymd } from './lifeShared';

const DAY_MS = 86_400_000;
const DUE_DAYS = [30, 90, 180] as const;
const ORDERS = ['predicted', 'used', 'device'] as const;
type Order = (typeof ORDERS)[number];

const Counts = styled.div`
  display: grid;
  grid-template-columns: repeat(5, minmax(8rem, 1fr));
  gap: 0.75rem;
  margin-bottom: 1rem;
`;

const Count = styled.button<{ $active: boolean; $tone: string }>`
  text-align: left;
  padding: 0.75rem 1rem;
  border-radius: 0.375rem;
  border: 1px solid ${({ theme, $active }) => ($active ? theme.primary : theme.surfaceBorder)};
  background: ${({ $active }) => ($active ? 'rgba(45, 193, 198, 0.1)' : 'transparent')};
  color: ${({ theme }) => theme.textMuted};
  font: inherit;
  font-size: 0.8125rem;
  cursor: pointer;
  strong {
    display: block;
    margin-top: 0.25rem;
    font-size: 1.5rem;
    font-weight: 600;
    color: ${({ $tone, theme }) => $tone || theme.textStrong};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.primary};
    outline-offset: 2px;
  }
`;

const TONE: Record<LifeState | 'total', string> = { total: '', due: '#ff4d4f', warning: '#faad14', ok: '#52c41a', unknown: '' };

const Cell = styled.div`
  display: flex;
  flex-direction: column;
  line-height: 1.4;
`;

/**
 * /nv_life_analysis/nv_device_life_analysis: every device's filter with its used life and
 * predicted replacement date (with its interval) and what decided it, filtered and paged by the
 * server, the counts of each state, 重新计算 of the visible devices, and a device's resistance
 * trend in a drawer.
 */
export function DeviceLifePage({ title }: { title: string }) {
  const { t } = useLifeText();
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(10);
  const first = () => setPage(1);
  const { projectId, picker } = useLifeProjectChoice(first);
  const [filterTypeId, setFilterTypeId] = useNumberParam('filterTypeId');
  const [filterId, setFilterId] = useNumberParam('filterId');
  const [dueDays, setDueDays] = useNumberParam('dueDays');
  const [rawState, setRawState] = useSearchParam('state');
  const state = (LIFE_STATES as readonly string[]).includes(rawState ?? '') ? rawState as LifeState : undefined;
  const [rawOrder, setOrder] = useSearchParam('order');
  const order: Order = (ORDERS as readonly string[]).includes(rawOrder ?? '') ? rawOrder as Order : 'predicted';
  const [keyword, setKeyword] = useSearchParam('keyword');
  const [typed, setTyped] = useState(keyword ?? '');
  const [chosen, setChosen] = useState<DeviceLifeRow | null>(null);
  // The due-date limit is fixed when chosen (a day's end), so the query key stays the same.
  const [dueBefore, setDueBefore] = useState<number | undefined>(() => (dueDays ? Date.now() + dueDays * DAY_MS : undefined));

  const filters: Omit<LifeListParams, 'state' | 'page' | 'size' | 'order'> = {
    projectId, filterTypeId, filterId, keyword: keyword ?? undefined, dueBefore,
  };
  const params: LifeListParams = { ...filters, state, order, page, size };
  const rows = useQuery({
    queryKey: [...lifeKeys.all, 'rows', params], placeholderData: keepPreviousData,
    queryFn: ({ signal }) => fetchLifeRows(params, signal),
  });
  const counts = useQuery({
    queryKey: [...lifeKeys.all, 'counts', filters], placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const one = (s?: LifeState) => fetchLifeRows({ ...filters, state: s, order: 'device', page: 1, size: 1 }, signal).then((r) => r.count);
      const [total, ...byState] = await Promise.all([one(), ...LIFE_STATES.map((s) => one(s))]);
      return { total, ...Object.fromEntries(LIFE_STATES.map((s, i) => [s, byState[i]])) } as Record<LifeState | 'total', number>;
    },
  });
  const types = useQuery({ queryKey: lifeKeys.types, queryFn: ({ signal }) => fetchFilterTypes(signal) });
  const models = useQuery({ queryKey: [...lifeKeys.models, 'all'], queryFn: ({ signal }) => fetchAllFilterModels(signal) });
  const recalc = useMutation({
    mutationFn: () => recalcLife(),
    onSuccess: () => qc.invalidateQueries({ queryKey: lifeKeys.all }),
  });

  const reasonText = (r: DeviceLifeRow['reason']) => (r ? t(`reasons.${r}`) : '—');
  const stateButtons = (['total', ...LIFE_STATES] as const).map((s) => {
    const active = s === 'total' ? !state : state === s;
    return (
      <Count key={s} type="button" $active={active} $tone={TONE[s]} aria-pressed={active} data-life-count={s}
        onClick={() => { setRawState(s === 'total' ? null : s); first(); }}>
        {t(`counts.${s}`)}
        <strong>{counts.data ? counts.data[s] : '—'}</strong>
      </Count>
    );
  });

  return (
    <PagePanel>
      <PageHeading>{title}</PageHeading>
      <PanelBody>
        <Toolbar>
          {picker}
          <Select aria-label={t('filterType')} style={{ minWidth: '9rem' }} value={filterTypeId ?? 0} loading={types.isPending}
            options={[{ value: 0, label: t('allTypes') }, ...(types.data ?? []).map((x) => ({ value: x.id, label: x.name }))]}
            onChange={(v: number) => { setFilterTypeId(v || undefined); setFilterId(undefined); first(); }} />
          <Select aria-label={t('filterModel')} style={{ minWidth: '12rem' }} value={filterId ?? 0} loading={models.isPending}
            showSearch={{ optionFilterProp: 'label' }}
            options={[{ value: 0, label: t('allModels') }, ...(models.data ?? [])
              .filter((m) => !filterTypeId || m.filterTypeId === filterTypeId).map((m) => ({ value: m.id, label: m.name }))]}
            onChange={(v: number) => { setFilterId(v || undefined); first(); }} />
          <Select aria-label={t('dueWithin')} style={{ minWidth: '8rem' }} value={dueDays ?? 0}
            options={[{ value: 0, label: t('dueAny') }, ...DUE_DAYS.map((d) => ({ value: d, label: t('dueDays', { days: d }) }))]}
            onChange={(v: number) => { setDueDays(v || undefined); setDueBefore(v ? Date.now() + v * DAY_MS : undefined); first(); }} />
          <Select aria-label={t('order')} style={{ minWidth: '10rem' }} value={order}
            options={ORDERS.map((o) => ({ value: o, label: t(`orders.${o}`) }))}
            onChange={(v: Order) => { setOrder(v === 'predicted' ? null : v); first(); }} />
          <Input.Search aria-label={t('keyword')} placeholder={t('keyword')} allowClear style={{ width: '16rem' }} value={typed}
            onChange={(e) => setTyped(e.target.value)} onSearch={(v) => { setKeyword(v.trim() || null); first(); }} />
          <Button type="primary" icon={<ReloadOutlined spin={recalc.isPending} />} disabled={recalc.isPending}
            onClick={() => recalc.mutate()} data-life-recalc style={{ marginLeft: 'auto' }}>
            {recalc.isPending ? t('recalcing') : t('recalc')}
          </Button>
        </Toolbar>
        {recalc.isSuccess && (
          <Alert type="success" showIcon closable style={{ marginBottom: '1rem' }} data-testid="life-recalc-result" onClose={() => recalc.reset()}
            title={t('recalcDone', { computed: recalc.data.computed, ms: recalc.data.ms }) + (recalc.data.warned ? t('recalcWarned', { warned: recalc.data.warned }) : '')} />
        )}
        {recalc.isError && (
          <Alert type="error" showIcon closable style={{ marginBottom: '1rem' }} onClose={() => recalc.reset()}
            title={t('recalcFailed', { error: errorText(recalc.error) })} />
        )}
        {rows.error && <Alert type="error" showIcon style={{ marginBottom: '1rem' }} title={t('loadFailed', { error: errorText(rows.error) })} />}
        <Counts>{stateButtons}</Counts>
        <Table<DeviceLifeRow>
          rowKey="deviceId" size="middle" dataSource={rows.data?.list ?? []} loading={rows.isFetching} scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('noData') }}
          pagination={{
            current: page, pageSize: size, total: rows.data?.count ?? 0, showSizeChanger: true, showTotal: (n) => `${n}`,
            onChange: (p, s) => { setPage(s !== size ? 1 : p); setSize(s); },
          }}
          onRow={(r) => ({ onClick: () => setChosen(r), style: { cursor: 'pointer' }, 'data-life-row': r.deviceCode } as HTMLAttributes<HTMLElement>)}
          columns={[
            { title: t('device'), key: 'device', render: (_, r) => <Cell><span>{r.deviceName}</span><Muted>{r.deviceCode}</Muted></Cell> },
            { title: t('project'), dataIndex: 'projectName', render: (v: string | null) => v ?? '—' },
            { title: t('filter'), key: 'filter', render: (_, r) => (
              <Cell><span>{r.filterName} {t('quantity', { n: r.quantity })}</span><Muted>{r.filterTypeName} · {r.filterCode}</Muted></Cell>
            ) },
            { title: t('usedLife'), dataIndex: 'usedRatio', width: 190, render: (v: number | null, r) => (v === null ? <Muted>—</Muted> : (
              <Progress percent={Math.min(100, Math.round(v * 1000) / 10)} size="small" data-testid="life-used"
                status={r.state === 'due' ? 'exception' : 'normal'}
                strokeColor={r.state === 'warning' ? '#faad14' : r.state === 'ok' ? '#52c41a' : undefined}
                format={() => `${(v * 100).toFixed(1)}%`} />
            )) },
            { title: t('predicted'), dataIndex: 'predictedAt', render: (v: number | null, r) => (v === null ? <Muted>—</Muted> : (
              <Cell>
                <span data-testid="life-predicted">{ymd(v)}</span>
                {r.intervalLow !== null && (r.intervalHigh === null || ymd(r.intervalLow) !== ymd(r.intervalHigh)) && (
                  <Muted>{r.intervalHigh === null
                    ? t('intervalOpen', { low: ymd(r.intervalLow) })
                    : t('interval', { low: ymd(r.intervalLow), high: ymd(r.intervalHigh) })}</Muted>
                )}
              </Cell>
            )) },
            { title: t('reason'), dataIndex: 'reason', render: (v: DeviceLifeRow['reason']) => <span data-testid="life-reason">{reasonText(v)}</span> },
            { title: t('state'), dataIndex: 'state', render: (v: LifeState) => <Tag color={STATE_COLOR[v]} data-testid="life-state">{t(`states.${v}`)}</Tag> },
            { title: t('actions'), key: 'actions', render: (_, r) => (
              <Button type="link" size="small" onClick={(e) => { e.stopPropagation(); setChosen(r); }}>{t('trendTitle')}</Button>
            ) },
          ]}
        />
      </PanelBody>
      {chosen && <LifeTrendDrawer row={chosen} onClose={() => setChosen(null)} />}
    </PagePanel>
  );
}
