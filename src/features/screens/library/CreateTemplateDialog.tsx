import { Form, Input, InputNumber, Modal, Radio, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import type { ScreenTemplateStarter } from '../../../../contract/screen-template-library';
import { useTranslation } from 'react-i18next';
import { blankTemplate, SIZE_PRESETS } from './blankTemplate';
import { copyTemplate, createTemplate, listStarters, renameTemplate, type LibraryTemplate } from './libraryApi';
import { errorText } from '../../../shared/errorText';

interface Values {
  name: string;
  size: string;
  width?: number;
  height?: number;
  start: 'blank' | 'starter' | 'copy';
  from?: number;
  starter?: string;
}

/** 新建模板: a name and a start — a blank canvas of a size, a built-in starter, or a copy of a template; resolves with the new id. */
export function CreateTemplateDialog({ templates, onClose, onCreated }: { templates: LibraryTemplate[]; onClose(): void; onCreated(id: number): void }) {
  const { t } = useTranslation('screenEditor');
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = Form.useWatch('start', form);
  const size = Form.useWatch('size', form);
  const { i18n } = useTranslation();
  const [starters, setStarters] = useState<ScreenTemplateStarter[]>([]);
  useEffect(() => {
    const abort = new AbortController();
    listStarters(abort.signal).then(setStarters, () => undefined);
    return () => abort.abort();
  }, []);

  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    setError(null);
    try {
      const starter = v.start === 'starter' ? starters.find((x) => x.key === v.starter) : undefined;
      if (starter) {
        onCreated((await createTemplate(v.name, starter.content)).id);
      } else if (v.start === 'copy' && v.from !== undefined) {
        const copy = await copyTemplate(v.from);
        const named = await renameTemplate(copy.id, v.name, copy.version);
        onCreated(named.id);
      } else {
        const preset = SIZE_PRESETS.find((p) => p.label === v.size);
        const width = preset?.width ?? v.width ?? 1920;
        const height = preset?.height ?? v.height ?? 1080;
        onCreated((await createTemplate(v.name, blankTemplate(width, height))).id);
      }
    } catch (err) {
      setError(t('lib.failed', { error: errorText(err) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open title={t('lib.create')} okText={t('lib.createOk')} cancelText={t('lib.cancel')} confirmLoading={busy} onOk={() => void submit()} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ size: SIZE_PRESETS[0].label, start: 'blank', width: 1920, height: 1080 }} onFinish={() => void submit()}>
        <Form.Item name="name" label={t('lib.name')} rules={[{ required: true, whitespace: true, message: t('lib.nameRequired') }, { max: 64 }]}>
          <Input autoFocus maxLength={64} />
        </Form.Item>
        <Form.Item name="start" label={t('lib.start')}>
          <Radio.Group options={[{ value: 'blank', label: t('lib.blank') }, { value: 'starter', label: t('lib.starter') }, { value: 'copy', label: t('lib.copyOf') }]} />
        </Form.Item>
        {start === 'starter' && (
          <Form.Item name="starter" label={t('lib.starterPick')} rules={[{ required: true, message: t('lib.starterPick') }]}>
            <Select options={starters.map((x) => ({ value: x.key, label: `${x.name[i18n.language === 'en' ? 'en' : 'zh']} (${x.width}×${x.height} · ${t('lib.widgets', { count: x.widgetCount })})` }))} />
          </Form.Item>
        )}
        {start === 'starter' ? null : start === 'copy' ? (
          <Form.Item name="from" label={t('lib.copyOf')} rules={[{ required: true, message: t('lib.copyOf') }]}>
            <Select showSearch={{ optionFilterProp: 'label' }} options={templates.map((x) => ({ value: x.id, label: x.width !== null ? `${x.name} (${x.width}×${x.height})` : x.name }))} />
          </Form.Item>
        ) : (
          <>
            <Form.Item name="size" label={t('lib.size')}>
              <Radio.Group options={[...SIZE_PRESETS.map((p) => ({ value: p.label, label: p.label })), { value: 'custom', label: t('lib.custom') }]} />
            </Form.Item>
            {size === 'custom' && (
              <Space>
                <Form.Item name="width" label={t('lib.width')} rules={[{ required: true }]}><InputNumber min={320} max={16384} /></Form.Item>
                <Form.Item name="height" label={t('lib.height')} rules={[{ required: true }]}><InputNumber min={240} max={16384} /></Form.Item>
              </Space>
            )}
          </>
        )}
        {error && <div role="alert" style={{ color: '#ff7875' }}>{error}</div>}
      </Form>
    </Modal>
  );
}
