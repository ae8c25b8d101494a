import { ReloadOutlined, SyncOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Modal, Select, Tag, Typography, type TableColumnsType } from 'antd';
import { Table } from '../kit/CardTable';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardUser } from '../../../../contract/cards';
import type { NameItem } from '../../../../contract/envelope';
import { Right } from '../../../../contract/rights';
import { errorText } from '../../../shared/errorText';
import { useHasRight } from '../../../shared/user';
import { formatDateTime } from '../kit/cellValue';
import { cardKeys, fetchCardUsers, setCardUserState, syncCardUsers } from './cardApi';

/** 平台账号: console users' accounts on the card platform; 同步用户 (sync-user) and switching one on or off with card-edit. */
export function CardUsers({ orgs }: { orgs: readonly NameItem[] }) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = useHasRight(Right.CardEdit);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(20);
  const [orgId, setOrgId] = useState<number>();
  const [syncing, setSyncing] = useState(false);
  const [syncOrg, setSyncOrg] = useState<number>();
  const [busy, setBusy] = useState(false);
  const list = useQuery({
    queryKey: cardKeys.users(page, size, orgId),
    queryFn: ({ signal }) => fetchCardUsers({ page, size, orgId }, signal),
    placeholderData: (previous) => previous,
  });

  const columns = useMemo<TableColumnsType<CardUser>>(() => {
    const toggle = async (u: CardUser) => {
      try {
        await setCardUserState(u.userId, !u.enabled);
        message.success(t('cards.stateChanged'));
        await queryClient.invalidateQueries({ queryKey: cardKeys.all });
      } catch (err) {
        message.error(t('cards.saveFailed', { error: errorText(err) }));
      }
    };
    return [
      { key: 'user', title: t('cards.user'), dataIndex: 'username', width: 180 },
      { key: 'nick', title: t('cards.nickName'), dataIndex: 'nickName', width: 160 },
      { key: 'org', title: t('cards.org'), dataIndex: 'orgName', ellipsis: true },
      { key: 'state', title: t('cards.enabled'), width: 100, render: (_, u) => <Tag color={u.enabled ? 'green' : 'default'}>{u.enabled ? t('cards.on') : t('cards.off')}</Tag> },
      { key: 'synced', title: t('cards.syncedAt'), width: 180, render: (_, u) => formatDateTime(u.syncedAt) },
      ...(canEdit ? [{
        key: 'actions', title: t('cards.actions'), width: 110,
        render: (_: unknown, u: CardUser) => (
          <Button size="small" type="link" danger={u.enabled} onClick={() => toggle(u)} data-card-user-toggle={u.username}>
            {u.enabled ? t('cards.disable') : t('cards.enable')}
          </Button>
        ),
      }] : []),
    ];
  }, [t, canEdit, message, queryClient]);

  const sync = async () => {
    if (!syncOrg) return;
    setBusy(true);
    try {
      const r = await syncCardUsers(syncOrg);
      message.success(t('cards.syncDone', r));
      setSyncing(false);
      await queryClient.invalidateQueries({ queryKey: cardKeys.all });
    } catch (err) {
      message.error(t('cards.saveFailed', { error: errorText(err) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap="0.75rem" style={{ marginBottom: '1rem' }}>
        <Select
          aria-label={t('cards.org')} allowClear showSearch={{ optionFilterProp: 'label' }} placeholder={t('cards.allOrgs')} style={{ width: '16rem' }}
          value={orgId} options={orgs.map((o) => ({ value: o.id, label: o.name }))} onChange={(v?: number) => { setOrgId(v); setPage(1); }}
        />
        <Flex gap="0.75rem">
          <Button icon={<ReloadOutlined />} onClick={() => list.refetch()}>{t('cards.refresh')}</Button>
          {canEdit && <Button type="primary" icon={<SyncOutlined />} onClick={() => { setSyncOrg(orgId); setSyncing(true); }}>{t('cards.syncUsers')}</Button>}
        </Flex>
      </Flex>
      {!canEdit && <Alert type="info" showIcon style={{ marginBottom: '1rem' }} title={t('cards.readOnly')} />}
      {list.isError && <Alert type="error" showIcon style={{ marginBottom: '1rem' }} title={t('cards.loadFailed', { error: errorText(list.error) })} />}
      <Table<CardUser>
        rowKey="userId" size="middle" data-card-users loading={list.isFetching} columns={columns} dataSource={list.data?.list ?? []}
        pagination={{
          current: page, pageSize: size, total: list.data?.count ?? 0, showSizeChanger: true, pageSizeOptions: [10, 20, 30, 50],
          onChange: (p, s) => { setPage(s === size ? p : 1); setSize(s); },
        }}
      />
      <Modal
        open={syncing} title={t('cards.syncUsers')} okText={t('cards.syncUsers')} cancelText={t('cards.cancel')} confirmLoading={busy}
        okButtonProps={{ disabled: !syncOrg }} onOk={sync} onCancel={() => setSyncing(false)} destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('cards.syncHint')}</Typography.Paragraph>
        <Select
          aria-label={t('cards.syncOrg')} showSearch={{ optionFilterProp: 'label' }} placeholder={t('cards.syncOrg')} style={{ width: '100%' }}
          value={syncOrg} options={orgs.map((o) => ({ value: o.id, label: o.name }))} onChange={(v: number) => setSyncOrg(v)}
        />
      </Modal>
    </>
  );
}
