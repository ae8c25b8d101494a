import { CloudDownloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Flex, Popconfirm, Tag, Typography, type TableColumnsType } from 'antd';
import { Table } from '../kit/CardTable';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LccSyncItem, LccSyncKind, LccSyncRun } from '../../../../contract/filter-catalogue';
import { Right } from '../../../../contract/rights';
import { errorText } from '../../../shared/errorText';
import { useHasRight, usePlatformUser } from '../../../shared/user';
import { formatDateTime } from '../kit/cellValue';
import { applySync, catalogueKeys, fetchRun, fetchRuns, previewSync } from './catalogueApi';

const ACTION_COLOURS: Record<LccSyncItem['action'], string> = { added: 'green', changed: 'blue', removed: 'red', kept: 'default' };
const STATE_COLOURS: Record<LccSyncRun['state'], string> = { previewed: 'gold', applied: 'green', superseded: 'default' };
const show = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));

/** One kind's sync: preview from upstream, the newest run's lines, apply, and the history of runs. */
export function SyncPanel({ kind }: { kind: LccSyncKind }) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  // The catalogue is the platform's: product-edit writes it only for a user who sees all data.
  const platform = usePlatformUser();
  const canEdit = useHasRight(Right.ProductEdit) && platform;
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState<'preview' | 'apply' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const runs = useQuery({ queryKey: catalogueKeys.runs(kind, page), queryFn: ({ signal }) => fetchRuns(kind, page, signal), placeholderData: (p) => p });
  const newestId = page === 1 ? runs.data?.list[0]?.id : undefined;
  const [shownId, setShownId] = useState<number>();
  const runId = shownId ?? newestId;
  const run = useQuery({ queryKey: catalogueKeys.run(runId ?? 0), queryFn: ({ signal }) => fetchRun(runId!, signal), enabled: runId !== undefined });

  const refresh = () => queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
  const preview = async () => {
    setBusy('preview');
    setFailure(null);
    try {
      await previewSync(kind);
      setShownId(undefined);
      setPage(1);
      await refresh();
    } catch (err) {
      setFailure(t('catalogue.previewFailed', { error: errorText(err) }));
    } finally {
      setBusy(null);
    }
  };
  const apply = async (id: number) => {
    setBusy('apply');
    setFailure(null);
    try {
      const r = await applySync(id);
      message.success(t('catalogue.applied', r));
      await refresh();
    } catch (err) {
      setFailure(t('catalogue.applyFailed', { error: errorText(err) }));
      await refresh();
    } finally {
      setBusy(null);
    }
  };

  const itemColumns = useMemo<TableColumnsType<LccSyncItem>>(() => [
    { key: 'action', title: t('catalogue.action'), width: 90, render: (_, i) => <Tag color={ACTION_COLOURS[i.action]} data-sync-action={i.action}>{t(`catalogue.actions.${i.action}`)}</Tag> },
    { key: 'code', title: t('catalogue.code'), dataIndex: 'code', width: 200 },
    { key: 'name', title: t('catalogue.name'), dataIndex: 'name', width: 280, ellipsis: true },
    {
      key: 'detail', title: t('catalogue.detail'),
      render: (_, i) => {
        if (i.action === 'changed') {
          return (
            <Flex vertical gap={2}>
              {i.fields.map((f) => (
                <span key={f} data-sync-field={f}>
                  <Typography.Text type="secondary">{t(`catalogue.fields.${f}`, { defaultValue: f })}：</Typography.Text>
                  <Typography.Text delete>{show(i.before?.[f])}</Typography.Text> → <Typography.Text strong>{show(i.after?.[f])}</Typography.Text>
                </span>
              ))}
            </Flex>
          );
        }
        // Added: the upstream's figures; removed: the local ones that go; kept: why it stays.
        const figures = i.action === 'added' ? i.after : i.action === 'removed' ? i.before : null;
        if (figures) {
          const keys = kind === 'filter-model' ? ['typeCode', 'initialPa', 'finalPa', 'ratedAirM3h', 'leadDays', 'unitPrice'] : ['remark'];
          return <Typography.Text type="secondary">{keys.map((k) => `${t(`catalogue.fields.${k}`)} ${show(figures[k])}`).join(' · ')}</Typography.Text>;
        }
        return <Typography.Text type="secondary">{i.note || '—'}</Typography.Text>;
      },
    },
  ], [t, kind]);

  const runColumns = useMemo<TableColumnsType<LccSyncRun>>(() => [
    { key: 'at', title: t('catalogue.at'), width: 180, render: (_, r) => formatDateTime(r.createdAt) },
    { key: 'state', title: t('catalogue.state'), width: 100, render: (_, r) => <Tag color={STATE_COLOURS[r.state]}>{t(`catalogue.states.${r.state}`)}</Tag> },
    { key: 'version', title: t('catalogue.version'), dataIndex: 'upstreamVersion', width: 150 },
    { key: 'counts', title: t('catalogue.detail'), render: (_, r) => t('catalogue.counts', r) },
    { key: 'by', title: t('catalogue.by'), dataIndex: 'createdByName', width: 130 },
    { key: 'applied', title: t('catalogue.appliedAt'), width: 180, render: (_, r) => (r.appliedAt ? `${formatDateTime(r.appliedAt)} ${r.appliedByName}` : '—') },
  ], [t]);

  const current = run.data;
  const pending = current && current.state === 'previewed' && current.id === newestId ? current.added + current.changed + current.removed : 0;
  return (
    <Flex vertical gap="1rem" data-sync-panel={kind}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('catalogue.hint')}{kind === 'filter-model' ? ` ${t('catalogue.modelsHint')}` : ''}
      </Typography.Paragraph>
      {!canEdit && <Alert type="info" showIcon title={t('catalogue.readOnly')} />}
      {canEdit && (
        <Flex gap="0.75rem">
          <Button type="primary" icon={<CloudDownloadOutlined />} loading={busy === 'preview'} onClick={preview} data-sync-preview>{t('catalogue.preview')}</Button>
          {current && pending > 0 && (
            <Popconfirm title={t('catalogue.applyConfirm', current)} okText={t('catalogue.apply')} cancelText={t('catalogue.cancel')} onConfirm={() => apply(current.id)}>
              <Button loading={busy === 'apply'} data-sync-apply>{t('catalogue.apply')}</Button>
            </Popconfirm>
          )}
        </Flex>
      )}
      {failure && <Alert type="error" showIcon title={failure} data-sync-error />}
      {(runs.isError || run.isError) && <Alert type="error" showIcon title={t('catalogue.loadFailed', { error: errorText(runs.error ?? run.error) })} />}
      {current && (
        <>
          <Descriptions size="small" column={3} bordered data-sync-run={current.id} data-sync-state={current.state} items={[
            { key: 'source', label: t('catalogue.source'), children: current.sourceUrl, span: 3 },
            { key: 'version', label: t('catalogue.version'), children: current.upstreamVersion || '—' },
            { key: 'state', label: t('catalogue.state'), children: <Tag color={STATE_COLOURS[current.state]}>{t(`catalogue.states.${current.state}`)}</Tag> },
            { key: 'at', label: t('catalogue.at'), children: `${formatDateTime(current.createdAt)} ${current.createdByName}` },
            { key: 'counts', label: t('catalogue.current'), children: t('catalogue.counts', current), span: 3 },
          ]} />
          {current.items.length === 0
            ? <Alert type="success" showIcon title={t('catalogue.nothingToDo')} />
            : <Table<LccSyncItem> rowKey="id" size="small" columns={itemColumns} dataSource={current.items} pagination={false} data-sync-items />}
        </>
      )}
      <Typography.Title level={5} style={{ margin: '0.5rem 0 0' }}>{t('catalogue.history')}</Typography.Title>
      <Table<LccSyncRun>
        rowKey="id" size="small" columns={runColumns} dataSource={runs.data?.list ?? []} loading={runs.isFetching} data-sync-history
        onRow={(r) => ({ onClick: () => setShownId(r.id), style: { cursor: 'pointer' } })}
        rowClassName={(r) => (r.id === runId ? 'ant-table-row-selected' : '')}
        pagination={{ current: page, pageSize: 10, total: runs.data?.count ?? 0, onChange: setPage, hideOnSinglePage: true }}
      />
    </Flex>
  );
}
