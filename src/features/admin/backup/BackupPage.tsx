import { CloudDownloadOutlined, DatabaseOutlined, ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, InputNumber, Popconfirm, Progress, Switch, Tag, TimePicker, Tooltip, Typography, Upload, type TableColumnsType } from 'antd';
import { Table } from '../kit/CardTable';
import dayjs from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BackupEntry, BackupJob, BackupSchedule } from '../../../../contract/backup';
import { announceMaintenance } from '../../../app/hub/maintenance';
import { errorText } from '../../../shared/errorText';
import { ApiRequestError } from '../../../shared/http';
import { appStore } from '../../../shared/store';
import { userAtom } from '../../../shared/user';
import { PageHeading, PagePanel } from '../../../shared/ui/PagePanel';
import { formatDateTime } from '../kit/cellValue';
import { PanelBody } from '../ResourceListPage';
import { formatBytes } from '../upgrades/upgradeView';
import {
  backupKeys, deleteBackup, downloadBackup, fetchBackupJob, fetchBackups, restoreBackup, saveSchedule, takeBackup, uploadBackup,
} from './backupApi';
import { registerBackupStrings } from './backupStrings';

registerBackupStrings();

const ORIGIN_COLORS: Record<BackupEntry['origin'], string> = { manual: 'blue', scheduled: 'green', upload: 'purple', 'pre-restore': 'gold' };
/** How often the progress is read while an operation runs. */
const POLL_MS = 500;

/** The operation's progress bar and phase, while one runs (this admin's or another's). */
function JobProgress({ job }: { job: BackupJob }) {
  const { t } = useTranslation('admin');
  const kind = t(job.kind === 'restore' ? 'backup.kindRestore' : 'backup.kindBackup');
  const phase = t(`backup.phases.${job.phase}`, { defaultValue: job.phase });
  return (
    <Alert
      type="info"
      showIcon
      data-backup-job={job.state}
      title={t('backup.running', { kind, by: job.by || t('backup.system'), phase })}
      description={<Progress percent={Math.round((job.progress ?? 0) * 100)} status="active" size="small" />}
    />
  );
}

/** 定时备份: on/off, the time of day (server time) and how many scheduled backups are kept. */
function ScheduleCard({ schedule, nextRunAt, onSaved }: { schedule: BackupSchedule; nextRunAt: number | null; onSaved: () => void }) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const [draft, setDraft] = useState(schedule);
  const [saving, setSaving] = useState(false);
  useEffect(() => setDraft(schedule), [schedule]);
  const changed = draft.enabled !== schedule.enabled || draft.time !== schedule.time || draft.keep !== schedule.keep;
  const save = async () => {
    setSaving(true);
    try {
      await saveSchedule(draft);
      message.success(t('backup.scheduleSaved'));
      onSaved();
    } catch (err) {
      message.error(t('backup.scheduleFailed', { error: errorText(err) }));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card size="small" title={t('backup.scheduleTitle')} data-backup-schedule>
      <Flex vertical gap="0.75rem">
        <Flex align="center" gap="1.5rem" wrap>
          <Flex align="center" gap="0.5rem">
            <Switch checked={draft.enabled} onChange={(enabled) => setDraft({ ...draft, enabled })} aria-label={t('backup.scheduleEnabled')} />
            <span>{t('backup.scheduleEnabled')}</span>
          </Flex>
          <Flex align="center" gap="0.5rem">
            <span>{t('backup.scheduleTime')}</span>
            <TimePicker
              format="HH:mm"
              allowClear={false}
              needConfirm={false}
              disabled={!draft.enabled}
              value={dayjs(`2000-01-01T${draft.time}:00`)}
              onChange={(v) => v && setDraft({ ...draft, time: v.format('HH:mm') })}
              aria-label={t('backup.scheduleTime')}
            />
          </Flex>
          <Flex align="center" gap="0.5rem">
            <span>{t('backup.scheduleKeep')}</span>
            <InputNumber
              min={1}
              max={365}
              precision={0}
              value={draft.keep}
              onChange={(keep) => typeof keep === 'number' && setDraft({ ...draft, keep })}
              aria-label={t('backup.scheduleKeep')}
              style={{ width: '6rem' }}
            />
            <span>{t('backup.scheduleKeepUnit')}</span>
          </Flex>
          <Button type="primary" disabled={!changed} loading={saving} onClick={save}>{t('backup.scheduleSave')}</Button>
        </Flex>
        <Typography.Text type="secondary">
          {nextRunAt !== null ? t('backup.nextRun', { time: formatDateTime(nextRunAt) }) : t('backup.scheduleOff')}
          {' · '}
          {t('backup.scheduleHint')}
        </Typography.Text>
      </Flex>
    </Card>
  );
}

/**
 * 数据备份 (/nv_data_backup, issue 22): the backups with their time, size and SHA-256; 立即备份
 * with its progress; upload, download, delete; restore behind a confirmation that says what will
 * happen; and the daily schedule. Every call needs the right `backup` (the menu shows the page only
 * to holders).
 */
export function BackupPage({ title }: { title: string }) {
  const { t } = useTranslation('admin');
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [acting, setActing] = useState(false);
  const downloads = useRef(new Set<AbortController>());
  useEffect(() => {
    const pending = downloads.current;
    return () => { for (const c of pending) c.abort(); };
  }, []);

  const list = useQuery({ queryKey: backupKeys.list, queryFn: ({ signal }) => fetchBackups(signal) });
  const job = useQuery({
    queryKey: backupKeys.result,
    queryFn: ({ signal }) => fetchBackupJob(signal),
    refetchInterval: (q) => (acting || q.state.data?.state === 'running' ? POLL_MS : false),
  });
  const running = acting || job.data?.state === 'running';
  // When an operation (anyone's) ends, the list changes.
  const lastState = useRef<string | undefined>(undefined);
  useEffect(() => {
    const state = job.data?.state;
    if (lastState.current === 'running' && state !== 'running') void queryClient.invalidateQueries({ queryKey: backupKeys.list });
    lastState.current = state;
  }, [job.data?.state, queryClient]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['backup'] });

  const act = async <T,>(fn: () => Promise<T>, done: (r: T) => string, failed: string) => {
    setActing(true);
    void job.refetch();
    try {
      const result = await fn();
      message.success(done(result));
    } catch (err) {
      message.error(t(failed, { error: errorText(err) }));
    } finally {
      setActing(false);
      await refresh();
    }
  };

  const backupNow = () => act(takeBackup, (e) => t('backup.backedUp', { name: e.fileName }), 'backup.backupFailed');

  const upload = (file: File) => {
    const max = list.data?.uploadMaxBytes;
    if (max && file.size > max) {
      message.error(t('backup.uploadFailed', { error: t('backup.uploadTooLarge', { max: formatBytes(max) }) }));
      return;
    }
    void act(() => uploadBackup(file), (e) => t('backup.uploaded', { name: e.fileName }), 'backup.uploadFailed');
  };

  const download = async (e: BackupEntry) => {
    const controller = new AbortController();
    downloads.current.add(controller);
    try {
      await downloadBackup(e.fileName, controller.signal);
    } catch (err) {
      if ((err as Error).name !== 'AbortError') message.error(t('backup.downloadFailed', { error: errorText(err) }));
    } finally {
      downloads.current.delete(controller);
    }
  };

  const columns = useMemo<TableColumnsType<BackupEntry>>(() => {
    const remove = async (e: BackupEntry) => {
      try {
        await deleteBackup(e.fileName);
        message.success(t('backup.removed', { name: e.fileName }));
      } catch (err) {
        message.error(t('backup.removeFailed', { error: errorText(err) }));
      }
      await queryClient.invalidateQueries({ queryKey: backupKeys.list });
    };
    const confirmRestore = (e: BackupEntry) => {
      modal.confirm({
        title: t('backup.restoreTitle'),
        width: '36rem',
        content: (
          <Flex vertical gap="0.5rem" data-backup-restore-confirm={e.fileName}>
            <Typography.Text strong>{t('backup.restoreWhat', { name: e.fileName, time: formatDateTime(e.createdAt) })}</Typography.Text>
            <span>{t('backup.restoreSteps')}</span>
            <Typography.Text type="warning">{t('backup.restoreLoss')}</Typography.Text>
            <span>{t('backup.restoreNotice')}</span>
          </Flex>
        ),
        okText: t('backup.restoreOk'),
        okButtonProps: { danger: true },
        cancelText: t('backup.cancel'),
        onOk: () => {
          const notice = (phase: 'started' | 'done' | 'failed') => announceMaintenance({ action: 'restore', phase, fileName: e.fileName, by: appStore.get(userAtom)?.username ?? '', at: Date.now() });
          void act(
            async () => {
              try {
                const r = await restoreBackup(e.fileName);
                notice('done');
                return r;
              } catch (err) {
                // A file refused before anything began needs no notice over the console.
                if (!(err instanceof ApiRequestError && err.status === 400)) notice('failed');
                throw err;
              }
            },
            (r) => t('backup.restored', { name: r.fileName, safety: r.safetyBackup }),
            'backup.restoreFailed',
          ).then(() => queryClient.invalidateQueries());
        },
      });
    };
    return [
      { key: 'time', title: t('backup.time'), width: 170, render: (_, e) => formatDateTime(e.createdAt) },
      {
        key: 'file', title: t('backup.fileName'), ellipsis: true,
        render: (_, e) => (
          <Flex vertical>
            <Typography.Text data-backup-file={e.fileName}>{e.fileName}</Typography.Text>
            {e.originalName && <Typography.Text type="secondary" style={{ fontSize: '0.8125rem' }}>{t('backup.uploadedAs', { name: e.originalName })}</Typography.Text>}
          </Flex>
        ),
      },
      {
        key: 'origin', title: t('backup.origin'), width: 120,
        render: (_, e) => <Tag color={ORIGIN_COLORS[e.origin]}>{t(`backup.originNames.${e.origin}`)}</Tag>,
      },
      { key: 'size', title: t('backup.size'), width: 100, align: 'right', render: (_, e) => formatBytes(e.size) },
      {
        key: 'sha', title: t('backup.checksum'), width: 250,
        render: (_, e) => (
          <Tooltip title={e.sha256}>
            <Typography.Text code copyable={{ text: e.sha256 }} data-sha256={e.sha256}>{`${e.sha256.slice(0, 16)}…`}</Typography.Text>
          </Tooltip>
        ),
      },
      { key: 'by', title: t('backup.by'), width: 110, render: (_, e) => e.by || t('backup.system') },
      { key: 'schema', title: t('backup.schema'), width: 160, ellipsis: true, dataIndex: 'schemaVersion' },
      {
        key: 'actions', title: t('backup.actions'), width: 270,
        render: (_, e) => (
          <Flex gap="0.25rem">
            <Button size="small" type="link" icon={<CloudDownloadOutlined />} onClick={() => void download(e)} data-backup-download={e.fileName}>
              {t('backup.download')}
            </Button>
            <Button size="small" type="link" disabled={running} onClick={() => confirmRestore(e)} data-backup-restore={e.fileName}>
              {t('backup.restore')}
            </Button>
            <Popconfirm
              title={t('backup.removeConfirm', { name: e.fileName })}
              okText={t('backup.remove')}
              okButtonProps={{ danger: true }}
              cancelText={t('backup.cancel')}
              onConfirm={() => remove(e)}
            >
              <Button size="small" type="link" danger disabled={running} data-backup-delete={e.fileName}>{t('backup.remove')}</Button>
            </Popconfirm>
          </Flex>
        ),
      },
    ];
  // `act` and `download` read only stable values (the query client, the app's message and modal).
  }, [t, running, message, modal, queryClient]);

  const data = list.data;
  const last = job.data;
  return (
    <PagePanel data-backup-page>
      <PageHeading>{title}</PageHeading>
      <PanelBody>
        <Flex vertical gap="1rem">
          <Alert type="info" showIcon title={t('backup.contents')} data-backup-contents />
          {list.error && <Alert type="error" showIcon title={t('backup.loadFailed', { error: errorText(list.error) })} />}
          {data && !data.available && <Alert type="warning" showIcon title={t('backup.unavailable', { reason: data.unavailableReason ?? '' })} />}
          <Flex justify="space-between" align="center" wrap gap="0.75rem">
            <Flex gap="0.75rem">
              <Button type="primary" icon={<DatabaseOutlined />} loading={running && last?.kind !== 'restore'} disabled={running || !data?.available} onClick={backupNow} data-backup-now>
                {t('backup.backupNow')}
              </Button>
              <Upload accept=".db,.dump" showUploadList={false} disabled={running || !data?.available} beforeUpload={(file) => { upload(file); return false; }}>
                <Button icon={<UploadOutlined />} disabled={running || !data?.available} data-backup-upload>{t('backup.upload')}</Button>
              </Upload>
              <Button icon={<ReloadOutlined />} onClick={() => void refresh()}>{t('backup.refresh')}</Button>
            </Flex>
            <Typography.Text type="secondary">
              {data && t('backup.database', { dialect: data.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL' })}
              {data?.freeBytes != null && ` · ${t('backup.freeSpace', { size: formatBytes(data.freeBytes) })}`}
            </Typography.Text>
          </Flex>
          {last?.state === 'running' && <JobProgress job={last} />}
          {last?.state === 'failed' && !running && (
            <Alert type="error" showIcon closable title={t('backup.lastFailed', { kind: t(last.kind === 'restore' ? 'backup.kindRestore' : 'backup.kindBackup'), error: last.error ?? '' })} />
          )}
          <Table<BackupEntry>
            rowKey="fileName"
            size="middle"
            loading={list.isLoading}
            columns={columns}
            dataSource={data?.items ?? []}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            locale={{ emptyText: t('backup.empty') }}
            scroll={{ x: 1200 }}
          />
          {data && <ScheduleCard schedule={data.schedule} nextRunAt={data.nextRunAt} onSaved={() => void refresh()} />}
        </Flex>
      </PanelBody>
    </PagePanel>
  );
}
