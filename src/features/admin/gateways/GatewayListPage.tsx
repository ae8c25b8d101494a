import { EyeOutlined, PoweroffOutlined, SyncOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Input, Select, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { Table } from '../kit/CardTable';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMAND_KIND_LABELS, COMMAND_STATE_LABELS, type GatewayCommandRecord } from '../../../../contract/gateway-commands';
import type { GatewayListItem } from '../../../../contract/gateways';
import { Right } from '../../../../contract/rights';
import { errorText } from '../../../shared/errorText';
import { PageHeading, PagePanel } from '../../../shared/ui/PagePanel';
import { useHasRight } from '../../../shared/user';
import { formatDateTime } from '../kit/cellValue';
import { fetchNames } from '../kit/resourceApi';
import { PanelBody } from '../ResourceListPage';
import { followCommand, outcomeView } from '../devices/remote/commandOutcome';
import { ControlPasswordModal } from '../devices/remote/ControlPasswordModal';
import { fetchCommand, fetchGateways, refreshGateway, remoteKeys, restartGateway } from '../devices/remote/remoteApi';
import { registerRemoteStrings } from '../devices/remote/remoteStrings';
import { GatewayConfigDrawer } from './GatewayConfigDrawer';
import { refreshWhileWaiting, STATE_COLORS } from './gatewayView';

registerRemoteStrings();

const PAGE_SIZE = 20;

/**
 * 网关管理 (/nv_iot/nv_iot_gateway, issue 18): the gateways of the caller's projects with their
 * devices online, access key and last command; 配置预览 shows the register map a gateway polls,
 * 刷新 (device-edit) and 重启 (device-control, after the password check) queue a command and show
 * its outcome when the gateway answers. The list reads itself again while a command waits.
 */
export function GatewayListPage({ title }: { title: string }) {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canRefresh = useHasRight(Right.DeviceEdit);
  const canRestart = useHasRight(Right.DeviceControl);
  const [page, setPage] = useState(1);
  const [projectId, setProjectId] = useState<number>();
  const [keyword, setKeyword] = useState('');
  const [previewing, setPreviewing] = useState<GatewayListItem | null>(null);
  const [restarting, setRestarting] = useState<GatewayListItem | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const followers = useRef(new AbortController());
  useEffect(() => {
    const controller = new AbortController();
    followers.current = controller;
    return () => controller.abort();
  }, []);

  const query = { Page: page, Size: PAGE_SIZE, projectId, keyword: keyword || undefined };
  const list = useQuery({
    queryKey: [...remoteKeys.gateways, query],
    queryFn: ({ signal }) => fetchGateways(query, signal),
    refetchInterval: (q) => refreshWhileWaiting(q.state.data?.list),
  });
  const projects = useQuery({ queryKey: ['resource', 't_project', 'names'], queryFn: ({ signal }) => fetchNames('t_project', signal), staleTime: 60_000 });

  const run = async (g: GatewayListItem, send: () => Promise<GatewayCommandRecord>, queued: string) => {
    setBusy(g.id);
    const signal = followers.current.signal;
    let record: GatewayCommandRecord;
    try {
      record = await send();
    } catch (err) {
      message.error(t('gateways.failed', { error: errorText(err) }));
      return;
    } finally {
      setBusy(null);
    }
    message.info(queued);
    await queryClient.invalidateQueries({ queryKey: remoteKeys.gateways });
    try {
      const final = await followCommand(record, (id, s) => fetchCommand(id, s), () => undefined, signal);
      const view = outcomeView(final, lang, { pending: t('remote.pending'), succeeded: t('remote.succeeded') });
      const text = t('gateways.outcome', { name: g.name, kind: COMMAND_KIND_LABELS[record.kind][lang], result: view.text });
      if (view.tone === 'success') message.success(text);
      else message.error(text);
      await queryClient.invalidateQueries({ queryKey: remoteKeys.gateways });
    } catch {
      // The page went away.
    }
  };

  const columns: TableColumnsType<GatewayListItem> = [
    {
      key: 'name', title: t('gateways.name'), ellipsis: true,
      render: (_, g) => <Flex vertical><span>{g.name}</span><Typography.Text type="secondary" style={{ fontSize: '0.8125rem' }}>{g.code}</Typography.Text></Flex>,
    },
    { key: 'project', title: t('gateways.project'), dataIndex: 'projectName', ellipsis: true, render: (v: string) => v || t('gateways.none') },
    {
      key: 'devices', title: t('gateways.devices'), width: 170,
      render: (_, g) => <span data-testid={`devices-${g.code}`}>{g.onlineCount} / {g.deviceCount}</span>,
    },
    {
      key: 'key', title: t('gateways.key'), width: 110,
      render: (_, g) => <Tag color={g.hasKey ? 'success' : 'warning'}>{g.hasKey ? t('gateways.keySet') : t('gateways.keyMissing')}</Tag>,
    },
    {
      key: 'last', title: t('gateways.lastCommand'), width: 380,
      render: (_, g) => {
        const c = g.lastCommand;
        if (!c) return t('gateways.none');
        const view = outcomeView(c, lang, { pending: COMMAND_STATE_LABELS[c.state][lang], succeeded: COMMAND_STATE_LABELS.succeeded[lang] });
        return (
          <Flex gap={6} align="center" wrap={false} data-testid={`last-${g.code}`} data-state={c.state} data-kind={c.kind}>
            <span style={{ whiteSpace: 'nowrap' }}>{COMMAND_KIND_LABELS[c.kind][lang]}</span>
            <Tag color={STATE_COLORS[c.state]}>{view.text}</Tag>
            <Typography.Text type="secondary" style={{ fontSize: '0.75rem', whiteSpace: 'nowrap' }}>{formatDateTime(c.createdAt)}</Typography.Text>
          </Flex>
        );
      },
    },
    {
      key: 'actions', title: t('gateways.actions'), width: 300,
      render: (_, g) => (
        <Flex gap={4} wrap>
          <Button type="link" size="small" icon={<EyeOutlined aria-hidden />} onClick={() => setPreviewing(g)}>{t('gateways.preview')}</Button>
          {canRefresh && (
            <Button type="link" size="small" icon={<SyncOutlined aria-hidden />} disabled={busy === g.id}
              onClick={() => void run(g, () => refreshGateway(g.id), t('gateways.refreshQueued', { name: g.name }))}>
              {t('gateways.refresh')}
            </Button>
          )}
          {canRestart && (
            <Tooltip title={t('gateways.restartTitle')}>
              <Button type="link" size="small" danger icon={<PoweroffOutlined aria-hidden />} disabled={busy === g.id} onClick={() => setRestarting(g)}>
                {t('gateways.restart')}
              </Button>
            </Tooltip>
          )}
        </Flex>
      ),
    },
  ];

  return (
    <PagePanel data-testid="gateway-list">
      <PageHeading>{title}</PageHeading>
      <PanelBody>
        <Flex gap="small" wrap style={{ marginBottom: '1rem' }}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            aria-label={t('gateways.project')}
            placeholder={t('gateways.allProjects')}
            style={{ width: 240 }}
            value={projectId}
            onChange={(v?: number) => { setProjectId(v); setPage(1); }}
            options={(projects.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          />
          <Input.Search
            allowClear
            aria-label={t('gateways.keyword')}
            placeholder={t('gateways.keyword')}
            style={{ width: 280 }}
            enterButton={t('gateways.search')}
            onSearch={(v) => { setKeyword(v.trim()); setPage(1); }}
          />
        </Flex>
        <Table<GatewayListItem>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isLoading}
          locale={list.isError ? { emptyText: errorText(list.error) } : undefined}
          pagination={{
            current: page, pageSize: PAGE_SIZE, total: list.data?.count ?? 0, showSizeChanger: false,
            showTotal: (count) => t('gateways.total', { count }), onChange: setPage,
          }}
        />
      </PanelBody>
      {previewing && <GatewayConfigDrawer gateway={previewing} onClose={() => setPreviewing(null)} />}
      {restarting && (
        <ControlPasswordModal
          title={t('gateways.restartTitle')}
          hint={t('gateways.restartHint', { name: restarting.name })}
          okText={t('gateways.restart')}
          onCancel={() => setRestarting(null)}
          onConfirmed={(password) => {
            const g = restarting;
            setRestarting(null);
            void run(g, () => restartGateway(g.id, password), t('gateways.restartQueued', { name: g.name }));
          }}
        />
      )}
    </PagePanel>
  );
}
