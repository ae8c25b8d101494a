import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Drawer, Empty, Spin, Tag, Typography, type TableColumnsType } from 'antd';
import { Table } from '../../admin/kit/CardTable';
import { useTranslation } from 'react-i18next';
import type { AlarmNotification } from '../../../../contract/alarm-notifications';
import type { HistoryAlarmRow } from '../../../../contract/alarms';
import { errorText } from '../../../shared/errorText';
import { formatDateTime } from '../../admin/kit/cellValue';
import { alarmKeys, fetchNotificationLog } from './alarmPagesApi';
import { LEVEL_COLOURS, rem } from './alarmView';

const STATE_COLOURS: Record<string, string> = { queued: 'default', sending: 'processing', sent: 'success', failed: 'warning', dead: 'error' };
const when = (ms: number | null) => (ms === null ? '—' : formatDateTime(ms));

/** One alarm of 历史告警: what, where, when, who acknowledged and dealt with it, and its notification delivery log. */
export function AlarmDetailDrawer({ alarm, onClose }: { alarm: HistoryAlarmRow | null; onClose(): void }) {
  const { t } = useTranslation('admin');
  const log = useQuery({
    queryKey: alarmKeys.notifications(alarm?.id ?? 0),
    queryFn: ({ signal }) => fetchNotificationLog(alarm!.id, signal),
    enabled: alarm !== null,
  });

  const columns: TableColumnsType<AlarmNotification> = [
    { key: 'channel', title: t('alarmPages.channel'), width: rem(90), render: (_, n) => t(`alarmPages.channels.${n.channel}`) },
    { key: 'contact', title: t('alarmPages.contact'), dataIndex: 'contactName', ellipsis: true },
    { key: 'target', title: t('alarmPages.target'), dataIndex: 'target', ellipsis: true },
    { key: 'level', title: t('alarmPages.escalationLevel'), dataIndex: 'escalationLevel', width: rem(90) },
    {
      key: 'state', title: t('alarmPages.state'), width: rem(130),
      render: (_, n) => <Tag color={STATE_COLOURS[n.state]} data-notification-state={n.state}>{t(`alarmPages.states.${n.state}`)}</Tag>,
    },
    { key: 'attempts', title: t('alarmPages.attempts'), dataIndex: 'attempts', width: rem(80) },
    { key: 'sentAt', title: t('alarmPages.sentAt'), width: rem(170), render: (_, n) => when(n.sentAt) },
  ];

  const escalation = log.data?.escalation;
  return (
    <Drawer open={alarm !== null} onClose={onClose} size={rem(760)} title={t('alarmPages.detailTitle')} destroyOnHidden data-testid="alarm-detail">
      {alarm && (
        <>
          <Descriptions column={2} size="small" bordered items={[
            { key: 'project', label: t('alarmPages.project'), children: alarm.projectName || '—' },
            { key: 'device', label: t('alarmPages.device'), children: alarm.deviceName },
            { key: 'level', label: t('alarmPages.level'), children: <Tag color={LEVEL_COLOURS[alarm.warnLevel]}>{t(`alarmPages.levels.${alarm.warnLevel}`)}</Tag> },
            { key: 'condition', label: t('alarmPages.condition'), children: `${alarm.measureName} ${alarm.condition}` },
            { key: 'content', label: t('alarmPages.content'), span: 2, children: alarm.alarmContent },
            { key: 'raisedAt', label: t('alarmPages.raisedAt'), children: when(alarm.raisedAt) },
            { key: 'clearedAt', label: t('alarmPages.clearedAt'), children: when(alarm.clearedAt) },
            { key: 'ackedAt', label: t('alarmPages.ackedAt'), children: alarm.ackedAt === null ? '—' : `${when(alarm.ackedAt)} · ${alarm.ackedByName ?? ''}` },
            { key: 'dealedAt', label: t('alarmPages.dealedAt'), children: alarm.dealedAt === null ? '—' : `${when(alarm.dealedAt)} · ${alarm.dealedByName ?? ''}` },
            { key: 'remark', label: t('alarmPages.dealRemark'), span: 2, children: alarm.dealRemark || '—' },
          ]} />
          <Typography.Title level={5} style={{ marginTop: rem(24) }}>{t('alarmPages.notifications')}</Typography.Title>
          {log.isLoading && <Spin />}
          {log.error && <Alert type="error" showIcon message={t('alarmPages.loadFailed', { error: errorText(log.error) })} />}
          {escalation && (
            <Typography.Paragraph type="secondary">
              {t('alarmPages.escalation', { level: escalation.level })}
              {escalation.nextAt !== null && t('alarmPages.escalationNext', { time: when(escalation.nextAt) })}
              {escalation.finished && t('alarmPages.escalationDone', { finished: t(`alarmPages.finished.${escalation.finished}`, { defaultValue: escalation.finished }) })}
            </Typography.Paragraph>
          )}
          {log.data && (log.data.list.length ? (
            <Table<AlarmNotification>
              data-testid="notification-log" rowKey="id" size="small" pagination={false} columns={columns} dataSource={log.data.list}
              expandable={{
                rowExpandable: (n) => n.tries.length > 0,
                expandedRowRender: (n) => (
                  <ul style={{ margin: 0 }}>
                    {n.tries.map((tr) => (
                      <li key={tr.attempt}>
                        {`${when(tr.startedAt)} · `}
                        {t('alarmPages.tries', { n: tr.attempt, result: tr.ok ? t('alarmPages.tryOk') : tr.ok === null ? t('alarmPages.tryCut') : tr.error })}
                      </li>
                    ))}
                  </ul>
                ),
              }}
            />
          ) : <Empty description={t('alarmPages.noNotifications')} />)}
        </>
      )}
    </Drawer>
  );
}
