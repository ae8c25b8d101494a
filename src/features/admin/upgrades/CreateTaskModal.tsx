import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Flex, Form, Input, Modal, Select, Tag, Typography, type TableColumnsType } from 'antd';
import { Table } from '../kit/CardTable';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NameItem } from '../../../../contract/envelope';
import { compareFirmwareVersions, type UpgradeCandidate, type UpgradeTaskDetail } from '../../../../contract/upgrades';
import { errorText } from '../../../shared/errorText';
import { fetchCandidates, fetchFirmware, saveTask, upgradeKeys } from './upgradeApi';

const TIMEOUTS_MIN = [30, 60, 120, 360];
const STATE_TAGS: Record<number, { color: string; key: string }> = {
  0: { color: 'default', key: 'offline' }, 1: { color: 'success', key: 'online' }, 2: { color: 'error', key: 'alarm' },
};

interface Props {
  models: readonly NameItem[];
  onClose(): void;
  onSubmitted(task: UpgradeTaskDetail): void;
}

/**
 * 新建升级任务: a product, one of its firmware files, then its devices the user sees (with their
 * current version, state, project and gateway; those already at or past the target marked), a
 * remark and how long the gateways have. Submitted, the task waits for an auditor.
 */
export function CreateTaskModal({ models, onClose, onSubmitted }: Props) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [modelId, setModelId] = useState<number>();
  const [fileId, setFileId] = useState<number>();
  const [chosen, setChosen] = useState<number[]>([]);
  const [filter, setFilter] = useState('');
  const [remark, setRemark] = useState('');
  const [timeoutMin, setTimeoutMin] = useState(30);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [touched, setTouched] = useState(false);

  const firmware = useQuery({
    queryKey: upgradeKeys.firmwareOf(modelId ?? 0),
    queryFn: ({ signal }) => fetchFirmware({ page: 1, size: 500, modelId }, signal),
    enabled: modelId !== undefined,
  });
  const candidates = useQuery({
    queryKey: upgradeKeys.candidates(modelId ?? 0),
    queryFn: ({ signal }) => fetchCandidates(modelId!, signal),
    enabled: modelId !== undefined,
    staleTime: 0,
  });
  const file = firmware.data?.list.find((f) => f.id === fileId);
  const rows = useMemo(() => {
    const q = filter.trim().toLowerCase();
    const all = candidates.data ?? [];
    return q ? all.filter((d) => [d.name, d.code, d.projectName ?? ''].some((s) => s.toLowerCase().includes(q))) : all;
  }, [candidates.data, filter]);

  const columns = useMemo<TableColumnsType<UpgradeCandidate>>(() => [
    { key: 'name', title: t('upgrades.device'), ellipsis: true, render: (_, d) => <Flex vertical><span>{d.name}</span><Typography.Text type="secondary" style={{ fontSize: '0.8125rem' }}>{d.code}</Typography.Text></Flex> },
    { key: 'project', title: t('upgrades.project'), ellipsis: true, render: (_, d) => d.projectName ?? '—' },
    { key: 'gateway', title: t('upgrades.gateway'), width: 150, ellipsis: true, render: (_, d) => d.gatewayName ?? <Tag color="warning">{t('upgrades.noGateway')}</Tag> },
    { key: 'state', title: t('upgrades.state'), width: 80, render: (_, d) => <Tag color={STATE_TAGS[d.state]?.color}>{t(`upgrades.${STATE_TAGS[d.state]?.key ?? 'offline'}`)}</Tag> },
    {
      key: 'ver', title: t('upgrades.currentVer'), width: 210,
      render: (_, d) => (
        <Flex gap="0.375rem" align="center">
          <span>{d.firmwareVer || '—'}</span>
          {file && d.firmwareVer && compareFirmwareVersions(d.firmwareVer, file.fileVer) >= 0 && <Tag color="blue">{t('upgrades.newer')}</Tag>}
        </Flex>
      ),
    },
  ], [t, file]);

  const submit = async () => {
    setTouched(true);
    if (modelId === undefined || fileId === undefined || !chosen.length) return;
    setBusy(true);
    setFailure(undefined);
    try {
      const task = await saveTask({ fileId, deviceIds: chosen, remark: remark.trim(), timeoutS: timeoutMin * 60 });
      await queryClient.invalidateQueries({ queryKey: upgradeKeys.all });
      message.success(t('upgrades.submitted', { id: task.id }));
      onSubmitted(task);
    } catch (err) {
      setFailure(t('upgrades.submitFailed', { error: errorText(err) }));
    } finally {
      setBusy(false);
    }
  };

  const noFirmware = modelId !== undefined && firmware.data && !firmware.data.list.length;
  return (
    <Modal
      open
      width={1000}
      title={t('upgrades.createTitle')}
      okText={t('upgrades.submit')}
      cancelText={t('upgrades.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
      data-upgrade-create
    >
      <Form layout="vertical" component="div">
        <Flex gap="1rem">
          <Form.Item label={t('upgrades.product')} htmlFor="upgrade-model" required style={{ flex: 1 }}
            validateStatus={touched && modelId === undefined ? 'error' : undefined} help={touched && modelId === undefined ? t('upgrades.productRequired') : undefined}>
            <Select
              id="upgrade-model"
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('upgrades.product')}
              value={modelId}
              options={models.map((m) => ({ value: m.id, label: m.name }))}
              onChange={(id: number) => { setModelId(id); setFileId(undefined); setChosen([]); }}
            />
          </Form.Item>
          <Form.Item label={t('upgrades.firmware')} htmlFor="upgrade-file" required style={{ flex: 1 }}
            validateStatus={touched && fileId === undefined ? 'error' : undefined} help={touched && fileId === undefined ? t('upgrades.firmwareRequired') : undefined}>
            <Select
              id="upgrade-file"
              placeholder={t('upgrades.firmwarePlaceholder')}
              disabled={modelId === undefined}
              loading={firmware.isFetching}
              value={fileId}
              options={(firmware.data?.list ?? []).map((f) => ({ value: f.id, label: `${f.fileVer} · ${f.fileName}` }))}
              onChange={(id: number) => setFileId(id)}
            />
          </Form.Item>
          <Form.Item label={t('upgrades.timeout')} htmlFor="upgrade-timeout" style={{ width: '9rem' }}>
            <Select id="upgrade-timeout" value={timeoutMin} onChange={setTimeoutMin} options={TIMEOUTS_MIN.map((m) => ({ value: m, label: t('upgrades.minutes', { count: m }) }))} />
          </Form.Item>
        </Flex>
        {noFirmware && <Alert type="warning" showIcon style={{ marginBottom: '1rem' }} title={t('upgrades.noFirmwareForModel')} />}
        <Form.Item
          label={<Flex gap="0.75rem">{t('upgrades.devices')}<Typography.Text type="secondary" data-chosen-count>{t('upgrades.devicesChosen', { count: chosen.length, total: candidates.data?.length ?? 0 })}</Typography.Text></Flex>}
          required
          validateStatus={touched && !chosen.length ? 'error' : undefined}
          help={touched && !chosen.length ? t('upgrades.devicesRequired') : undefined}
        >
          <Flex vertical gap="0.5rem">
            <Input.Search allowClear placeholder={t('upgrades.deviceFilter')} value={filter} onChange={(e) => setFilter(e.target.value)} disabled={modelId === undefined} aria-label={t('upgrades.deviceFilter')} />
            <Table<UpgradeCandidate>
              rowKey="id"
              size="small"
              columns={columns}
              dataSource={rows}
              loading={candidates.isFetching}
              scroll={{ y: 280 }}
              pagination={false}
              locale={{ emptyText: modelId === undefined ? t('upgrades.firmwarePlaceholder') : t('upgrades.devicesNone') }}
              rowSelection={{ selectedRowKeys: chosen, onChange: (keys) => setChosen(keys as number[]), preserveSelectedRowKeys: true }}
            />
          </Flex>
        </Form.Item>
        <Form.Item label={t('upgrades.remark')} htmlFor="upgrade-remark" style={{ marginBottom: failure ? '1rem' : 0 }}>
          <Input id="upgrade-remark" maxLength={200} value={remark} onChange={(e) => setRemark(e.target.value)} />
        </Form.Item>
        {failure && <Alert type="error" showIcon title={failure} />}
      </Form>
    </Modal>
  );
}
