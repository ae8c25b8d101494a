import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Drawer } from 'antd';
import { Table } from '../../admin/kit/CardTable';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { EnergyDeviceRow, EnergyPeriod } from '../../../../contract/energy-analysis';
import { deviceDetailPath } from '../../monitoring/monitorFormat';
import { Figures, Muted } from '../environment/envShared';
import { fetchEnergyDevices } from './energyApi';
import { Change, Head } from './energyParts';
import { byNumber, fmt, pct, siteDateOf } from './energyFormat';

/** A device without an electricity counter (a filter bank): its electricity and cost are unknown, not zero. */
const metered = (r: EnergyDeviceRow) => r.energyKWh !== 0 || r.meanElectricPowerW !== null;
const sum = (rows: EnergyDeviceRow[], pick: (r: EnergyDeviceRow) => number | null) => rows.reduce((s, r) => s + (pick(r) ?? 0), 0);

/**
 * A project's devices over the page's period (v_energy_dev_list): each device's electricity,
 * change, cost, air moved, resistance against its clean filter's, efficiency, SFP, energy per
 * 1,000 m³ and saving, sortable; open while the address names the project (`?projectId=`).
 */
export function EnergyDevicesDrawer({ projectId, period, date, onClose }: {
  projectId: number | undefined; period: EnergyPeriod; date: string | undefined; onClose(): void;
}) {
  const { t, i18n } = useTranslation('admin');
  const locale = i18n.language?.startsWith('en') ? 'en-US' : 'zh-CN';
  const e = (k: string, o?: Record<string, unknown>) => t(`energyAnalysis.${k}`, o ?? {});
  const u = (k: string) => e(`units.${k}`);
  const f = (v: number | null | undefined, digits = 1) => fmt(v, digits, locale);
  const q = useQuery({
    queryKey: ['energy', 'devices', projectId, period, date], placeholderData: keepPreviousData, enabled: projectId !== undefined,
    queryFn: ({ signal }) => fetchEnergyDevices(projectId!, period, date, signal),
  });
  const data = q.data && q.data.project.id === projectId ? q.data : undefined;
  const rows = data?.devices ?? [];

  const columns: ColumnsType<EnergyDeviceRow> = [
    { title: e('device'), dataIndex: 'name', fixed: 'left', sorter: (a, b) => a.name.localeCompare(b.name, 'zh-CN'),
      render: (name: string, r) => <Link href={`~${deviceDetailPath(r.deviceId)}`}>{name}</Link> },
    { title: e('type'), dataIndex: 'deviceTypeId', sorter: byNumber((r) => r.deviceTypeId),
      render: (id: number) => e(`deviceTypes.${id}`, { defaultValue: String(id) }) },
    { title: <Head label={e('energy')} unit={u('kWh')} />, dataIndex: 'energyKWh', align: 'right', sorter: byNumber((r) => (metered(r) ? r.energyKWh : null)),
      defaultSortOrder: 'descend', render: (v: number, r) => (metered(r) ? f(v) : '—') },
    { title: e('change'), key: 'change', align: 'right', sorter: byNumber((r) => r.change.energyKWh.ratio),
      render: (_, r) => <Change ratio={r.change.energyKWh.ratio} better="down" /> },
    { title: <Head label={e('costCol')} unit={u('yuan')} />, dataIndex: 'cost', align: 'right', sorter: byNumber((r) => (metered(r) ? r.cost : null)),
      render: (v: number | null, r) => (metered(r) ? f(v, 2) : '—') },
    { title: <Head label={e('airMovedCol')} unit={u('m3')} />, dataIndex: 'airMovedM3', align: 'right', sorter: byNumber((r) => r.airMovedM3), render: (v: number) => f(v, 0) },
    { title: <Head label={e('meanAirCol')} unit={u('m3h')} />, dataIndex: 'meanAirVolumeM3h', align: 'right', sorter: byNumber((r) => r.meanAirVolumeM3h), render: (v: number | null) => f(v, 0) },
    { title: <Head label={e('resistance')} unit={u('pa')} />, dataIndex: 'meanResistancePa', align: 'right', sorter: byNumber((r) => r.meanResistancePa), render: (v: number | null) => f(v) },
    { title: <Head label={e('initialPa')} unit={u('pa')} />, dataIndex: 'initialPa', align: 'right', sorter: byNumber((r) => r.initialPa), render: (v: number | null) => f(v, 0) },
    { title: e('efficiencyCol'), dataIndex: 'efficiency', align: 'right', sorter: byNumber((r) => r.efficiency), render: (v: number | null) => pct(v) },
    { title: <Head label="SFP" unit={u('sfp')} />, dataIndex: 'specificFanPowerW', align: 'right', sorter: byNumber((r) => r.specificFanPowerW), render: (v: number | null) => f(v, 0) },
    { title: <Head label={e('per1000Col')} unit={u('per1000')} />, dataIndex: 'kWhPer1000m3', align: 'right', sorter: byNumber((r) => r.kWhPer1000m3), render: (v: number | null) => f(v, 3) },
    { title: <Head label={e('savingCol')} unit={u('kWh')} />, dataIndex: 'savingKWh', align: 'right', sorter: byNumber((r) => r.savingKWh), render: (v: number) => f(v) },
  ];

  return (
    <Drawer open={projectId !== undefined} onClose={onClose} size="min(96rem, 92vw)" destroyOnHidden
      title={data ? e('detailsTitle', { name: data.project.name }) : e('details')}>
      {q.error && <Alert type="error" showIcon style={{ marginBottom: '1rem' }} title={e('loadFailed', { error: q.error.message })} />}
      {data && (
        <>
          <Muted data-testid="energy-devices-range" style={{ display: 'block', marginBottom: '0.75rem' }}>
            {e('range', { from: siteDateOf(data.start), to: siteDateOf(data.end - 1) })} · {e('price', { price: data.price.toFixed(2) })}
          </Muted>
          <Figures style={{ marginBottom: '1rem' }}>
            <div><dt>{e('devices')}</dt><dd>{rows.length}</dd></div>
            <div><dt>{e('energy')} ({u('kWh')})</dt><dd data-testid="energy-devices-energy">{f(sum(rows, (r) => r.energyKWh))}</dd></div>
            <div><dt>{e('cost')} ({u('yuan')})</dt><dd>{f(sum(rows, (r) => r.cost), 2)}</dd></div>
            <div><dt>{e('saving')} ({u('kWh')})</dt><dd>{f(sum(rows, (r) => r.savingKWh))}</dd></div>
          </Figures>
        </>
      )}
      <div data-testid="energy-devices">
        <Table<EnergyDeviceRow> rowKey="deviceId" size="middle" columns={columns} dataSource={rows} loading={q.isFetching}
          pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false} scroll={{ x: 'max-content' }} />
      </div>
    </Drawer>
  );
}
