import { DownOutlined, DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Dropdown, Space, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { deviceResource } from '../../../../contract/resources/device';
import type { ResourceDefinition } from '../../../../contract/resources/kit';
import { Right } from '../../../../contract/rights';
import { errorText } from '../../../shared/errorText';
import { useHasRight } from '../../../shared/user';
import { PageHeading, PagePanel } from '../../../shared/ui/PagePanel';
import { ResourceList } from '../kit/ResourceList';
import type { ResourceRow } from '../kit/resourceApi';
import { useResourceRights } from '../kit/useResourceRights';
import { writeXlsx } from '../kit/writeXlsx';
import { PanelBody } from '../ResourceListPage';
import { AlarmSettingsDrawer } from './AlarmSettingsDrawer';
import { ChangeModelModal } from './ChangeModelModal';
import { CopyDeviceModal } from './CopyDeviceModal';
import { DEVICE_FIELD_INPUTS } from './DeviceFieldInputs';
import { fetchDeviceCount } from './deviceApi';
import { registerDeviceStrings } from './deviceStrings';
import { ImportDevicesModal } from './ImportDevicesModal';
import { templateSheet } from './importSheet';
import { SetProjectModal } from './SetProjectModal';
import { RemoteControlDrawer } from './remote/RemoteControlDrawer';
import { registerRemoteStrings } from './remote/remoteStrings';

registerDeviceStrings();
registerRemoteStrings();

const def = deviceResource as unknown as ResourceDefinition;
const IOT = { iot: '1' } as const;

const Counts = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  margin-bottom: 1rem;
`;

type Dialog =
  | { kind: 'copy' | 'changeModel' | 'alarms' | 'setProject' | 'remote'; row: ResourceRow }
  | { kind: 'import' };

/**
 * 设备列表 (/nv_iot/nv_iot_device_list) and 物联网设备 (/nv_iot/nv_iot_device: the DTUs, relays and
 * RoLa gateways, device types 1, 3, 4): the kit's list of devices — filters by project, model,
 * state and keyword, states as tags, the form with the IoT id / ICCID checked while typing and the
 * gateway chosen among the project's — with the counts by state, copy, set project, change model
 * (the unmapped points shown before confirming), per-device alarm settings, and the .xlsx import
 * with its row-by-row report beside the kit's export.
 */
export function DeviceListPage({ title, iot }: { title: string; iot: boolean }) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const { canEdit } = useResourceRights(def);
  const canControl = useHasRight(Right.DeviceControl);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const fixed = iot ? IOT : undefined;
  const counts = useQuery({
    queryKey: ['resource', 't_device', 'cnt', iot],
    queryFn: ({ signal }) => fetchDeviceCount(iot ? { iot: '1' } : {}, signal),
  });

  const rowActions = useMemo(() => (row: ResourceRow) => (
    <>
      <Button type="link" size="small" onClick={() => setDialog({ kind: 'alarms', row })}>{t('devices.alarmSettings')}</Button>
      {canControl && <Button type="link" size="small" onClick={() => setDialog({ kind: 'remote', row })}>{t('remote.action')}</Button>}
      {canEdit && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'copy', label: t('devices.copy') },
              { key: 'setProject', label: t('devices.setProject') },
              { key: 'changeModel', label: t('devices.changeModel') },
            ],
            onClick: ({ key }) => setDialog({ kind: key as 'copy' | 'setProject' | 'changeModel', row }),
          }}
        >
          <Button type="link" size="small">{t('devices.more')} <DownOutlined aria-hidden /></Button>
        </Dropdown>
      )}
    </>
  ), [canEdit, canControl, t]);

  const downloadTemplate = async () => {
    try {
      await writeXlsx(t('devices.templateSheet'), templateSheet((f) => t(`devices.columns.${f}`)), `${t('devices.templateSheet')}.xlsx`);
    } catch (err) {
      message.error(errorText(err));
    }
  };

  const c = counts.data;
  return (
    <PagePanel data-devices={iot ? 'iot' : 'all'}>
      <PageHeading>{title}</PageHeading>
      <PanelBody>
        <Counts aria-live="polite" data-testid="device-counts">
          <Tag>{t('devices.total')} {c?.total ?? '–'}</Tag>
          <Tag color="success">{t('devices.online')} {c?.online ?? '–'}</Tag>
          <Tag color="error">{t('devices.alarm')} {c?.alarm ?? '–'}</Tag>
          <Tag>{t('devices.offline')} {c?.offline ?? '–'}</Tag>
        </Counts>
        <ResourceList
          key={iot ? 'iot' : 'all'}
          def={def}
          fixed={fixed}
          fieldInputs={DEVICE_FIELD_INPUTS}
          rowActions={rowActions}
          toolbar={canEdit && (
            <Space size="small">
              <Button icon={<UploadOutlined aria-hidden />} onClick={() => setDialog({ kind: 'import' })}>{t('devices.import')}</Button>
              <Button icon={<DownloadOutlined aria-hidden />} onClick={() => void downloadTemplate()}>{t('devices.template')}</Button>
            </Space>
          )}
        />
      </PanelBody>
      {dialog?.kind === 'copy' && <CopyDeviceModal device={dialog.row} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'setProject' && <SetProjectModal devices={[dialog.row]} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'changeModel' && <ChangeModelModal device={dialog.row} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'alarms' && <AlarmSettingsDrawer device={dialog.row} canEdit={canEdit} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'import' && <ImportDevicesModal onClose={() => setDialog(null)} />}
      {dialog?.kind === 'remote' && <RemoteControlDrawer device={dialog.row} onClose={() => setDialog(null)} />}
    </PagePanel>
  );
}
