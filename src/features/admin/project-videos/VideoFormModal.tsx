import { useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, InputNumber, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { streamUrlIssue, type ProjectVideo } from '../../../../contract/project-videos';
import { errorText } from '../../../shared/errorText';
import { ApiRequestError } from '../../../shared/http';
import { showFieldError } from '../kit/formErrors';
import { saveProjectVideo } from './projectVideoApi';

interface Values {
  name: string;
  streamUrl: string;
  sortOrder: number | null;
}

const FIELDS = ['name', 'streamUrl', 'sortOrder'] as const;

/**
 * Adds a camera channel to `projectId`, or changes `video` (at the version it was read): name,
 * stream address (checked while typing by the rule the server applies, contract/project-videos.ts)
 * and order. A 400 naming a field lands on it; a 409 reloads the list and says so.
 */
export function VideoFormModal({ projectId, video, nextOrder, onClose }: {
  projectId: number;
  video: ProjectVideo | null;
  /** The order a new channel gets unless the user picks one: after the last. */
  nextOrder: number;
  onClose(): void;
}) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  const submit = async (values: Values) => {
    setSaving(true);
    try {
      const saved = await saveProjectVideo({
        ...(video ? { id: video.id, version: video.version } : {}),
        projectId, name: values.name, streamUrl: values.streamUrl, sortOrder: values.sortOrder ?? 0,
      });
      await queryClient.invalidateQueries({ queryKey: ['project-videos', projectId] });
      message.success(t('videos.saved', { name: saved.name }));
      onClose();
    } catch (err) {
      if (err instanceof ApiRequestError && err.status === 409) {
        await queryClient.invalidateQueries({ queryKey: ['project-videos', projectId] });
        message.warning(t('videos.stale'));
        onClose();
        return;
      }
      if (!showFieldError(form, err, FIELDS)) message.error(t('videos.saveFailed', { error: errorText(err) }));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={video ? t('videos.editTitle', { name: video.name }) : t('videos.addTitle')}
      okText={t('videos.save')}
      cancelText={t('videos.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width="40rem"
    >
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark
        initialValues={{ name: video?.name ?? '', streamUrl: video?.streamUrl ?? '', sortOrder: video?.sortOrder ?? nextOrder }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item
          name="name"
          label={t('videos.name')}
          rules={[
            { required: true, whitespace: true, message: t('videos.nameRequired') },
            { max: 64, message: t('videos.nameTooLong') },
          ]}
        >
          <Input placeholder={t('videos.namePlaceholder')} maxLength={64} autoFocus />
        </Form.Item>
        <Form.Item
          name="streamUrl"
          label={t('videos.streamUrl')}
          extra={t('videos.urlHelp')}
          required
          rules={[{
            validator: (_rule, value: string | undefined) => {
              const issue = streamUrlIssue(value ?? '');
              return issue ? Promise.reject(new Error(t(`videos.url.${issue}`))) : Promise.resolve();
            },
          }]}
        >
          <Input placeholder={t('videos.urlPlaceholder')} spellCheck={false} autoComplete="off" />
        </Form.Item>
        <Form.Item name="sortOrder" label={t('videos.sortOrder')}>
          <InputNumber min={0} max={9999} precision={0} style={{ width: '10rem' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
