import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/errorText';
import { fieldErrorOf } from '../kit/formErrors';
import { fetchNames, type ResourceRow } from '../kit/resourceApi';
import { fetchProjectGateways, setDevicesProject } from './deviceApi';

/** The gateway choice that keeps each device's gateway where it belongs to the project. */
const KEEP = 'keep';
const NONE = 'none';
type Values = { projectId?: number; gateway: number | typeof KEEP | typeof NONE };

/** 设置项目: moves devices to a project of the user's scope, with a gateway of it, theirs kept, or none. */
export function SetProjectModal({ devices, onClose }: { devices: readonly ResourceRow[]; onClose(): void }) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const projectId = Form.useWatch('projectId', form);
  const projects = useQuery({ queryKey: ['resource', 't_project', 'names'], queryFn: ({ signal }) => fetchNames('t_project', signal), staleTime: 60_000 });
  const gateways = useQuery({
    queryKey: ['resource', 't_device', 'gateways', projectId],
    queryFn: ({ signal }) => fetchProjectGateways(projectId!, signal),
    enabled: typeof projectId === 'number',
  });

  const submit = async (values: Values) => {
    setSaving(true);
    try {
      const gatewayId = values.gateway === KEEP ? undefined : values.gateway === NONE ? null : values.gateway;
      const { updated } = await setDevicesProject({ ids: devices.map((d) => d.id), projectId: values.projectId!, gatewayId });
      await queryClient.invalidateQueries({ queryKey: ['resource', 't_device'] });
      message.success(t('devices.moved', { count: updated }));
      onClose();
    } catch (err) {
      const onField = fieldErrorOf(err, ['projectId', 'gatewayId']);
      if (onField) form.setFields([{ name: onField.field === 'gatewayId' ? 'gateway' : 'projectId', errors: [onField.message] }]);
      else message.error(t('devices.saveFailed', { error: errorText(err) }));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open title={t('devices.setProjectTitle', { count: devices.length })} okText={t('devices.ok')} cancelText={t('devices.cancel')}
      confirmLoading={saving} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" name="set-project" initialValues={{ gateway: KEEP, projectId: devices.length === 1 ? devices[0].projectId ?? undefined : undefined }}
        onFinish={(v) => void submit(v)} onValuesChange={(changed) => { if ('projectId' in changed) form.setFieldValue('gateway', KEEP); }}>
        <Form.Item name="projectId" label={t('devices.project')} rules={[{ required: true, message: t('devices.required') }]}>
          <Select showSearch={{ optionFilterProp: 'label' }} loading={projects.isLoading} options={(projects.data ?? []).map((p) => ({ value: p.id, label: p.name }))} />
        </Form.Item>
        <Form.Item name="gateway" label={t('devices.gateway')}>
          <Select
            disabled={typeof projectId !== 'number'}
            loading={gateways.isFetching}
            options={[
              { value: KEEP, label: t('devices.keepGateway') },
              { value: NONE, label: t('devices.noGatewayOption') },
              ...(gateways.data ?? []).map((g) => ({ value: g.id, label: g.name })),
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
