import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Flex, Pagination, Select, Transfer, Typography } from 'antd';
import type { TransferProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceListItem } from '../../../../contract/devices';
import type { Project } from '../../../../contract/resources/project';
import { hasRight, Right } from '../../../../contract/rights';
import { errorText } from '../../../shared/errorText';
import { useRights } from '../../../shared/user';
import { associateDevices, fetchGateways, fetchProjectDevices, removeDevices } from './projectApi';
import { parseProjectId, ProjectFrame } from './ProjectFrame';
import { registerProjectStrings } from './projectStrings';

registerProjectStrings();

const PAGE_SIZE = 50;
/** The gateway choice that leaves each device's gateway to the server's rule (kept if of the project). */
const KEEP = 'keep';
const NONE = 'none';

type Side = { keyword: string; page: number };
type Item = DeviceListItem & { key: string };

/**
 * 关联设备 (/nv_project/nv_associate_device/{projectId}): a transfer list of the devices outside the
 * project (left: other projects' in the caller's scope, and unassigned ones for those who see
 * everything) and the project's (right), each side searched and paged on the server, so a
 * platform of 100,000 devices moves as lightly as one of 100. Moving right associates (with a
 * gateway of the project if chosen), moving left removes from the project after confirming.
 */
export function AssociateDevicePage({ projectId }: { projectId: string | undefined }) {
  return <ProjectFrame projectId={parseProjectId(projectId)} titleKey="projects.devicesTitle">{(project) => <DeviceTransfer project={project} />}</ProjectFrame>;
}

function DeviceTransfer({ project }: { project: Project }) {
  const { t } = useTranslation('admin');
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = hasRight(useRights(), Right.ProjectEdit);
  const [left, setLeft] = useState<Side>({ keyword: '', page: 1 });
  const [right, setRight] = useState<Side>({ keyword: '', page: 1 });
  const [gateway, setGateway] = useState<string>(KEEP);
  const [selected, setSelected] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const side = (inside: boolean, s: Side) => ({
    queryKey: ['resource', 't_project', 'devices', project.id, inside ? 1 : 0, s.keyword, s.page],
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchProjectDevices(project.id, inside, { keyword: s.keyword || undefined, Page: s.page, Size: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
  const outside = useQuery(side(false, left));
  const inside = useQuery(side(true, right));
  const gateways = useQuery({ queryKey: ['resource', 't_project', 'gateways', project.id], queryFn: ({ signal }) => fetchGateways(project.id, signal) });

  const dataSource = useMemo<Item[]>(() => [...(outside.data?.list ?? []), ...(inside.data?.list ?? [])]
    .map((d) => ({ ...d, key: String(d.id) })), [outside.data, inside.data]);
  const targetKeys = useMemo(() => (inside.data?.list ?? []).map((d) => String(d.id)), [inside.data]);

  const refresh = async () => {
    setSelected([]);
    await queryClient.invalidateQueries({ queryKey: ['resource', 't_project'] });
    await queryClient.invalidateQueries({ queryKey: ['resource', 't_device'] });
  };
  const move = async (work: () => Promise<{ updated: number }>, done: (n: number) => string) => {
    setBusy(true);
    try {
      message.success(done((await work()).updated));
      await refresh();
    } catch (err) {
      message.error(t('projects.saveFailed', { error: errorText(err) }));
    } finally {
      setBusy(false);
    }
  };

  const onChange: TransferProps<Item>['onChange'] = (_next, direction, moveKeys) => {
    const ids = moveKeys.map(Number);
    if (direction === 'right') {
      const gatewayId = gateway === KEEP ? undefined : gateway === NONE ? null : Number(gateway);
      void move(() => associateDevices(project.id, ids, gatewayId), (n) => t('projects.associated', { count: n }));
      return;
    }
    modal.confirm({
      title: t('projects.confirmRemoveDevices', { count: ids.length }),
      content: t('projects.removeDevicesHint'),
      okText: t('projects.ok'),
      cancelText: t('projects.cancel'),
      onOk: () => move(() => removeDevices(project.id, ids), (n) => t('projects.removedDevices', { count: n })),
    });
  };

  const footer = (s: Side, set: (s: Side) => void, total: number) => (
    <Flex justify="flex-end" style={{ padding: '6px 8px' }}>
      <Pagination size="small" simple current={s.page} pageSize={PAGE_SIZE} total={total} onChange={(page) => set({ ...s, page })} />
    </Flex>
  );
  const error = outside.error ?? inside.error;
  return (
    <Flex vertical gap="1rem">
      {error && <Alert type="error" showIcon title={t('projects.loadFailed', { error: error.message })} />}
      {canEdit && (
        <Flex align="center" gap="0.5rem" wrap>
          <Typography.Text>{t('projects.gatewayOnAssociate')}</Typography.Text>
          <Select
            value={gateway}
            onChange={setGateway}
            style={{ width: '22rem' }}
            aria-label={t('projects.gatewayOnAssociate')}
            options={[
              { value: KEEP, label: t('projects.keepGateway') },
              { value: NONE, label: t('projects.noGatewayOption') },
              ...(gateways.data?.gateways ?? []).map((g) => ({ value: String(g.id), label: `${g.name} (${g.code})` })),
            ]}
          />
        </Flex>
      )}
      <Transfer<Item>
        dataSource={dataSource}
        targetKeys={targetKeys}
        selectedKeys={selected}
        onSelectChange={(source, target) => setSelected([...source, ...target].map(String))}
        onChange={onChange}
        disabled={!canEdit || busy}
        showSearch
        // The server searched; the list shows what it answered.
        filterOption={() => true}
        onSearch={(direction, value) => (direction === 'left' ? setLeft({ keyword: value.trim(), page: 1 }) : setRight({ keyword: value.trim(), page: 1 }))}
        titles={[
          `${t('projects.candidates')} (${outside.data?.count ?? '–'})`,
          `${t('projects.inProject')} (${inside.data?.count ?? '–'})`,
        ]}
        locale={{ searchPlaceholder: t('projects.searchDevices') }}
        actions={[t('projects.moveIn'), t('projects.moveOut')]}
        styles={{ section: { width: '100%', height: 560 } }}
        footer={(props) => (props.direction === 'left'
          ? footer(left, setLeft, outside.data?.count ?? 0)
          : footer(right, setRight, inside.data?.count ?? 0))}
        render={(d) => ({
          value: d.key,
          label: (
            <span title={`${d.name} · ${d.code}`}>
              {d.name} <Typography.Text type="secondary">· {d.code}</Typography.Text>
              {d.projectId !== project.id && (
                <Typography.Text type="secondary"> · {d.projectName ? t('projects.otherProject', { name: d.projectName }) : t('projects.unassigned')}</Typography.Text>
              )}
              {d.projectId === project.id && d.gatewayName && <Typography.Text type="secondary"> · {d.gatewayName}</Typography.Text>}
            </span>
          ),
        })}
        data-testid="device-transfer"
      />
    </Flex>
  );
}
