import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { RemoteControlPanel } from './RemoteControlPanel';
import { registerRemoteStrings } from './remoteStrings';

registerRemoteStrings();

/** 设备列表's row action 远程控制: the device's remote control in a drawer. */
export function RemoteControlDrawer({ device, onClose }: { device: { id: number; name?: unknown }; onClose: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <Drawer open size="56rem" title={t('remote.title', { name: String(device.name ?? '') })} onClose={onClose} destroyOnHidden>
      <RemoteControlPanel deviceId={device.id} />
    </Drawer>
  );
}
