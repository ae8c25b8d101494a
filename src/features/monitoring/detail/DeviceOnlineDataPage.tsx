import { ArrowLeftOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Descriptions, Flex, Result, Segmented, Spin, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { MAX_AVAILABILITY_RANGE_MS } from '../../../../contract/device-detail';
import { errorText } from '../../../shared/errorText';
import { ApiRequestError } from '../../../shared/http';
import { PageHeading, PagePanel } from '../../../shared/ui/PagePanel';
import { RouteLink } from '../../admin/access/RouteLink';
import { formatDateTime } from '../../admin/kit/cellValue';
import { PanelBody } from '../../admin/ResourceListPage';
import { DEVICE_DETAIL_PATH, detailKeys, fetchDeviceDetail } from './detailApi';
import { registerDetailStrings } from './detailStrings';
import type { TimeRange } from './historyView';
import { OnlineChanges, OnlineReport } from './OnlineReport';
import { breakdownOf, periodAt, PERIOD_KINDS, shiftPeriod, type PeriodKind } from './onlineView';

registerDetailStrings();

const STATE_COLORS: Record<number, string> = { 0: 'default', 1: 'success', 2: 'error' };
const NOW_TICK_MS = 30_000;

/** The period of the address: `?period=week&at=…`, or `?period=custom&from=…&to=…`; this week otherwise. */
function periodOf(q: URLSearchParams, now: number): { kind: PeriodKind; range: TimeRange; at: number } {
  const kind = (PERIOD_KINDS as readonly string[]).includes(q.get('period') ?? '') ? (q.get('period') as PeriodKind) : 'week';
  if (kind === 'custom') {
    const from = Number(q.get('from'));
    const to = Number(q.get('to'));
    if (Number.isSafeInteger(from) && Number.isSafeInteger(to) && from >= 0 && from < to && to - from <= MAX_AVAILABILITY_RANGE_MS) {
      return { kind, range: { from, to }, at: from };
    }
    return { kind: 'week', range: periodAt('week', now), at: now };
  }
  const asked = Number(q.get('at'));
  const at = Number.isSafeInteger(asked) && asked > 0 ? asked : now;
  return { kind, range: periodAt(kind, at), at };
}

/**
 * 在线数据 (/nv_monitor/nv_device_onlinedata/{deviceId}, device-preview): a device's online and
 * offline history (t_history_online) over a day, week or month (stepping back and forth) or any
 * range up to 400 days: availability and durations computed by the server from the transitions,
 * the state carried in from before the period included, per-day (or week, month) bars, a timeline
 * and the list of changes with how long each state held.
 */
export function DeviceOnlineDataPage({ title, params }: { title: string; params: Record<string, string> }) {
  const { t } = useTranslation('admin');
  const deviceId = Number(params.deviceId);
  const valid = Number.isSafeInteger(deviceId) && deviceId > 0;
  const search = useSearch();
  const [location, navigate] = useLocation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), NOW_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const q = useMemo(() => new URLSearchParams(search), [search]);
  // The period does not follow the clock: only the address moves it.
  const { kind, range, at } = useMemo(() => periodOf(q, Date.now()), [q]);
  const step = breakdownOf(kind, range);
  const device = useQuery({
    queryKey: [...detailKeys.detail(deviceId), 'summary'],
    queryFn: ({ signal }) => fetchDeviceDetail(deviceId, signal),
    enabled: valid,
    retry: (count, err) => !(err instanceof ApiRequestError && err.status === 404) && count < 2,
  });
  const notFound = !valid || (device.error instanceof ApiRequestError && device.error.status === 404);
  const go = (next: Record<string, string>) => navigate(`${location}?${new URLSearchParams(next).toString()}`, { replace: true });
  const unit = kind === 'custom' ? '' : t(`deviceDetail.periodOf.${kind}`);
  const back = <RouteLink to={`${DEVICE_DETAIL_PATH}/${params.deviceId}`}><ArrowLeftOutlined aria-hidden /> {t('deviceDetail.detail')}</RouteLink>;

  if (notFound) {
    return (
      <PagePanel data-device-online="not-found">
        <PageHeading>{title}</PageHeading>
        <PanelBody><Result status="404" title="404" subTitle={t('deviceDetail.notFound', { id: params.deviceId })} /></PanelBody>
      </PagePanel>
    );
  }
  const d = device.data?.device;
  return (
    <PagePanel data-device-online={deviceId}>
      <PageHeading>{title}{d && ` · ${d.name}`}</PageHeading>
      <PanelBody>
        <Flex justify="space-between" align="center" style={{ marginBottom: '1rem' }}>{back}</Flex>
        {device.error && <Alert type="error" showIcon title={t('deviceDetail.loadFailed', { error: errorText(device.error) })} />}
        {device.isPending && <Spin style={{ display: 'block', margin: '3rem auto' }} />}
        {d && (
          <Flex vertical gap="1rem">
            <Descriptions size="small" bordered column={{ xs: 1, md: 2, xl: 4 }}>
              <Descriptions.Item label={t('deviceDetail.code')}>{d.code}</Descriptions.Item>
              <Descriptions.Item label={t('deviceDetail.project')}>{d.projectName || '—'}</Descriptions.Item>
              <Descriptions.Item label={t('deviceDetail.state')}>
                <Tag color={STATE_COLORS[d.state] ?? 'default'}>{t(`deviceDetail.states.${d.state}`, { defaultValue: String(d.state) })}</Tag>
              </Descriptions.Item>
              <Descriptions.Item label={t('deviceDetail.lastSeen')}>{d.lastSeenAt === null ? t('deviceDetail.never') : formatDateTime(d.lastSeenAt)}</Descriptions.Item>
            </Descriptions>
            <Flex wrap gap="0.75rem" align="center" data-period-bar>
              <Segmented
                aria-label={t('deviceDetail.period')}
                value={kind}
                options={PERIOD_KINDS.map((k) => ({ value: k, label: t(`deviceDetail.steps.${k === 'custom' ? 'none' : k}`) }))}
                onChange={(v) => (v === 'custom'
                  ? go({ period: 'custom', from: String(range.from), to: String(range.to) })
                  : go({ period: String(v), at: String(Math.min(at, now)) }))}
              />
              {kind !== 'custom' ? (
                <Flex gap="0.5rem" align="center">
                  <Button aria-label={t('deviceDetail.prev', { unit })} icon={<LeftOutlined aria-hidden />} onClick={() => go({ period: kind, at: String(shiftPeriod(kind, at, -1)) })} />
                  <Typography.Text strong data-period-range>{formatDateTime(range.from).slice(0, 10)} ~ {formatDateTime(range.to - 1).slice(0, 10)}</Typography.Text>
                  <Button aria-label={t('deviceDetail.next', { unit })} icon={<RightOutlined aria-hidden />} disabled={range.to > now} onClick={() => go({ period: kind, at: String(shiftPeriod(kind, at, 1)) })} />
                  <Button onClick={() => go({ period: kind, at: String(now) })} disabled={range.from <= now && now < range.to}>{t('deviceDetail.thisPeriod', { unit })}</Button>
                </Flex>
              ) : (
                <DatePicker.RangePicker
                  showTime={{ format: 'HH:mm' }}
                  format="YYYY-MM-DD HH:mm"
                  allowClear={false}
                  value={[dayjs(range.from), dayjs(range.to)]}
                  onChange={(r) => {
                    if (!r?.[0] || !r[1]) return;
                    const from = r[0].startOf('minute').valueOf();
                    const to = Math.min(r[1].endOf('minute').valueOf() + 1, from + MAX_AVAILABILITY_RANGE_MS);
                    if (from < to) go({ period: 'custom', from: String(from), to: String(to) });
                  }}
                />
              )}
            </Flex>
            <OnlineReport deviceId={deviceId} range={range} step={step} now={now} />
            <OnlineChanges deviceId={deviceId} range={range} />
          </Flex>
        )}
      </PanelBody>
    </PagePanel>
  );
}
