import { LoadingOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Drawer, Flex, Form, Select, Space, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATA_TARGET_NAMES, type DataTargetKind } from '../../../../contract/access';
import { fetchNames } from '../kit/resourceApi';
import { accessKeys, fetchRoleData, saveRoleData, useDataRightTypes } from './accessApi';
import { errorText } from '../../../shared/errorText';

interface Props {
  role: { id: number; name: string };
  canEdit: boolean;
  onClose(): void;
}

/** The records a target kind picks from (`/names`, shared with the kit's cache). */
function useTargetOptions(kind: DataTargetKind) {
  const resource = kind === 'none' ? null : DATA_TARGET_NAMES[kind];
  return useQuery({
    queryKey: ['resource', resource, 'names'],
    queryFn: ({ signal }) => fetchNames(resource!, signal),
    enabled: resource !== null,
    staleTime: 60_000,
  });
}

/**
 * A role's data scope (SPEC §3 right types) and, for the types that take them, its targets:
 * projects (VSpec), regions (VRegion), industries (VIndustry) or organisations (VOrgExt).
 */
export function DataRightsDrawer({ role, canEdit, onClose }: Props) {
  const { t, i18n } = useTranslation('admin');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const types = useDataRightTypes();
  const current = useQuery({ queryKey: accessKeys.roleData(role.id), queryFn: ({ signal }) => fetchRoleData(role.id, signal) });
  const [draft, setDraft] = useState<{ dataScope: string; targets: number[] } | null>(null);
  const [open, setOpen] = useState(true);
  const [saving, setSaving] = useState(false);
  const value = draft ?? current.data;
  const kind = types.data?.find((x) => x.type === value?.dataScope)?.target ?? 'none';
  const options = useTargetOptions(kind);
  const en = i18n.language === 'en';

  const submit = async () => {
    if (!value) return;
    setSaving(true);
    try {
      await saveRoleData(role.id, { dataScope: value.dataScope, targets: kind === 'none' ? [] : value.targets });
      await queryClient.invalidateQueries({ queryKey: ['access'] });
      await queryClient.invalidateQueries({ queryKey: ['resource', 'role'] });
      message.success(t('access.saved'));
      setOpen(false);
    } catch (err) {
      message.error(t('access.saveFailed', { error: errorText(err) }));
    } finally {
      setSaving(false);
    }
  };

  const failed = types.error ?? current.error;
  const what = kind === 'none' ? '' : t(`access.targetKinds.${kind}`);
  return (
    <Drawer
      open={open}
      title={t('access.dataRightsOf', { name: role.name })}
      size="30rem"
      onClose={() => setOpen(false)}
      afterOpenChange={(visible) => !visible && onClose()}
      footer={canEdit && (
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={() => setOpen(false)}>{t('access.cancel')}</Button>
          <Button type="primary" disabled={!value} loading={saving && { icon: <LoadingOutlined aria-hidden /> }} onClick={() => void submit()}>
            {t('access.save')}
          </Button>
        </Space>
      )}
    >
      {failed ? (
        <Alert type="error" showIcon title={t('access.loadFailed', { error: errorText(failed) })} />
      ) : !types.data || !value ? (
        <Flex justify="center" style={{ padding: '3rem 0' }}><Spin /></Flex>
      ) : (
        <Form layout="vertical" disabled={!canEdit}>
          <Form.Item label={t('access.dataScope')} htmlFor="role-data-scope">
            <Select
              id="role-data-scope"
              value={value.dataScope}
              options={types.data.map((x) => ({ value: x.type, label: en ? x.label.en : x.label.zh }))}
              onChange={(dataScope: string) => setDraft({ dataScope, targets: dataScope === current.data?.dataScope ? current.data.targets : [] })}
            />
          </Form.Item>
          {kind !== 'none' && (
            <Form.Item
              label={t('access.targets')}
              htmlFor="role-data-targets"
              extra={kind === 'region' || kind === 'industry' ? t('access.targetsHint') : undefined}
            >
              <Select
                id="role-data-targets"
                mode="multiple"
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                loading={options.isLoading}
                placeholder={t('access.targetsPlaceholder', { what })}
                value={value.targets}
                options={(options.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
                onChange={(targets: number[]) => setDraft({ dataScope: value.dataScope, targets })}
              />
            </Form.Item>
          )}
        </Form>
      )}
    </Drawer>
  );
}
