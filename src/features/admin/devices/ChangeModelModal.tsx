import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Descriptions, Modal, Select, Space, Tag, Typography } from 'antd';
import { Table } from '../kit/CardTable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChangeModelPlan, PointRef } from '../../../../contract/device-admin';
import { ApiRequestError } from '../../../shared/http';
import { errorText } from '../../../shared/errorText';
import { fetchNames, type ResourceRow } from '../kit/resourceApi';
import { changeModel, previewModelChange } from './deviceApi';

interface Props {
  device: ResourceRow;
  onClose(): void;
}

type Pair = ChangeModelPlan['mapped'][number];
const pointName = (p: PointRef) => (p.unit ? `${p.name}（${p.unit}）` : p.name);

/**
 * 更换型号: pick the new model, see which points map (by tag, then by name) and which have no
 * counterpart — what the change will drop — and confirm. The confirmation names the unmapped
 * points the user saw; if the tables changed meanwhile, the server refuses (409) and the preview
 * is read again.
 */
export function ChangeModelModal({ device, onClose }: Props) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [modelId, setModelId] = useState<number>();
  const [saving, setSaving] = useState(false);
  const models = useQuery({
    queryKey: ['resource', 't_device_model', 'names'],
    queryFn: ({ signal }) => fetchNames('t_device_model', signal),
    staleTime: 60_000,
  });
  const preview = useQuery({
    queryKey: ['resource', 't_device', 'change-model', device.id, modelId],
    queryFn: ({ signal }) => previewModelChange(device.id, modelId!, signal),
    enabled: modelId !== undefined,
    retry: false,
  });
  const plan = preview.data;

  const confirm = async () => {
    if (!plan) return;
    setSaving(true);
    try {
      const done = await changeModel({ id: device.id, version: device.version, deviceModelId: plan.to.id, unmappedIds: plan.unmapped.map((p) => p.id) });
      message.success(t('devices.changed', { name: done.to.name }));
      await queryClient.invalidateQueries({ queryKey: ['resource', 't_device'] });
      onClose();
    } catch (err) {
      if (err instanceof ApiRequestError && err.status === 409 && /测点对应关系/.test(err.message)) {
        message.warning(t('devices.planChanged'));
        await preview.refetch();
      } else if (err instanceof ApiRequestError && err.status === 409) {
        message.error(t('kit.staleText'));
        await queryClient.invalidateQueries({ queryKey: ['resource', 't_device'] });
        onClose();
      } else {
        message.error(t('devices.saveFailed', { error: errorText(err) }));
      }
    } finally {
      setSaving(false);
    }
  };

  const pairColumns = [
    { key: 'from', title: t('devices.fromPoint'), render: (_: unknown, p: Pair) => pointName(p.from) },
    { key: 'to', title: t('devices.toPoint'), render: (_: unknown, p: Pair) => pointName(p.to) },
    { key: 'by', title: t('devices.by'), width: 100, render: (_: unknown, p: Pair) => <Tag>{t(p.by === 'tag' ? 'devices.byTag' : 'devices.byName')}</Tag> },
  ];

  return (
    <Modal
      open
      title={t('devices.changeModelTitle', { name: String(device.name) })}
      width={760}
      okText={t('devices.confirmChange')}
      cancelText={t('devices.cancel')}
      okButtonProps={{ disabled: !plan || preview.isFetching, danger: !!plan?.unmapped.length }}
      confirmLoading={saving}
      onOk={() => void confirm()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }} size="middle" data-testid="change-model">
        <Descriptions size="small" column={1} items={[{ key: 'current', label: t('devices.currentModel'), children: String(device.deviceModelName) }]} />
        <Select
          aria-label={t('devices.newModel')}
          style={{ width: '100%' }}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('devices.pickModel')}
          loading={models.isLoading}
          value={modelId}
          onChange={setModelId}
          options={(models.data ?? []).filter((m) => m.id !== device.deviceModelId).map((m) => ({ value: m.id, label: m.name }))}
        />
        {preview.isError && <Alert type="error" showIcon title={t('devices.loadFailed', { error: errorText(preview.error) })} />}
        {plan && (
          <>
            {plan.unmapped.length ? (
              <Alert
                type="warning"
                showIcon
                data-testid="unmapped-points"
                title={t('devices.unmapped', { count: plan.unmapped.length })}
                description={(
                  <>
                    <Typography.Paragraph style={{ marginBottom: '0.5rem' }}>{t('devices.unmappedHint')}</Typography.Paragraph>
                    <Space size={[4, 4]} wrap>{plan.unmapped.map((p) => <Tag key={p.id} color="warning">{pointName(p)}</Tag>)}</Space>
                  </>
                )}
              />
            ) : <Alert type="success" showIcon title={t('devices.allMapped')} />}
            {plan.overridesDropped.length > 0 && (
              <Alert type="info" showIcon title={t('devices.overridesDropped', { names: plan.overridesDropped.map((p) => p.name).join('、') })} />
            )}
            <Typography.Text strong>{t('devices.mapped', { count: plan.mapped.length })}</Typography.Text>
            <Table<Pair> size="small" rowKey={(p) => p.from.id} columns={pairColumns} dataSource={plan.mapped} pagination={false} scroll={{ y: 240 }} />
            {plan.added.length > 0 && (
              <div>
                <Typography.Text strong>{t('devices.added', { count: plan.added.length })}</Typography.Text>
                <div style={{ marginTop: '0.5rem' }}><Space size={[4, 4]} wrap>{plan.added.map((p) => <Tag key={p.id}>{pointName(p)}</Tag>)}</Space></div>
              </div>
            )}
          </>
        )}
      </Space>
    </Modal>
  );
}
