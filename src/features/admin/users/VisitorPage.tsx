import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Empty, Flex, Select, Space, Switch, Tag, Typography } from 'antd';
import { Table } from '../kit/CardTable';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Right } from '../../../../contract/rights';
import { PageHeading, PagePanel } from '../../../shared/ui/PagePanel';
import { useHasRight, usePlatformUser } from '../../../shared/user';
import { formatDateTime } from '../kit/cellValue';
import { PanelBody } from '../ResourceListPage';
import { fetchGuestInfo, fetchUserOrgs, setGuestMode } from './usersApi';
import { errorText } from '../../../shared/errorText';

const GUEST_KEY = ['user-manage', 'guest-info'];

/**
 * /nv_system/nv_visitor (访客管理): guest access on or off, the organisation the guest sees (it and
 * those below it), the guest's rights (read only: looking, never changing), and its last visits.
 */
export function VisitorPage({ title }: { title: string }) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  // Guest mode is the platform's switch: a tenant's user manager sees it, never changes it.
  const platform = usePlatformUser();
  const canEdit = useHasRight(Right.UserEdit) && platform;
  const info = useQuery({ queryKey: GUEST_KEY, queryFn: ({ signal }) => fetchGuestInfo(signal) });
  const orgs = useQuery({ queryKey: ['user-manage', 'orgs'], queryFn: ({ signal }) => fetchUserOrgs(signal), staleTime: 60_000 });
  const account = info.data?.account ?? null;
  const [orgId, setOrgId] = useState<number | undefined>();
  const [busy, setBusy] = useState(false);
  useEffect(() => setOrgId(account?.orgId), [account?.orgId]);

  const change = async (enabled: boolean, org?: number) => {
    setBusy(true);
    try {
      await setGuestMode(enabled, org);
      message.success(t(enabled ? 'visitor.turnedOn' : 'visitor.turnedOff'));
    } catch (err) {
      message.error(t('visitor.failed', { error: errorText(err) }));
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: GUEST_KEY });
    }
  };

  const enabled = info.data?.enabled ?? false;
  // The organisation options: those the caller sees, and the guest's own (perhaps above them) by name.
  const orgOptions = [...(orgs.data ?? []).map((o) => ({ value: o.id, label: o.name }))];
  if (account && !orgOptions.some((o) => o.value === account.orgId)) orgOptions.unshift({ value: account.orgId, label: account.orgName });

  return (
    <PagePanel>
      <PageHeading>{title}</PageHeading>
      <PanelBody>
        {info.isError && <Alert type="error" showIcon title={t('kit.loadFailed', { error: info.error.message })} style={{ marginBottom: '1rem' }} />}
        <Flex vertical gap="1rem" style={{ maxWidth: '60rem' }}>
          <Card loading={info.isLoading} title={t('visitor.settings')}>
            <Descriptions column={1} bordered size="middle" items={[
              {
                key: 'mode', label: t('visitor.mode'),
                children: (
                  <Space orientation="vertical" size="small">
                    <Switch checked={enabled} loading={busy} disabled={!canEdit} aria-label={t('visitor.mode')}
                      checkedChildren={t('visitor.on')} unCheckedChildren={t('visitor.off')} onChange={(on) => void change(on)} />
                    <Typography.Text type="secondary">{t('visitor.modeHelp')}</Typography.Text>
                  </Space>
                ),
              },
              {
                key: 'org', label: t('visitor.org'),
                children: (
                  <Space orientation="vertical" size="small" style={{ width: '100%' }}>
                    <Space.Compact style={{ width: '100%', maxWidth: '28rem' }}>
                      <Select aria-label={t('visitor.org')} showSearch={{ optionFilterProp: 'label' }} style={{ flex: 1 }} value={orgId}
                        options={orgOptions} disabled={!canEdit || !enabled} onChange={setOrgId} />
                      <Button type="primary" disabled={!canEdit || !enabled || orgId === undefined || orgId === account?.orgId} loading={busy}
                        onClick={() => void change(true, orgId)}>{t('visitor.applyOrg')}</Button>
                    </Space.Compact>
                    <Typography.Text type="secondary">{t('visitor.orgHelp')}</Typography.Text>
                  </Space>
                ),
              },
              {
                key: 'account', label: t('visitor.account'),
                children: account
                  ? <Space><Typography.Text code>guest</Typography.Text><Tag color={account.disabled ? 'default' : 'success'}>{t(account.disabled ? 'visitor.accountDisabled' : 'visitor.accountEnabled')}</Tag></Space>
                  : <Typography.Text type="secondary">{t('visitor.noAccount')}</Typography.Text>,
              },
            ]} />
          </Card>
          <Card loading={info.isLoading} title={t('visitor.rights')} extra={<Typography.Text type="secondary">{t('visitor.rightsHelp')}</Typography.Text>}>
            {account?.rights.length
              ? <Flex wrap gap="0.5rem">{account.rights.map((r) => <Tag key={r.code} title={r.code}>{r.name}</Tag>)}</Flex>
              : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
          </Card>
          <Card loading={info.isLoading} title={t('visitor.recentLogins')}>
            <Table
              rowKey={(r) => `${r.at}-${r.ip}`}
              size="small"
              pagination={false}
              dataSource={account?.recentLogins ?? []}
              columns={[
                { key: 'at', dataIndex: 'at', title: t('visitor.time'), render: (at: number) => formatDateTime(at) },
                { key: 'ip', dataIndex: 'ip', title: t('visitor.ip') },
              ]}
            />
          </Card>
        </Flex>
      </PanelBody>
    </PagePanel>
  );
}
