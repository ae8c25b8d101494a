import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { alarmKeys, fetchDeviceNames, fetchProjectNames } from './alarmPagesApi';
import { CONDITION_TYPES, conditionLabel, rem, WARN_LEVELS } from './alarmView';

export interface AlarmFilterValue {
  projectId?: number;
  deviceId?: number;
  warnLevel?: number;
  conditionType?: number;
}

/** The filters both alarm pages share: project, device (of the project), warn level (SPEC §3) and condition type. */
export function AlarmFilterFields({ value, onChange }: { value: AlarmFilterValue; onChange(next: AlarmFilterValue): void }) {
  const { t, i18n } = useTranslation('admin');
  const projects = useQuery({ queryKey: alarmKeys.projects, queryFn: ({ signal }) => fetchProjectNames(signal), staleTime: 60_000 });
  const devices = useQuery({
    queryKey: alarmKeys.devices(value.projectId), queryFn: ({ signal }) => fetchDeviceNames(value.projectId, signal), staleTime: 60_000,
  });
  return (
    <>
      <Select
        data-testid="alarm-filter-project" allowClear showSearch optionFilterProp="label" style={{ width: rem(200) }}
        placeholder={t('alarmPages.allProjects')} value={value.projectId} loading={projects.isLoading}
        options={(projects.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
        onChange={(projectId?: number) => onChange({ ...value, projectId, deviceId: undefined })}
      />
      <Select
        data-testid="alarm-filter-device" allowClear showSearch optionFilterProp="label" style={{ width: rem(200) }}
        placeholder={t('alarmPages.allDevices')} value={value.deviceId} loading={devices.isLoading}
        options={(devices.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
        onChange={(deviceId?: number) => onChange({ ...value, deviceId })}
      />
      <Select
        data-testid="alarm-filter-level" allowClear style={{ width: rem(140) }} placeholder={t('alarmPages.allLevels')} value={value.warnLevel}
        options={WARN_LEVELS.map((l) => ({ value: l, label: t(`alarmPages.levels.${l}`) }))}
        onChange={(warnLevel?: number) => onChange({ ...value, warnLevel })}
      />
      <Select
        data-testid="alarm-filter-condition" allowClear showSearch optionFilterProp="label" style={{ width: rem(170) }}
        placeholder={t('alarmPages.allConditions')} value={value.conditionType}
        options={CONDITION_TYPES.map((c) => ({ value: c, label: conditionLabel(c, i18n.language) }))}
        onChange={(conditionType?: number) => onChange({ ...value, conditionType })}
      />
    </>
  );
}
