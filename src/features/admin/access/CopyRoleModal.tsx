import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showFieldError } from '../kit/formErrors';
import { fetchNames } from '../kit/resourceApi';
import { copyRole } from './accessApi';
import { errorText } from '../../../shared/errorText';

interface Props {
  role: { id: number; name: string };
  onClose(): void;
}

const FIELDS = ['name', 'orgId'] as const;

/** 复制: a new role with the original's rights, data rights and measure rights, under the name given. */
export function CopyRoleModal({ role, onClose }: Props) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ name: string; orgId?: number }>();
  const [open, setOpen] = useState(true);
  const [saving, setSaving] = useState(false);
  const orgs = useQuery({ queryKey: ['resource', 't_org', 'names'], queryFn: ({ signal }) => fetchNames('t_org', signal), staleTime: 60_000 });

  const submit = async ({ name, orgId }: { name: string; orgId?: number }) => {
    setSaving(true);
    try {
      const copy = await copyRole(role.id, { name: name.trim(), ...(orgId ? { orgId } : {}) });
      await queryClient.invalidateQueries({ queryKey: ['resource', 'role'] });
      message.success(t('access.copied', { name: copy.name }));
      setOpen(false);
    } catch (err) {
      if (!showFieldError(form, err, FIELDS)) message.error(t('access.copyFailed', { error: errorText(err) }));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('access.copyTitle', { name: role.name })}
      okText={t('access.copy')}
      cancelText={t('access.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={() => setOpen(false)}
      afterClose={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name={`copy-role-${role.id}`} initialValues={{ name: t('access.copySuffix', { name: role.name }) }} onFinish={(v) => void submit(v)}>
        <Form.Item name="name" label={t('access.copyName')} rules={[{ required: true, whitespace: true, message: t('access.nameRequired') }, { max: 64 }]}>
          <Input autoFocus />
        </Form.Item>
        <Form.Item name="orgId" label={t('access.copyOrg')} extra={t('access.copyOrgHint')}>
          <Select allowClear showSearch={{ optionFilterProp: 'label' }} loading={orgs.isLoading} options={(orgs.data ?? []).map((o) => ({ value: o.id, label: o.name }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
