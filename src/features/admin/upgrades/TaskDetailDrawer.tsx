import { ReloadOutlined, SyncOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Flex, Spin, Tag, Typography, type TableColumnsType } from 'antd';
import { Table } from '../kit/CardTable';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { UPGRADE_ITEM_STATE_LABELS, UPGRADE_TASK_STATE_LABELS, type UpgradeItem } from '../../../../contract/upgrades';
import { errorText } from '../../../shared/errorText';
import { ApiRequestError } from '../../../shared/http';
import { formatDateTime } from '../kit/cellValue';
import { TaskProgress } from './TaskProgress';
import { fetchTask, upgradeKeys } from './upgradeApi';
import { isTaskRunning, ITEM_STATE_COLORS, ITEM_STATE_RANK, itemResult, refreshWhileRunning, TASK_STATE_COLORS, UPGRADE_REFRESH_MS } from './upgradeView';

const time = (ms: number | null) => (ms === null ? '—' : formatDateTime(ms));

/**
 * One upgrade task: its firmware, audit and, per device, the state and the upgrade result code
 * (SPEC §4) as text. Asks again every few seconds while devices are in flight, so the rows move
 * from 排队中 to 已下发 to their outcome as the gateways answer.
 */
export function TaskDetailDrawer({ id, onClose, actions }: { id: number; onClose(): void; actions?: React.ReactNode }) {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const task = useQuery({
    queryKey: upgradeKeys.task(id),
    queryFn: ({ signal }) => fetchTask(id, signal),
    refetchInterval: (query) => refreshWhileRunning(query.state.data ? [query.state.data] : undefined),
  });
  const d = task.data;

  const columns = useMemo<TableColumnsType<UpgradeItem>>(() => [
    {
      key: 'device', title: t('upgrades.device'), width: 220, ellipsis: true,
      render: (_, i) => <Flex vertical><span>{i.deviceName}</span><Typography.Text type="secondary" style={{ fontSize: '0.8125rem' }}>{i.deviceCode}</Typography.Text></Flex>,
    },
    { key: 'project', title: t('upgrades.project'), ellipsis: true, render: (_, i) => i.projectName ?? '—' },
    {
      key: 'gateway', title: t('upgrades.gateway'), width: 150, ellipsis: true,
      render: (_, i) => (i.gatewayId === null && i.state !== 'waiting' && i.state !== 'cancelled'
        ? <Tag color="warning">{t('upgrades.noGateway')}</Tag> : i.gatewayName ?? '—'),
    },
    { key: 'fromVer', title: t('upgrades.fromVer'), width: 100, render: (_, i) => i.fromVer || '—' },
    {
      key: 'state', title: t('upgrades.state'), width: 100,
      sorter: (a, b) => ITEM_STATE_RANK[a.state] - ITEM_STATE_RANK[b.state],
      render: (_, i) => <Tag color={ITEM_STATE_COLORS[i.state]} data-item-state={i.state}>{UPGRADE_ITEM_STATE_LABELS[i.state][lang]}</Tag>,
    },
    {
      key: 'result', title: t('upgrades.result'), width: 220,
      render: (_, i) => {
        const r = itemResult(i, lang);
        if (!r.text) return '—';
        return (
          <Flex vertical data-item-result>
            <span><Typography.Text type="secondary">{i.code} · </Typography.Text>{r.text}</span>
            {r.detail && <Typography.Text type="secondary" style={{ fontSize: '0.8125rem' }}>{r.detail}</Typography.Text>}
          </Flex>
        );
      },
    },
    { key: 'sentAt', title: t('upgrades.sentAt'), width: 160, render: (_, i) => time(i.sentAt) },
    { key: 'finishedAt', title: t('upgrades.itemFinishedAt'), width: 160, render: (_, i) => time(i.finishedAt) },
  ], [t, lang]);

  const notFound = task.error instanceof ApiRequestError && task.error.status === 404;
  return (
    <Drawer
      open
      size={1320}
      title={t('upgrades.detailTitle', { id })}
      onClose={onClose}
      destroyOnHidden
      data-upgrade-detail={id}
      extra={(
        <Flex gap="0.5rem" align="center">
          {d && isTaskRunning(d) && (
            <Typography.Text type="secondary" data-task-autorefresh>
              <SyncOutlined spin aria-hidden /> {t('upgrades.autoRefresh', { seconds: UPGRADE_REFRESH_MS / 1000 })}
            </Typography.Text>
          )}
          <Button icon={<ReloadOutlined aria-hidden />} onClick={() => task.refetch()}>{t('upgrades.refresh')}</Button>
          {actions}
        </Flex>
      )}
    >
      {notFound && <Alert type="error" showIcon title={t('upgrades.notFound', { id })} />}
      {!notFound && task.error && <Alert type="error" showIcon title={t('upgrades.loadFailed', { error: errorText(task.error) })} />}
      {task.isPending && <Spin style={{ display: 'block', margin: '3rem auto' }} />}
      {d && (
        <Flex vertical gap="1.25rem">
          <Descriptions size="small" bordered column={2}>
            <Descriptions.Item label={t('upgrades.product')}>{d.deviceModelName}</Descriptions.Item>
            <Descriptions.Item label={t('upgrades.state')}>
              <Tag color={TASK_STATE_COLORS[d.state]} data-task-state={d.state}>{UPGRADE_TASK_STATE_LABELS[d.state][lang]}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('upgrades.firmware')}>{d.fileName} · {d.fileVer}</Descriptions.Item>
            <Descriptions.Item label={t('upgrades.md5')}><Typography.Text code copyable>{d.md5}</Typography.Text></Descriptions.Item>
            <Descriptions.Item label={t('upgrades.createdBy')}>{d.createdByName || '—'} · {time(d.createdAt)}</Descriptions.Item>
            <Descriptions.Item label={t('upgrades.auditedBy')}>{d.auditedByName ? `${d.auditedByName} · ${time(d.auditedAt)}` : '—'}</Descriptions.Item>
            <Descriptions.Item label={t('upgrades.remark')}>{d.remark || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('upgrades.auditRemark')}>{d.auditRemark || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('upgrades.progress')}><TaskProgress counts={d.counts} /></Descriptions.Item>
            <Descriptions.Item label={t('upgrades.finishedAt')}>{time(d.finishedAt)}</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ margin: 0 }}>{t('upgrades.items', { count: d.items.length })}</Typography.Title>
          <Table<UpgradeItem>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={d.items}
            pagination={{ defaultPageSize: 20, hideOnSinglePage: true }}
          />
        </Flex>
      )}
    </Drawer>
  );
}
