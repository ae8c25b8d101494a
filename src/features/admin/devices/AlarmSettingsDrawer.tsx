import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Drawer, InputNumber, Select, Space, Typography } from 'antd';
import { Table } from '../kit/CardTable';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConditionType } from '../../../../contract/conditions';
import type { DeviceMeasureItem, DeviceMeasurePoint } from '../../../../contract/device-admin';
import { isRangeCondition } from '../../../../contract/measure-points';
import { ApiRequestError } from '../../../shared/http';
import { errorText } from '../../../shared/errorText';
import type { ResourceRow } from '../kit/resourceApi';
import { fetchDeviceMeasures, saveDeviceMeasures } from './deviceApi';

type Override = { alarmEnabled: 0 | 1 | null; conditionVal1: number | null; conditionVal2: number | null };
const EMPTY: Override = { alarmEnabled: null, conditionVal1: null, conditionVal2: null };

/** The overrides to send: the points with any value of their own. */
export function overrideItems(draft: ReadonlyMap<number, Override>): DeviceMeasureItem[] {
  return [...draft].filter(([, o]) => o.alarmEnabled !== null || o.conditionVal1 !== null || o.conditionVal2 !== null)
    .map(([measureId, o]) => ({ measureId, ...o }));
}

/**
 * 告警设置: the device's own alarm settings over its model's, point by point (empty: the model's).
 * The server checks them with the measure-point rules; its problems (each naming the point) are
 * listed and nothing is saved until they are fixed.
 */
export function AlarmSettingsDrawer({ device, canEdit, onClose }: { device: ResourceRow; canEdit: boolean; onClose(): void }) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const key = ['resource', 't_device', 'measures', device.id];
  const settings = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchDeviceMeasures(device.id, signal) });
  const [draft, setDraft] = useState<Map<number, Override>>(new Map());
  const [problems, setProblems] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (settings.data) setDraft(new Map(settings.data.points.map((p) => [p.measureId, (p.override as Override | null) ?? EMPTY])));
  }, [settings.data]);

  const set = (measureId: number, change: Partial<Override>) => setDraft((d) => new Map(d).set(measureId, { ...(d.get(measureId) ?? EMPTY), ...change }));
  const save = async () => {
    setSaving(true);
    setProblems([]);
    try {
      const saved = await saveDeviceMeasures(device.id, overrideItems(draft));
      queryClient.setQueryData(key, saved);
      message.success(t('devices.saved'));
      onClose();
    } catch (err) {
      const listed = err instanceof ApiRequestError ? (err.data as { problems?: { message: string }[] } | undefined)?.problems : undefined;
      if (listed?.length) setProblems(listed.map((p) => p.message));
      else message.error(t('devices.saveFailed', { error: errorText(err) }));
    } finally {
      setSaving(false);
    }
  };

  const modelText = (p: DeviceMeasurePoint) => {
    const m = p.model;
    const values = [m.conditionVal1, m.conditionVal2].filter((v) => v !== null).join(' / ');
    return `${t(m.alarmEnabled ? 'devices.on' : 'devices.off')}${values ? ` · ${values}` : ''}`;
  };
  const columns = [
    { key: 'point', title: t('devices.point'), render: (_: unknown, p: DeviceMeasurePoint) => (p.unit ? `${p.name}（${p.unit}）` : p.name) },
    { key: 'condition', title: t('devices.condition'), render: (_: unknown, p: DeviceMeasurePoint) => t(`devices.conditions.${p.conditionType}`) },
    { key: 'model', title: t('devices.modelSetting'), render: (_: unknown, p: DeviceMeasurePoint) => <Typography.Text type="secondary">{modelText(p)}</Typography.Text> },
    {
      key: 'enabled', title: t('devices.enabled'), width: 110,
      render: (_: unknown, p: DeviceMeasurePoint) => (
        <Select aria-label={`${p.name} ${t('devices.enabled')}`} size="small" style={{ width: '100%' }} disabled={!canEdit}
          value={draft.get(p.measureId)?.alarmEnabled ?? 'inherit'}
          onChange={(v) => set(p.measureId, { alarmEnabled: v === 'inherit' ? null : (v as 0 | 1) })}
          options={[{ value: 'inherit', label: t('devices.inherit') }, { value: 1, label: t('devices.on') }, { value: 0, label: t('devices.off') }]} />
      ),
    },
    ...(['conditionVal1', 'conditionVal2'] as const).map((field) => ({
      key: field, title: t(field === 'conditionVal1' ? 'devices.val1' : 'devices.val2'), width: 120,
      render: (_: unknown, p: DeviceMeasurePoint) => {
        const unused = p.conditionType === ConditionType.Bitwise || (field === 'conditionVal2' && !isRangeCondition(p.conditionType));
        return (
          <InputNumber aria-label={`${p.name} ${t(field === 'conditionVal1' ? 'devices.val1' : 'devices.val2')}`} size="small" style={{ width: '100%' }}
            disabled={!canEdit || unused} placeholder={unused ? '—' : String(p.model[field] ?? '')}
            value={draft.get(p.measureId)?.[field] ?? null} onChange={(v) => set(p.measureId, { [field]: typeof v === 'number' ? v : null })} />
        );
      },
    })),
  ];

  return (
    <Drawer open title={t('devices.alarmTitle', { name: String(device.name) })} size="60rem" onClose={onClose}
      footer={canEdit && (
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={() => setDraft(new Map([...draft.keys()].map((id) => [id, EMPTY])))}>{t('devices.resetAll')}</Button>
          <Button onClick={onClose}>{t('devices.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => void save()}>{t('kit.save')}</Button>
        </Space>
      )}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="alarm-settings">
        <Typography.Text type="secondary">{t('devices.alarmHint')}</Typography.Text>
        {settings.isError && <Alert type="error" showIcon title={t('devices.loadFailed', { error: errorText(settings.error) })} />}
        {problems.length > 0 && (
          <Alert type="error" showIcon title={<ul style={{ margin: 0, paddingLeft: '1.25em' }}>{problems.map((p, i) => <li key={i}>{p}</li>)}</ul>} />
        )}
        <Table<DeviceMeasurePoint> size="small" rowKey="measureId" loading={settings.isFetching} columns={columns}
          dataSource={settings.data?.points ?? []} pagination={false} locale={{ emptyText: t('devices.noAlarmPoints') }} />
      </Space>
    </Drawer>
  );
}
