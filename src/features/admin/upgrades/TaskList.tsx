import { PlusOutlined, SyncOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Popconfirm, Select, Tag, Typography, type TableColumnsType } from 'antd';
import { Table } from '../kit/CardTable';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NameItem } from '../../../../contract/envelope';
import { Right } from '../../../../contract/rights';
import { UPGRADE_TASK_STATE_LABELS, UPGRADE_TASK_STATES, type UpgradeTaskRecord, type UpgradeTaskState } from '../../../../contract/upgrades';
import { errorText } from '../../../shared/errorText';
import { useHasRight } from '../../../shared/user';
import { formatDateTime } from '../kit/cellValue';
import { AuditModal } from './AuditModal';
import { CreateTaskModal } from './CreateTaskModal';
import { TaskDetailDrawer } from './TaskDetailDrawer';
import { TaskProgress } from './TaskProgress';
import { auditTask, deleteTask, fetchTasks, upgradeKeys } from './upgradeApi';
import { isTaskRunning, refreshWhileRunning, TASK_STATE_COLORS, UPGRADE_REFRESH_MS } from './upgradeView';

const PAGE_SIZES = [10, 20, 50];

/**
 * 升级任务: the tasks the user sees, newest first, with their devices' progress; 新建升级任务
 * (upgrade-edit), 审核 where the server says the user may audit (canAudit), 详情 with each device's
 * outcome, and 删除 for a task not running. Refreshes itself while a task runs.
 */
export function TaskList({ models }: { models: readonly NameItem[] }) {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = useHasRight(Right.UpgradeEdit);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(20);
  const [state, setState] = useState<UpgradeTaskState>();
  const [creating, setCreating] = useState(false);
  const [auditing, setAuditing] = useState<UpgradeTaskRecord>();
  const [detail, setDetail] = useState<number>();

  const tasks = useQuery({
    queryKey: upgradeKeys.tasks(page, size, state),
    queryFn: ({ signal }) => fetchTasks(page, size, state, signal),
    refetchInterval: (query) => refreshWhileRunning(query.state.data?.list),
    placeholderData: (previous) => previous,
  });
  const running = tasks.data?.list.some(isTaskRunning) ?? false;
  const refresh = () => queryClient.invalidateQueries({ queryKey: upgradeKeys.all });

  const remove = async (id: number) => {
    try {
      await deleteTask(id);
      message.success(t('upgrades.deleted'));
      await refresh();
    } catch (err) {
      message.error(t('upgrades.deleteFailed', { error: errorText(err) }));
    }
  };

  const columns = useMemo<TableColumnsType<UpgradeTaskRecord>>(() => [
    { key: 'id', title: t('upgrades.id'), dataIndex: 'id', width: 70 },
    { key: 'model', title: t('upgrades.product'), dataIndex: 'deviceModelName', ellipsis: true },
    {
      key: 'file', title: t('upgrades.firmware'), width: 230, ellipsis: true,
      render: (_, r) => <Flex vertical><span>{r.fileVer}</span><Typography.Text type="secondary" style={{ fontSize: '0.8125rem' }} ellipsis>{r.fileName}</Typography.Text></Flex>,
    },
    {
      key: 'state', title: t('upgrades.state'), width: 110,
      render: (_, r) => <Tag color={TASK_STATE_COLORS[r.state]} data-task-state={r.state}>{UPGRADE_TASK_STATE_LABELS[r.state][lang]}</Tag>,
    },
    { key: 'progress', title: t('upgrades.progress'), width: 300, render: (_, r) => <TaskProgress counts={r.counts} /> },
    {
      key: 'by', title: t('upgrades.createdBy'), width: 180,
      render: (_, r) => <Flex vertical><span>{r.createdByName || '—'}</span><Typography.Text type="secondary" style={{ fontSize: '0.8125rem' }}>{formatDateTime(r.createdAt)}</Typography.Text></Flex>,
    },
    {
      key: 'audit', title: t('upgrades.auditedBy'), width: 180,
      render: (_, r) => (r.auditedAt === null ? '—'
        : <Flex vertical><span>{r.auditedByName}</span><Typography.Text type="secondary" style={{ fontSize: '0.8125rem' }}>{formatDateTime(r.auditedAt)}</Typography.Text></Flex>),
    },
    {
      key: 'actions', title: t('upgrades.actions'), width: 210,
      render: (_, r) => (
        <Flex gap="0.25rem">
          {r.canAudit && <Button size="small" type="primary" onClick={() => setAuditing(r)} data-task-audit={r.id}>{t('upgrades.audit')}</Button>}
          <Button size="small" type="link" onClick={() => setDetail(r.id)} data-task-detail={r.id}>{t('upgrades.detail')}</Button>
          {canEdit && r.state !== 'running' && (
            <Popconfirm title={t('upgrades.deleteTaskConfirm', { id: r.id })} okText={t('upgrades.deleteTask')} cancelText={t('upgrades.cancel')} onConfirm={() => remove(r.id)}>
              <Button size="small" type="link" danger data-task-delete={r.id}>{t('upgrades.deleteTask')}</Button>
            </Popconfirm>
          )}
        </Flex>
      ),
    },
  ], [t, lang, canEdit]);

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap="0.75rem" style={{ marginBottom: '1rem' }}>
        <Select
          aria-label={t('upgrades.state')}
          allowClear
          style={{ width: '12rem' }}
          placeholder={t('upgrades.allStates')}
          value={state}
          onChange={(s?: UpgradeTaskState) => { setState(s); setPage(1); }}
          options={UPGRADE_TASK_STATES.map((s) => ({ value: s, label: UPGRADE_TASK_STATE_LABELS[s][lang] }))}
        />
        <Flex gap="0.5rem" align="center">
          {running && (
            <Typography.Text type="secondary" data-task-autorefresh>
              <SyncOutlined spin aria-hidden /> {t('upgrades.autoRefresh', { seconds: UPGRADE_REFRESH_MS / 1000 })}
            </Typography.Text>
          )}
          <Button onClick={() => tasks.refetch()} loading={tasks.isFetching && !running}>{t('upgrades.refresh')}</Button>
          {canEdit && <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setCreating(true)}>{t('upgrades.create')}</Button>}
        </Flex>
      </Flex>
      {tasks.error && <Alert type="error" showIcon style={{ marginBottom: '1rem' }} title={t('upgrades.loadFailed', { error: errorText(tasks.error) })} />}
      <Table<UpgradeTaskRecord>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={tasks.data?.list ?? []}
        loading={tasks.isPending}
        locale={{ emptyText: t('upgrades.noTasks') }}
        pagination={{
          current: page, pageSize: size, total: tasks.data?.count ?? 0, pageSizeOptions: PAGE_SIZES, showSizeChanger: true,
          onChange: (p, s) => { setPage(s === size ? p : 1); setSize(s); },
        }}
      />
      {creating && <CreateTaskModal models={models} onClose={() => setCreating(false)} onSubmitted={(task) => { setCreating(false); setDetail(task.id); }} />}
      {auditing && (
        <AuditModal
          title={t('upgrades.auditTitle', { id: auditing.id })}
          summary={t('upgrades.auditSummary', {
            file: auditing.fileName, ver: auditing.fileVer, md5: auditing.md5, count: auditing.counts.total, model: auditing.deviceModelName,
          })}
          onClose={() => setAuditing(undefined)}
          onAudit={async (approved, remark) => {
            try {
              await auditTask({ id: auditing.id, approved, remark });
              message.success(t(approved ? 'upgrades.approved' : 'upgrades.rejected'));
              setDetail(auditing.id);
              setAuditing(undefined);
            } finally {
              await refresh();
            }
          }}
        />
      )}
      {detail !== undefined && <TaskDetailDrawer id={detail} onClose={() => setDetail(undefined)} />}
    </>
  );
}
