import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Flex, Form, Modal, Select, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NameItem } from '../../../../../contract/envelope';
import type { ProductSyncDetail } from '../../../../../contract/product-sync';
import { errorText } from '../../../../shared/errorText';
import { fetchSyncPreview, startSync, syncKeys } from './syncApi';

interface Props {
  models: readonly NameItem[];
  /** The product chosen when it opens (the list's filter), if any. */
  initialModelId?: number;
  onClose(): void;
  onStarted(sync: ProductSyncDetail): void;
}

/**
 * 同步: choose a product, read what a sync would send now (how many devices, through how many
 * gateways, how many without one), then start it.
 */
export function StartSyncModal({ models, initialModelId, onClose, onStarted }: Props) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [modelId, setModelId] = useState<number | undefined>(initialModelId);
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState<string>();
  const preview = useQuery({
    queryKey: syncKeys.preview(modelId ?? 0),
    queryFn: ({ signal }) => fetchSyncPreview(modelId!, signal),
    enabled: modelId !== undefined,
    // What a sync reaches changes with devices and gateways: counted afresh each time.
    staleTime: 0,
    gcTime: 0,
  });
  const p = preview.data;

  const start = async () => {
    if (modelId === undefined) {
      setFailure(t('productSync.productRequired'));
      return;
    }
    setStarting(true);
    setFailure(undefined);
    try {
      const sync = await startSync(modelId);
      await queryClient.invalidateQueries({ queryKey: syncKeys.all });
      message.success(t('productSync.started', { name: sync.deviceModelName, devices: sync.counts.total }));
      onStarted(sync);
    } catch (err) {
      // Stays open with the product chosen: nothing is lost.
      setFailure(t('productSync.startFailed', { error: errorText(err) }));
    } finally {
      setStarting(false);
    }
  };

  return (
    <Modal
      open
      title={t('productSync.startTitle')}
      okText={t('productSync.confirm')}
      cancelText={t('productSync.cancel')}
      onOk={start}
      onCancel={onClose}
      confirmLoading={starting}
      okButtonProps={{ disabled: modelId === undefined || !p || p.devices === 0 }}
      destroyOnHidden
    >
      <Form layout="vertical" component="div">
        <Form.Item label={t('productSync.product')} htmlFor="sync-product" required>
          <Select
            id="sync-product"
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('productSync.productPlaceholder')}
            value={modelId}
            options={models.map((m) => ({ value: m.id, label: m.name }))}
            onChange={(id: number) => { setModelId(id); setFailure(undefined); }}
          />
        </Form.Item>
      </Form>
      {modelId !== undefined && preview.isPending && <Flex gap="0.5rem" align="center"><Spin size="small" />{t('productSync.previewLoading')}</Flex>}
      {preview.error && <Alert type="error" showIcon title={t('productSync.loadFailed', { error: errorText(preview.error) })} />}
      {p && p.devices === 0 && <Alert type="warning" showIcon title={t('productSync.previewNone')} />}
      {p && p.devices > 0 && (
        <Alert
          type={p.withoutGateway ? 'warning' : 'info'}
          showIcon
          data-sync-preview
          title={t('productSync.previewText', { name: p.deviceModelName, measures: p.measureCount, devices: p.devices, gateways: p.gateways })}
          description={p.withoutGateway ? t('productSync.previewNoGateway', { count: p.withoutGateway }) : undefined}
        />
      )}
      {failure && <Alert type="error" showIcon style={{ marginTop: '0.75rem' }} title={failure} />}
    </Modal>
  );
}
