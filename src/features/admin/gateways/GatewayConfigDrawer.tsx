import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Drawer, Flex, Tag, Typography, type TableColumnsType } from 'antd';
import { Table } from '../kit/CardTable';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMAND_STATE_LABELS } from '../../../../contract/gateway-commands';
import type { GatewayListItem, RegisterPreview } from '../../../../contract/gateways';
import { errorText } from '../../../shared/errorText';
import { formatDateTime } from '../kit/cellValue';
import { fetchConfigPreview, remoteKeys } from '../devices/remote/remoteApi';
import { registerRemoteStrings } from '../devices/remote/remoteStrings';
import { STATE_COLORS } from './gatewayView';

registerRemoteStrings();

interface Row extends RegisterPreview { key: string; deviceName: string; deviceCode: string; first: boolean; span: number }

const MODBUS = { 1: '01', 2: '02', 3: '03', 4: '04' } as Record<number, string>;
const ACCESS = { zh: ['只读', '只写', '读写'], en: ['R', 'W', 'RW'] };

/**
 * 配置预览: the register map the gateway will poll (GET /api/t_gateway/config/preview/{id}), one
 * row per register — device, point, function code, register address, data type, scale, access —
 * with the register count, the digest a config push of it would carry, and the last push's state.
 */
export function GatewayConfigDrawer({ gateway, onClose }: { gateway: GatewayListItem; onClose: () => void }) {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const preview = useQuery({
    queryKey: remoteKeys.preview(gateway.id),
    queryFn: ({ signal }) => fetchConfigPreview(gateway.id, signal),
  });
  const p = preview.data;
  const rows = useMemo<Row[]>(() => (p?.devices ?? []).flatMap((d) => d.registers.map((r, i) => ({
    ...r, key: `${d.deviceId}:${r.measureId}`, deviceName: d.deviceName, deviceCode: d.deviceCode, first: i === 0, span: d.registers.length,
  }))), [p]);

  const columns: TableColumnsType<Row> = [
    {
      key: 'device', title: t('gateways.device'), width: 200,
      onCell: (r) => ({ rowSpan: r.first ? r.span : 0 }),
      render: (_, r) => <Flex vertical><span>{r.deviceName}</span><Typography.Text type="secondary" style={{ fontSize: '0.75rem' }}>{r.deviceCode}</Typography.Text></Flex>,
    },
    { key: 'point', title: t('gateways.point'), dataIndex: 'name', ellipsis: true, render: (name: string, r) => (r.unit ? `${name} (${r.unit})` : name) },
    { key: 'code', title: t('gateways.functionCode'), dataIndex: 'modbusCode', width: 90, render: (c: number) => MODBUS[c] ?? c },
    { key: 'addr', title: t('gateways.address'), dataIndex: 'registerAddr', width: 110 },
    { key: 'type', title: t('gateways.dataType'), dataIndex: 'dataType', width: 110 },
    { key: 'scale', title: t('gateways.scale'), dataIndex: 'scale', width: 80 },
    {
      key: 'access', title: t('gateways.access'), dataIndex: 'access', width: 80,
      render: (a: number) => <Tag color={a === 0 ? 'default' : 'blue'}>{ACCESS[lang][a] ?? a}</Tag>,
    },
  ];

  const last = p?.lastConfig;
  return (
    <Drawer open size="64rem" title={t('gateways.previewTitle', { name: gateway.name })} onClose={onClose} destroyOnHidden>
      {preview.isError ? <Alert type="error" showIcon message={errorText(preview.error)} /> : (
        <Flex vertical gap="middle" data-testid="gateway-config-preview">
          <Descriptions size="small" column={4} items={[
            { key: 'code', label: t('gateways.code'), children: gateway.code },
            { key: 'devices', label: t('gateways.deviceCount'), children: p?.devices.length ?? '–' },
            { key: 'registers', label: t('gateways.registerCount'), children: <span data-testid="register-count">{p?.registerCount ?? '–'}</span> },
            {
              key: 'last', label: t('gateways.lastConfig'),
              children: last ? <Flex gap={6} align="center"><Tag color={STATE_COLORS[last.state]}>{COMMAND_STATE_LABELS[last.state][lang]}</Tag>{formatDateTime(last.createdAt)}</Flex> : t('gateways.none'),
            },
            { key: 'digest', label: t('gateways.digest'), span: 4, children: <Typography.Text code copyable={p ? { text: p.digest } : false}>{p ? p.digest.slice(0, 16) : '–'}</Typography.Text> },
          ]} />
          <Typography.Text type="secondary">{t('gateways.previewHint')}</Typography.Text>
          <Table<Row>
            size="small"
            bordered
            loading={preview.isLoading}
            columns={columns}
            dataSource={rows}
            pagination={false}
            locale={{ emptyText: t('gateways.noDevices') }}
          />
        </Flex>
      )}
    </Drawer>
  );
}
