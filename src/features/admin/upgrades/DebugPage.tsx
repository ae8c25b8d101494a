import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Popconfirm, Select, Tag, Typography, type TableColumnsType } from 'antd';
import { Table } from '../kit/CardTable';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Right } from '../../../../contract/rights';
import { DEBUG_STATE_LABELS, DEBUG_STATES, type DebugSessionRecord, type DebugState } from '../../../../contract/upgrades';
import { errorText } from '../../../shared/errorText';
import { PageHeading, PagePanel } from '../../../shared/ui/PagePanel';
import { useHasRight } from '../../../shared/user';
import { formatDateTime } from '../kit/cellValue';
import { PanelBody } from '../ResourceListPage';
import { AuditModal } from './AuditModal';
import { DebugRequestModal } from './DebugRequestModal';
import { auditDebug, closeDebug, fetchDebugSessions, fetchModelNames, upgradeKeys } from './upgradeApi';
import { registerUpgradeStrings } from './upgradeStrings';
import { DEBUG_STATE_COLORS } from './upgradeView';

registerUpgradeStrings();

const PAGE_SIZES = [10, 20, 50];
/** An open window's remaining time is shown to the minute: asked again each minute while one is open. */
const OPEN_REFRESH_MS = 60_000;

/**
 * 远程调试 (/nv_iot/nv_debug): requests for a remote debugging window on a device, newest first;
 * 申请远程调试 (upgrade-edit), 审核 where the server says the user may (canAudit), and 结束调试 for
 * an open window (canClose).
 */
export function DebugPage({ title }: { title: string }) {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = useHasRight(Right.UpgradeEdit);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(20);
  const [state, setState] = useState<DebugState>();
  const [requesting, setRequesting] = useState(false);
  const [auditing, setAuditing] = useState<DebugSessionRecord>();
  const models = useQuery({ queryKey: upgradeKeys.models, queryFn: ({ signal }) => fetchModelNames(signal), staleTime: 60_000 });
  const sessions = useQuery({
    queryKey: upgradeKeys.debug(page, size, state),
    queryFn: ({ signal }) => fetchDebugSessions(page, size, state, signal),
    placeholderData: (previous) => previous,
    refetchInterval: (query) => (query.state.data?.list.some((s) => s.state === 'active') ? OPEN_REFRESH_MS : false),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: upgradeKeys.all });

  const columns = useMemo<TableColumnsType<DebugSessionRecord>>(() => {
    const close = async (s: DebugSessionRecord) => {
      try {
        await closeDebug(s.id);
        message.success(t('upgrades.closed'));
      } catch (err) {
        message.error(t('upgrades.closeFailed', { error: errorText(err) }));
      } finally {
        await queryClient.invalidateQueries({ queryKey: upgradeKeys.all });
      }
    };
    return [
      { key: 'id', title: t('upgrades.id'), dataIndex: 'id', width: 70 },
      {
        key: 'device', title: t('upgrades.device'), ellipsis: true,
        render: (_, s) => <Flex vertical><span>{s.deviceName}</span><Typography.Text type="secondary" style={{ fontSize: '0.8125rem' }}>{s.deviceModelName}</Typography.Text></Flex>,
      },
      { key: 'project', title: t('upgrades.project'), width: 200, ellipsis: true, render: (_, s) => s.projectName ?? '—' },
      { key: 'reason', title: t('upgrades.reason'), ellipsis: true, dataIndex: 'reason' },
      { key: 'duration', title: t('upgrades.duration'), width: 100, render: (_, s) => t('upgrades.minutes', { count: s.durationMin }) },
      {
        key: 'state', title: t('upgrades.state'), width: 100,
        render: (_, s) => <Tag color={DEBUG_STATE_COLORS[s.state]} data-debug-state={s.state}>{DEBUG_STATE_LABELS[s.state][lang]}</Tag>,
      },
      {
        key: 'window', title: t('upgrades.window'), width: 200,
        render: (_, s) => (s.startsAt === null || s.endsAt === null ? '—' : (
          <Flex vertical>
            <span>{formatDateTime(s.startsAt)}</span>
            <Typography.Text type="secondary" style={{ fontSize: '0.8125rem' }}>
              {s.state === 'active' ? t('upgrades.endsIn', { minutes: Math.max(1, Math.ceil((s.endsAt - Date.now()) / 60_000)) }) : formatDateTime(s.endsAt)}
            </Typography.Text>
          </Flex>
        )),
      },
      {
        key: 'by', title: t('upgrades.requester'), width: 170,
        render: (_, s) => <Flex vertical><span>{s.createdByName || '—'}</span><Typography.Text type="secondary" style={{ fontSize: '0.8125rem' }}>{formatDateTime(s.createdAt)}</Typography.Text></Flex>,
      },
      {
        key: 'audit', title: t('upgrades.auditedBy'), width: 170,
        render: (_, s) => (s.auditedAt === null ? '—' : (
          <Flex vertical><span>{s.auditedByName}</span><Typography.Text type="secondary" style={{ fontSize: '0.8125rem' }} ellipsis>{s.auditRemark || formatDateTime(s.auditedAt)}</Typography.Text></Flex>
        )),
      },
      {
        key: 'actions', title: t('upgrades.actions'), width: 130,
        render: (_, s) => (
          <Flex gap="0.25rem">
            {s.canAudit && <Button size="small" type="primary" onClick={() => setAuditing(s)} data-debug-audit={s.id}>{t('upgrades.audit')}</Button>}
            {s.canClose && (
              <Popconfirm title={t('upgrades.closeConfirm', { device: s.deviceName })} okText={t('upgrades.close')} cancelText={t('upgrades.cancel')} onConfirm={() => close(s)}>
                <Button size="small" danger data-debug-close={s.id}>{t('upgrades.close')}</Button>
              </Popconfirm>
            )}
          </Flex>
        ),
      },
    ];
  }, [t, lang, message, queryClient]);

  return (
    <PagePanel data-debug-page>
      <PageHeading>{title}</PageHeading>
      <PanelBody>
        <Flex justify="space-between" align="center" wrap gap="0.75rem" style={{ marginBottom: '1rem' }}>
          <Select
            aria-label={t('upgrades.state')}
            allowClear
            style={{ width: '12rem' }}
            placeholder={t('upgrades.allStates')}
            value={state}
            onChange={(s?: DebugState) => { setState(s); setPage(1); }}
            options={DEBUG_STATES.map((s) => ({ value: s, label: DEBUG_STATE_LABELS[s][lang] }))}
          />
          <Flex gap="0.5rem">
            <Button onClick={() => sessions.refetch()} loading={sessions.isFetching}>{t('upgrades.refresh')}</Button>
            {canEdit && <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setRequesting(true)}>{t('upgrades.debugRequest')}</Button>}
          </Flex>
        </Flex>
        {sessions.error && <Alert type="error" showIcon style={{ marginBottom: '1rem' }} title={t('upgrades.loadFailed', { error: errorText(sessions.error) })} />}
        <Table<DebugSessionRecord>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={sessions.data?.list ?? []}
          loading={sessions.isPending}
          locale={{ emptyText: t('upgrades.noDebug') }}
          pagination={{
            current: page, pageSize: size, total: sessions.data?.count ?? 0, pageSizeOptions: PAGE_SIZES, showSizeChanger: true,
            onChange: (p, s) => { setPage(s === size ? p : 1); setSize(s); },
          }}
        />
      </PanelBody>
      {requesting && <DebugRequestModal models={models.data ?? []} onClose={() => setRequesting(false)} />}
      {auditing && (
        <AuditModal
          title={t('upgrades.debugAuditTitle')}
          summary={t('upgrades.debugAuditSummary', { device: auditing.deviceName, project: auditing.projectName ?? '—', minutes: auditing.durationMin, reason: auditing.reason })}
          onClose={() => setAuditing(undefined)}
          onAudit={async (approved, remark) => {
            try {
              await auditDebug({ id: auditing.id, approved, remark });
              message.success(t(approved ? 'upgrades.approved' : 'upgrades.rejected'));
              setAuditing(undefined);
            } finally {
              await refresh();
            }
          }}
        />
      )}
    </PagePanel>
  );
}
