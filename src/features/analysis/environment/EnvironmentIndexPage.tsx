import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Input, Progress, Select, Tabs, Tag } from 'antd';
import { Table } from '../../admin/kit/CardTable';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { AirDevice, AirSide, PaDevice, PmDevice } from '../../../../contract/environment-analysis';
import { PageHeading, PagePanel } from '../../../shared/ui/PagePanel';
import { PanelBody } from '../../admin/ResourceListPage';
import { deviceDetailPath } from '../../monitoring/monitorFormat';
import { fetchAirList, fetchPaList, fetchPmList } from './environmentApi';
import { registerEnvironmentStrings } from './environmentStrings';
import { Card, Cards, Figures, Muted, Toolbar, num, percent, shortTime, useProjectChoice } from './envShared';

registerEnvironmentStrings();

const STATE_COLOURS: Record<number, string> = { 0: 'default', 1: 'success', 2: 'error' };

function usePaging() {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(10);
  return {
    page, size, reset: () => setPage(1),
    pagination: (total: number) => ({
      current: page, pageSize: size, total, showSizeChanger: true, pageSizeOptions: [10, 20, 50],
      onChange: (p: number, s: number) => { setPage(s === size ? p : 1); setSize(s); },
    }),
  };
}

/**
 * /nv_environment_analysis/index: the resistance, particulate and air-volume lists (v_pa_dev_list,
 * v_pm_dev_list, v_air_dev_list) summarised in three cards, each list a tab with its devices.
 */
export function EnvironmentIndexPage({ title }: { title: string }) {
  const { t } = useTranslation('admin');
  const { projectId, picker } = useProjectChoice();
  const [keyword, setKeyword] = useState('');
  const [side, setSide] = useState<AirSide | undefined>();
  const pa = usePaging();
  const pm = usePaging();
  const air = usePaging();
  const base = { projectId, keyword };
  const paQ = useQuery({ queryKey: ['env', 'pa', base, pa.page, pa.size], placeholderData: keepPreviousData,
    queryFn: ({ signal }) => fetchPaList({ ...base, page: pa.page, size: pa.size }, signal) });
  const pmQ = useQuery({ queryKey: ['env', 'pm', base, side, pm.page, pm.size], placeholderData: keepPreviousData,
    queryFn: ({ signal }) => fetchPmList({ ...base, side, page: pm.page, size: pm.size }, signal) });
  const airQ = useQuery({ queryKey: ['env', 'air', base, air.page, air.size], placeholderData: keepPreviousData,
    queryFn: ({ signal }) => fetchAirList({ ...base, page: air.page, size: air.size }, signal) });
  const failed = paQ.error ?? pmQ.error ?? airQ.error;
  const e = (k: string, o?: Record<string, unknown>) => t(`envAnalysis.${k}`, o ?? {});

  const deviceColumns = <T extends PaDevice | PmDevice | AirDevice>(): ColumnsType<T> => [
    { title: e('device'), dataIndex: 'deviceName', render: (name: string, r) => <Link href={`~${deviceDetailPath(r.deviceId)}`}>{name}</Link> },
    { title: e('project'), dataIndex: 'projectName' },
    { title: e('model'), dataIndex: 'modelName', responsive: ['xl'] },
    { title: e('state'), dataIndex: 'state', width: 90, render: (s: number) => <Tag color={STATE_COLOURS[s] ?? 'default'}>{e(`states.${s}`)}</Tag> },
  ];
  const paColumns: ColumnsType<PaDevice> = [
    ...deviceColumns<PaDevice>(),
    { title: e('currentPa'), dataIndex: 'currentPa', align: 'right', render: (v: number | null) => num(v) },
    { title: e('initialPa'), dataIndex: 'initialPa', align: 'right' },
    { title: e('finalPa'), dataIndex: 'finalPa', align: 'right', render: (v: number, r) => <span title={e(`finalFrom.${r.finalFrom}`)}>{v}</span> },
    { title: e('percentOfFinal'), dataIndex: 'percentOfFinal', width: 180, render: (v: number | null) => v === null ? '—' : (
      <Progress percent={Math.min(100, v)} format={() => `${v.toFixed(1)}%`} size="small" status={v >= 100 ? 'exception' : v >= 80 ? 'active' : 'normal'}
        strokeColor={v >= 100 ? '#ff4d4f' : v >= 80 ? '#faad14' : undefined} />
    ) },
    { title: e('trend'), dataIndex: 'trendPaPerDay', align: 'right', render: (v: number | null) => v === null ? '—' : `${v > 0 ? '+' : ''}${v.toFixed(2)}` },
    { title: e('updated'), dataIndex: 'currentAt', responsive: ['xxl'], render: (v: number | null) => (v ? shortTime(v) : '—') },
  ];
  const pmColumns: ColumnsType<PmDevice> = [
    ...deviceColumns<PmDevice>(),
    { title: e('side'), dataIndex: 'position', render: (p: PmDevice['position']) => e(`positions.${p}`) },
    { title: 'PM2.5', dataIndex: 'pm25', align: 'right', render: (v: number | null) => num(v) },
    { title: 'PM10', dataIndex: 'pm10', align: 'right', render: (v: number | null) => num(v) },
    { title: 'PM1', dataIndex: 'pm1', align: 'right', render: (v: number | null) => num(v) },
    { title: 'PM0.3 (个/L)', dataIndex: 'pm03', align: 'right', render: (v: number | null) => num(v, 0) },
    { title: e('pm25Mean24h'), dataIndex: 'pm25Mean24h', align: 'right', render: (v: number | null) => num(v) },
  ];
  const airColumns: ColumnsType<AirDevice> = [
    ...deviceColumns<AirDevice>(),
    { title: e('currentM3h'), dataIndex: 'currentM3h', align: 'right', render: (v: number | null) => num(v, 0) },
    { title: e('mean24h'), dataIndex: 'mean24hM3h', align: 'right', render: (v: number | null) => num(v, 0) },
    { title: e('ratedM3h'), dataIndex: 'ratedM3h', align: 'right', render: (v: number | null) => num(v, 0) },
    { title: e('percentOfRated'), dataIndex: 'percentOfRated', width: 180, render: (v: number | null) => v === null ? '—' : (
      <Progress percent={Math.min(100, v)} format={() => `${v.toFixed(1)}%`} size="small" strokeColor={v < 50 ? '#faad14' : undefined} />
    ) },
  ];

  const paS = paQ.data?.summary;
  const pmS = pmQ.data?.summary;
  const airS = airQ.data?.summary;
  const link = (path: string) => `${path}${projectId ? `?projectId=${projectId}` : ''}`;
  return (
    <PagePanel>
      <PageHeading>{title}</PageHeading>
      <PanelBody>
        <Toolbar>
          {picker}
          <Input.Search allowClear placeholder={e('keyword')} aria-label={e('keyword')} style={{ width: '16rem' }}
            onSearch={(v) => { setKeyword(v.trim()); pa.reset(); pm.reset(); air.reset(); }} />
          <Link href={link('/nv_environment_analysis/nv_aqi_analysis')}>{e('toAqi')}</Link>
          <Link href={link('/nv_environment_analysis/nv_filter_analysis')}>{e('toFilter')}</Link>
        </Toolbar>
        {failed && <Alert type="error" showIcon style={{ marginBottom: '1rem' }} title={e('loadFailed', { error: failed.message })} />}
        <Cards>
          <Card data-testid="env-pa-summary">
            <h2>{e('paTitle')}</h2>
            <Figures>
              <div><dt>{e('paDevices')}</dt><dd>{paS?.devices ?? '—'}</dd></div>
              <div><dt>{e('atFinal')}</dt><dd style={{ color: paS?.atFinal ? '#ff4d4f' : undefined }}>{paS?.atFinal ?? '—'}</dd></div>
              <div><dt>{e('near')}</dt><dd style={{ color: paS?.near ? '#faad14' : undefined }}>{paS?.near ?? '—'}</dd></div>
              <div><dt>{e('meanPercent')}</dt><dd>{paS?.meanPercentOfFinal == null ? '—' : `${paS.meanPercentOfFinal}%`}</dd></div>
            </Figures>
          </Card>
          <Card data-testid="env-pm-summary">
            <h2>{e('pmTitle')}</h2>
            <Figures>
              <div><dt>{e('pmDevices')}</dt><dd>{pmS?.devices ?? '—'}</dd></div>
              <div><dt>{e('outdoorPm25')}</dt><dd>{num(pmS?.outdoorPm25)} <Muted>μg/m³</Muted></dd></div>
              <div><dt>{e('indoorPm25')}</dt><dd>{num(pmS?.indoorPm25)} <Muted>μg/m³</Muted></dd></div>
              <div><dt>{e('reduction')}</dt><dd>{percent(pmS?.reduction ?? null)}</dd></div>
            </Figures>
          </Card>
          <Card data-testid="env-air-summary">
            <h2>{e('airTitle')}</h2>
            <Figures>
              <div><dt>{e('airDevices')}</dt><dd>{airS?.devices ?? '—'}</dd></div>
              <div><dt>{e('running')}</dt><dd>{airS?.running ?? '—'}</dd></div>
              <div><dt>{e('low')}</dt><dd style={{ color: airS?.low ? '#faad14' : undefined }}>{airS?.low ?? '—'}</dd></div>
              <div><dt>{e('totalAir')}</dt><dd>{airS ? airS.totalM3h.toLocaleString() : '—'}</dd></div>
            </Figures>
          </Card>
        </Cards>
        <Tabs
          items={[
            { key: 'pa', label: `${e('paTitle')} (${paQ.data?.count ?? 0})`, children: (
              <Table<PaDevice> rowKey={(r) => `${r.deviceId}:${r.measureId}`} size="middle" columns={paColumns} dataSource={paQ.data?.list}
                loading={paQ.isFetching} pagination={pa.pagination(paQ.data?.count ?? 0)} scroll={{ x: 'max-content' }} />
            ) },
            { key: 'pm', label: `${e('pmTitle')} (${pmQ.data?.count ?? 0})`, children: (
              <>
                <Select<AirSide | 'all'> aria-label={e('side')} style={{ width: '10rem', marginBottom: '0.75rem' }} value={side ?? 'all'}
                  options={[{ value: 'all', label: e('allSides') }, { value: 'outdoor', label: e('sides.outdoor') }, { value: 'indoor', label: e('sides.indoor') }]}
                  onChange={(v) => { setSide(v === 'all' ? undefined : v); pm.reset(); }} />
                <Table<PmDevice> rowKey="deviceId" size="middle" columns={pmColumns} dataSource={pmQ.data?.list}
                  loading={pmQ.isFetching} pagination={pm.pagination(pmQ.data?.count ?? 0)} scroll={{ x: 'max-content' }} />
              </>
            ) },
            { key: 'air', label: `${e('airTitle')} (${airQ.data?.count ?? 0})`, children: (
              <Table<AirDevice> rowKey={(r) => `${r.deviceId}:${r.measureId}`} size="middle" columns={airColumns} dataSource={airQ.data?.list}
                loading={airQ.isFetching} pagination={air.pagination(airQ.data?.count ?? 0)} scroll={{ x: 'max-content' }} />
            ) },
          ]}
        />
      </PanelBody>
    </PagePanel>
  );
}
