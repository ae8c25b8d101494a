import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Drawer, Flex, Form, Input, Modal, Segmented, Select, Typography } from 'antd';
import { Table } from '../kit/CardTable';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProjectGateway } from '../../../../contract/projects';
import { errorText } from '../../../shared/errorText';
import { addGateway, fetchGateways, fetchProjectDevices, wireDevices } from './projectApi';

interface Props {
  project: { id: number; name: string };
  canEdit: boolean;
  onClose(): void;
}

/**
 * A project's gateways (add-gateway, add-gateway-items): its gateways with their device counts, a
 * new gateway or one without a project added to it, and devices of the project wired to a gateway
 * (the gateway is then sent their register maps).
 */
export function ProjectGatewayDrawer({ project, canEdit, onClose }: Props) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(true);
  const [mode, setMode] = useState<'new' | 'free'>('new');
  const [form] = Form.useForm<{ code?: string; name?: string; gatewayId?: number }>();
  const [saving, setSaving] = useState(false);
  const [wiring, setWiring] = useState<ProjectGateway | null>(null);
  const key = ['resource', 't_project', 'gateways', project.id];
  const gateways = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchGateways(project.id, signal) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['resource', 't_project'] });

  const submit = async (values: { code?: string; name?: string; gatewayId?: number }) => {
    setSaving(true);
    try {
      const added = await addGateway(mode === 'new'
        ? { projectId: project.id, code: values.code?.trim() ?? '', name: values.name?.trim() ?? '' }
        : { projectId: project.id, gatewayId: values.gatewayId });
      message.success(t('projects.gatewayAdded', { name: added.name }));
      form.resetFields();
      await refresh();
    } catch (err) {
      const text = errorText(err);
      const field = /^body\.(code|name|gatewayId): (.*)$/.exec(text);
      if (field) form.setFields([{ name: field[1] as 'code', errors: [field[2]] }]);
      else message.error(t('projects.saveFailed', { error: text }));
    } finally {
      setSaving(false);
    }
  };

  const free = gateways.data?.free ?? [];
  return (
    <Drawer open={open} size="40rem" title={t('projects.gatewaysTitle', { name: project.name })} onClose={() => setOpen(false)} afterOpenChange={(v) => !v && onClose()}>
      <Flex vertical gap="1rem">
        {gateways.isError && <Alert type="error" showIcon title={t('projects.loadFailed', { error: gateways.error.message })} />}
        <Table<ProjectGateway>
          rowKey="id"
          size="small"
          loading={gateways.isFetching}
          dataSource={gateways.data?.gateways ?? []}
          pagination={false}
          locale={{ emptyText: t('projects.noGateways') }}
          columns={[
            { key: 'code', dataIndex: 'code', title: t('projects.gatewayCode') },
            { key: 'name', dataIndex: 'name', title: t('projects.gatewayName') },
            { key: 'deviceCount', dataIndex: 'deviceCount', title: t('projects.gatewayDevices'), width: 100 },
            ...(canEdit ? [{
              key: 'actions', title: t('projects.actions'), width: 110,
              render: (_: unknown, g: ProjectGateway) => <Button type="link" size="small" onClick={() => setWiring(g)}>{t('projects.wireDevices')}</Button>,
            }] : []),
          ]}
        />
        {canEdit && (
          <>
            <Typography.Title level={5} style={{ margin: 0 }}>{t('projects.addGateway')}</Typography.Title>
            <Segmented
              value={mode}
              onChange={(v) => { setMode(v as 'new' | 'free'); form.resetFields(); }}
              options={[{ value: 'new', label: t('projects.newGateway') }, { value: 'free', label: t('projects.existingGateway') }]}
            />
            <Form form={form} layout="vertical" name="project-gateway" onFinish={(v) => void submit(v)}>
              {mode === 'new' ? (
                <>
                  <Form.Item name="code" label={t('projects.gatewayCode')} rules={[{ required: true, message: t('projects.required') }]}><Input /></Form.Item>
                  <Form.Item name="name" label={t('projects.gatewayName')} rules={[{ required: true, message: t('projects.required') }]} extra={t('projects.keyHint')}>
                    <Input />
                  </Form.Item>
                </>
              ) : (
                <Form.Item name="gatewayId" label={t('projects.existingGateway')} rules={[{ required: true, message: t('projects.required') }]}>
                  <Select
                    placeholder={t('projects.pickGateway')}
                    notFoundContent={t('projects.noFreeGateway')}
                    showSearch={{ optionFilterProp: 'label' }}
                    options={free.map((g) => ({ value: g.id, label: `${g.name} (${g.code})` }))}
                  />
                </Form.Item>
              )}
              <Button type="primary" htmlType="submit" loading={saving}>{t('projects.addGateway')}</Button>
            </Form>
          </>
        )}
      </Flex>
      {wiring && <WireDevicesModal projectId={project.id} gateway={wiring} onClose={() => setWiring(null)} onDone={refresh} />}
    </Drawer>
  );
}

/** Devices of the project chosen (searched on the server) and wired to one gateway. */
function WireDevicesModal({ projectId, gateway, onClose, onDone }: { projectId: number; gateway: ProjectGateway; onClose(): void; onDone(): Promise<unknown> }) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  // With their labels: a choice stays named while another search shows other devices.
  const [chosen, setChosen] = useState<{ value: number; label: ReactNode }[]>([]);
  const [saving, setSaving] = useState(false);
  const devices = useQuery({
    queryKey: ['resource', 't_project', 'devices', projectId, 1, keyword, 'wire'],
    queryFn: ({ signal }) => fetchProjectDevices(projectId, true, { keyword: keyword || undefined, Page: 1, Size: 50 }, signal),
  });
  const ok = async () => {
    setSaving(true);
    try {
      const { updated } = await wireDevices(projectId, gateway.id, chosen.map((c) => c.value));
      message.success(t('projects.wired', { count: updated }));
      await onDone();
      onClose();
    } catch (err) {
      message.error(t('projects.saveFailed', { error: errorText(err) }));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open title={t('projects.wireTitle', { name: gateway.name })} onCancel={onClose} onOk={() => void ok()} okButtonProps={{ disabled: !chosen.length, loading: saving }}
      okText={t('projects.ok')} cancelText={t('projects.cancel')}>
      <Typography.Paragraph type="secondary">{t('projects.wireHint')}</Typography.Paragraph>
      <Select
        mode="multiple"
        labelInValue
        style={{ width: '100%' }}
        value={chosen}
        onChange={setChosen}
        placeholder={t('projects.searchDevices')}
        showSearch={{ onSearch: setKeyword, filterOption: false }}
        loading={devices.isFetching}
        options={(devices.data?.list ?? []).map((d) => ({ value: d.id, label: `${d.name} · ${d.code}${d.gatewayName ? ` (${d.gatewayName})` : ''}` }))}
        aria-label={t('projects.wireDevices')}
      />
    </Modal>
  );
}
