import { UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Input, Popconfirm, Select, Tooltip, Typography, type TableColumnsType } from 'antd';
import { Table } from '../kit/CardTable';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NameItem } from '../../../../contract/envelope';
import { Right } from '../../../../contract/rights';
import type { FirmwareRecord } from '../../../../contract/upgrades';
import { errorText } from '../../../shared/errorText';
import { useHasRight } from '../../../shared/user';
import { formatDateTime } from '../kit/cellValue';
import { deleteFirmware, fetchFirmware, upgradeKeys } from './upgradeApi';
import { UploadFirmwareModal } from './UploadFirmwareModal';
import { formatBytes } from './upgradeView';

const PAGE_SIZES = [10, 20, 50];

/** 固件管理: the uploaded firmware (product, version, file, size, MD5, tasks using it), 上传固件 and 删除 with upgrade-edit. */
export function FirmwareList({ models }: { models: readonly NameItem[] }) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = useHasRight(Right.UpgradeEdit);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(20);
  const [modelId, setModelId] = useState<number>();
  const [keyword, setKeyword] = useState('');
  const [uploading, setUploading] = useState(false);
  const list = useQuery({
    queryKey: upgradeKeys.firmware(page, size, modelId, keyword),
    queryFn: ({ signal }) => fetchFirmware({ page, size, modelId, keyword }, signal),
    placeholderData: (previous) => previous,
  });

  const columns = useMemo<TableColumnsType<FirmwareRecord>>(() => {
    const remove = async (f: FirmwareRecord) => {
      try {
        await deleteFirmware(f.id);
        message.success(t('upgrades.deleted'));
        await queryClient.invalidateQueries({ queryKey: upgradeKeys.all });
      } catch (err) {
        message.error(t('upgrades.deleteFailed', { error: errorText(err) }));
      }
    };
    return [
      { key: 'model', title: t('upgrades.product'), dataIndex: 'deviceModelName', width: 220, ellipsis: true },
      { key: 'ver', title: t('upgrades.fileVer'), dataIndex: 'fileVer', width: 110 },
      { key: 'file', title: t('upgrades.fileName'), dataIndex: 'fileName', ellipsis: true },
      { key: 'size', title: t('upgrades.size'), width: 90, align: 'right', render: (_, f) => formatBytes(f.size) },
      { key: 'md5', title: t('upgrades.md5'), width: 330, render: (_, f) => <Typography.Text code copyable={{ text: f.md5 }} data-md5={f.md5}>{f.md5}</Typography.Text> },
      { key: 'tasks', title: t('upgrades.taskCount'), dataIndex: 'taskCount', width: 80, align: 'right' },
      {
        key: 'by', title: t('upgrades.uploadedBy'), width: 170,
        render: (_, f) => <Flex vertical><span>{f.createdByName || '—'}</span><Typography.Text type="secondary" style={{ fontSize: '0.8125rem' }}>{formatDateTime(f.createdAt)}</Typography.Text></Flex>,
      },
      { key: 'remark', title: t('upgrades.remark'), dataIndex: 'remark', width: 160, ellipsis: true },
      ...(canEdit ? [{
        key: 'actions', title: t('upgrades.actions'), width: 90,
        render: (_: unknown, f: FirmwareRecord) => (f.taskCount
          ? <Tooltip title={t('upgrades.firmwareInUse')}><Button size="small" type="link" danger disabled>{t('upgrades.deleteFirmware')}</Button></Tooltip>
          : (
            <Popconfirm title={t('upgrades.deleteFirmwareConfirm', { name: f.fileName, ver: f.fileVer })} okText={t('upgrades.deleteFirmware')} cancelText={t('upgrades.cancel')} onConfirm={() => remove(f)}>
              <Button size="small" type="link" danger data-firmware-delete={f.id}>{t('upgrades.deleteFirmware')}</Button>
            </Popconfirm>
          )),
      }] : []),
    ];
  }, [t, canEdit, message, queryClient]);

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap="0.75rem" style={{ marginBottom: '1rem' }}>
        <Flex gap="0.75rem">
          <Select
            aria-label={t('upgrades.product')}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: '18rem' }}
            placeholder={t('upgrades.allProducts')}
            value={modelId}
            options={models.map((m) => ({ value: m.id, label: m.name }))}
            onChange={(id?: number) => { setModelId(id); setPage(1); }}
          />
          <Input.Search allowClear style={{ width: '18rem' }} placeholder={t('upgrades.keyword')} aria-label={t('upgrades.keyword')} onSearch={(v) => { setKeyword(v.trim()); setPage(1); }} />
        </Flex>
        <Flex gap="0.5rem">
          <Button onClick={() => list.refetch()} loading={list.isFetching}>{t('upgrades.refresh')}</Button>
          {canEdit && <Button type="primary" icon={<UploadOutlined aria-hidden />} onClick={() => setUploading(true)}>{t('upgrades.upload')}</Button>}
        </Flex>
      </Flex>
      {list.error && <Alert type="error" showIcon style={{ marginBottom: '1rem' }} title={t('upgrades.loadFailed', { error: errorText(list.error) })} />}
      <Table<FirmwareRecord>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isPending}
        locale={{ emptyText: t('upgrades.noFirmware') }}
        pagination={{
          current: page, pageSize: size, total: list.data?.count ?? 0, pageSizeOptions: PAGE_SIZES, showSizeChanger: true,
          onChange: (p, s) => { setPage(s === size ? p : 1); setSize(s); },
        }}
      />
      {uploading && <UploadFirmwareModal models={models} onClose={() => setUploading(false)} />}
    </>
  );
}
