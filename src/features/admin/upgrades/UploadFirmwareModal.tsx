import { InboxOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal, Progress, Select, Typography, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NameItem } from '../../../../contract/envelope';
import { FIRMWARE_MAX_BYTES, FIRMWARE_VERSION_PATTERN, type FirmwareRecord } from '../../../../contract/upgrades';
import { errorText } from '../../../shared/errorText';
import { uploadFirmware, upgradeKeys } from './upgradeApi';
import { formatBytes } from './upgradeView';

const MB = FIRMWARE_MAX_BYTES / 1024 / 1024;

interface Values { deviceModelId?: number; fileVer?: string; remark?: string }

/**
 * 上传固件: the product it is for, its version and the file (at most FIRMWARE_MAX_BYTES, checked
 * before sending); the upload shows its progress and, once stored, the MD5 the server computed.
 * Closing the dialog aborts an upload in flight.
 */
export function UploadFirmwareModal({ models, onClose }: { models: readonly NameItem[]; onClose(): void }) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [file, setFile] = useState<File>();
  const [fileError, setFileError] = useState<string>();
  const [percent, setPercent] = useState<number>();
  const [done, setDone] = useState<FirmwareRecord>();
  const [failure, setFailure] = useState<string>();
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const pick = (f: File) => {
    setDone(undefined);
    setFailure(undefined);
    if (f.size > FIRMWARE_MAX_BYTES) {
      setFile(undefined);
      setFileError(t('upgrades.fileTooLarge', { mb: MB }));
    } else {
      setFile(f);
      setFileError(undefined);
    }
    return false;
  };

  const submit = async () => {
    if (done) return onClose();
    const values = await form.validateFields().catch(() => null);
    if (!file) setFileError(t('upgrades.fileRequired'));
    if (!values || !file) return;
    setFailure(undefined);
    setPercent(0);
    abort.current = new AbortController();
    try {
      const record = await uploadFirmware(
        { deviceModelId: values.deviceModelId!, fileVer: values.fileVer!.trim(), remark: (values.remark ?? '').trim(), file }, setPercent, abort.current.signal,
      );
      setDone(record);
      await queryClient.invalidateQueries({ queryKey: upgradeKeys.all });
      message.success(t('upgrades.uploaded', { name: record.fileName, md5: record.md5 }));
    } catch (err) {
      if ((err as Error).name !== 'AbortError') setFailure(t('upgrades.uploadFailed', { error: errorText(err) }));
      setPercent(undefined);
    }
  };

  const uploading = percent !== undefined && !done && !failure;
  return (
    <Modal
      open
      title={t('upgrades.uploadTitle')}
      okText={done ? t('upgrades.done') : t('upgrades.upload')}
      cancelText={t('upgrades.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={uploading}
      destroyOnHidden
      data-firmware-upload
    >
      <Form form={form} layout="vertical" disabled={uploading || !!done} requiredMark>
        <Form.Item name="deviceModelId" label={t('upgrades.product')} rules={[{ required: true, message: t('upgrades.productRequired') }]}>
          <Select showSearch={{ optionFilterProp: 'label' }} placeholder={t('upgrades.product')} options={models.map((m) => ({ value: m.id, label: m.name }))} />
        </Form.Item>
        <Form.Item
          name="fileVer"
          label={t('upgrades.fileVer')}
          rules={[
            { required: true, whitespace: true, message: t('upgrades.fileVerRequired') },
            { pattern: FIRMWARE_VERSION_PATTERN, message: t('upgrades.fileVerPattern') },
          ]}
        >
          <Input placeholder={t('upgrades.fileVerPlaceholder')} maxLength={40} />
        </Form.Item>
        <Form.Item label={t('upgrades.file')} required validateStatus={fileError ? 'error' : undefined} help={fileError ?? t('upgrades.fileHint', { mb: MB })}>
          <Upload.Dragger beforeUpload={pick} showUploadList={false} multiple={false} data-firmware-file>
            <p className="ant-upload-drag-icon"><InboxOutlined aria-hidden /></p>
            <p className="ant-upload-text">{file ? `${file.name} · ${formatBytes(file.size)}` : t('upgrades.chooseFile')}</p>
          </Upload.Dragger>
        </Form.Item>
        <Form.Item name="remark" label={t('upgrades.remark')}>
          <Input maxLength={200} />
        </Form.Item>
      </Form>
      {percent !== undefined && (
        <Progress percent={done ? 100 : percent} status={done ? 'success' : 'active'} aria-label={t('upgrades.uploading', { percent })} data-upload-progress />
      )}
      {done && (
        <Alert
          type="success"
          showIcon
          data-upload-md5={done.md5}
          title={t('upgrades.uploadedTitle', { name: done.fileName, ver: done.fileVer })}
          description={<span>{t('upgrades.md5')}: <Typography.Text code copyable>{done.md5}</Typography.Text> · {formatBytes(done.size)}</span>}
        />
      )}
      {failure && <Alert type="error" showIcon title={failure} />}
    </Modal>
  );
}
