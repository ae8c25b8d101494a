import { ReloadOutlined, SendOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, InputNumber, Select, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { Table } from '../../kit/CardTable';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ControlPoint } from '../../../../../contract/device-control';
import { Right } from '../../../../../contract/rights';
import { errorText } from '../../../../shared/errorText';
import { useHasRight } from '../../../../shared/user';
import { formatDateTime } from '../../kit/cellValue';
import { ControlPasswordModal } from './ControlPasswordModal';
import { followCommand, outcomeView, type CommandOutcome } from './commandOutcome';
import { fetchCommand, fetchControlPoints, remoteKeys, sendSetPoint } from './remoteApi';
import { registerRemoteStrings } from './remoteStrings';

registerRemoteStrings();

const TONE_COLORS = { processing: 'processing', success: 'success', error: 'error' } as const;

interface Sent extends CommandOutcome { value: number }

/** A point's value as its options or its unit say it. */
function shown(p: ControlPoint, value: number | null, lang: 'zh' | 'en', never: string): string {
  if (value === null) return never;
  const option = p.options.find((o) => o.value === value);
  if (option) return option.label[lang];
  return p.unit ? `${value} ${p.unit}` : String(value);
}

function rangeOf(p: ControlPoint): string | null {
  if (p.options.length || (p.min === null && p.max === null)) return null;
  return `${p.min ?? '−∞'} – ${p.max ?? '∞'}${p.unit ? ` ${p.unit}` : ''}`;
}

/**
 * Remote control of one device (issue 18, SPEC §5 and §8): its writable measure points with their
 * current value, unit and range; a value is sent after the password check and the outcome shown
 * when the command finishes — 成功, or the result code's text (设备忙, 设备无应答, 超出范围, …,
 * 命令超时). Renders nothing for a user without device-control. Every reading and wait stops when
 * the panel goes away.
 */
export function RemoteControlPanel({ deviceId }: { deviceId: number }) {
  const allowed = useHasRight(Right.DeviceControl);
  return allowed ? <ControlTable deviceId={deviceId} /> : null;
}

function ControlTable({ deviceId }: { deviceId: number }) {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [drafts, setDrafts] = useState<Record<number, number | null>>({});
  const [sent, setSent] = useState<Record<number, Sent>>({});
  const [asking, setAsking] = useState<{ point: ControlPoint; value: number } | null>(null);
  const [sending, setSending] = useState<number | null>(null);
  const followers = useRef(new AbortController());

  useEffect(() => {
    const controller = new AbortController();
    followers.current = controller;
    return () => controller.abort();
  }, [deviceId]);

  const points = useQuery({
    queryKey: remoteKeys.points(deviceId),
    queryFn: ({ signal }) => fetchControlPoints(deviceId, signal),
  });
  const data = points.data;
  const pendingOf = useMemo(() => new Map((data?.pending ?? []).map((p) => [p.measureId, p])), [data]);

  const send = async (point: ControlPoint, value: number, password: string) => {
    setAsking(null);
    setSending(point.measureId);
    const signal = followers.current.signal;
    let record;
    try {
      record = await sendSetPoint(deviceId, point.measureId, value, password);
    } catch (err) {
      message.error(t('remote.sendFailed', { error: errorText(err) }));
      return;
    } finally {
      setSending(null);
    }
    const update = (o: CommandOutcome) => { if (!signal.aborted) setSent((s) => ({ ...s, [point.measureId]: { ...o, value } })); };
    try {
      const final = await followCommand(record, (id, s) => fetchCommand(id, s), update, signal);
      const view = outcomeView(final, lang, { pending: t('remote.pending'), succeeded: t('remote.succeeded') });
      const text = t('remote.outcome', { point: point.name, value: shown(point, value, lang, ''), result: view.text });
      if (view.tone === 'success') message.success(text);
      else message.error(text);
      await queryClient.invalidateQueries({ queryKey: remoteKeys.points(deviceId) });
    } catch {
      // The panel went away: nothing more to show.
    }
  };

  const columns: TableColumnsType<ControlPoint> = [
    {
      key: 'point', title: t('remote.point'), width: 190,
      render: (_, p) => {
        const range = rangeOf(p);
        return (
          <Flex vertical>
            <span>{p.name}</span>
            <Typography.Text type="secondary" style={{ fontSize: '0.8125rem' }}>{range ? t('remote.range', { range }) : ''}</Typography.Text>
          </Flex>
        );
      },
    },
    {
      key: 'current', title: t('remote.current'), width: 150,
      render: (_, p) => (
        <Flex vertical data-testid={`current-${p.name}`}>
          <span>{shown(p, p.value, lang, t('remote.neverRead'))}</span>
          {p.ts !== null && <Typography.Text type="secondary" style={{ fontSize: '0.75rem' }}>{formatDateTime(p.ts)}</Typography.Text>}
        </Flex>
      ),
    },
    {
      key: 'target', title: t('remote.target'),
      render: (_, p) => {
        const draft = drafts[p.measureId] ?? null;
        const setDraft = (v: number | null) => setDrafts((d) => ({ ...d, [p.measureId]: v }));
        const busy = sending === p.measureId;
        return (
          <Space.Compact style={{ width: '100%' }}>
            {p.options.length ? (
              <Select
                aria-label={`${t('remote.target')} ${p.name}`}
                style={{ width: 150 }}
                value={draft ?? undefined}
                onChange={(v: number) => setDraft(v)}
                options={p.options.map((o) => ({ value: o.value, label: o.label[lang] }))}
                placeholder={t('remote.valueRequired')}
              />
            ) : (
              <InputNumber<number>
                aria-label={`${t('remote.target')} ${p.name}`}
                style={{ width: 150 }}
                value={draft}
                onChange={(v) => setDraft(v)}
                step={10 ** -Math.max(0, p.decimals)}
                suffix={p.unit || undefined}
                placeholder={t('remote.valueRequired')}
              />
            )}
            <Button
              type="primary"
              icon={<SendOutlined aria-hidden />}
              loading={busy}
              disabled={data?.gatewayId === null || draft === null}
              onClick={() => draft !== null && setAsking({ point: p, value: draft })}
            >
              {t('remote.send')}
            </Button>
          </Space.Compact>
        );
      },
    },
    {
      key: 'result', title: t('remote.result'), width: 150,
      render: (_, p) => {
        const mine = sent[p.measureId];
        const waiting = pendingOf.get(p.measureId);
        const o: CommandOutcome | null = mine ?? (waiting ? { id: waiting.commandId, state: waiting.state, code: null } : null);
        if (!o) return null;
        const view = outcomeView(o, lang, { pending: t('remote.pending'), succeeded: t('remote.succeeded') });
        return <Tag color={TONE_COLORS[view.tone]} data-testid={`result-${p.name}`} data-state={o.state}>{view.text}</Tag>;
      },
    },
  ];

  if (points.isError) {
    return <Alert type="error" showIcon message={t('remote.loadFailed', { error: errorText(points.error) })} />;
  }
  return (
    <Flex vertical gap="middle" data-testid="remote-control" data-device={deviceId}>
      <Flex justify="space-between" align="center" gap="middle">
        <Typography.Text type="secondary">{data?.gatewayName ? t('remote.gateway', { name: data.gatewayName }) : ''}</Typography.Text>
        <Button size="small" icon={<ReloadOutlined aria-hidden />} onClick={() => void points.refetch()} loading={points.isFetching}>
          {t('remote.refresh')}
        </Button>
      </Flex>
      {data?.gatewayId === null && <Alert type="warning" showIcon message={t('remote.noGateway')} />}
      <Table<ControlPoint>
        rowKey="measureId"
        size="middle"
        loading={points.isLoading}
        columns={columns}
        dataSource={data?.points ?? []}
        pagination={false}
        locale={{ emptyText: t('remote.noPoints') }}
      />
      <Typography.Text type="secondary" style={{ fontSize: '0.8125rem' }}>{t('remote.hint')}</Typography.Text>
      {asking && (
        <ControlPasswordModal
          title={t('remote.passwordTitle')}
          hint={t('remote.passwordHint', { point: asking.point.name, value: shown(asking.point, asking.value, lang, ''), device: data?.deviceName ?? '' })}
          okText={t('remote.confirm')}
          onConfirmed={(password) => void send(asking.point, asking.value, password)}
          onCancel={() => setAsking(null)}
        />
      )}
    </Flex>
  );
}
