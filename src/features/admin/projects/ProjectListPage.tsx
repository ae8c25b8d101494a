import { DownOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Dropdown, Empty, Flex, Segmented, Tag, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useLocation, useSearch } from 'wouter';
import type { ResourceDefinition } from '../../../../contract/resources/kit';
import { projectResource, type Project } from '../../../../contract/resources/project';
import { errorText } from '../../../shared/errorText';
import { PageHeading, PagePanel } from '../../../shared/ui/PagePanel';
import type { ResourceRow } from '../kit/resourceApi';
import { ResourceList } from '../kit/ResourceList';
import { useResourceRights } from '../kit/useResourceRights';
import { PanelBody } from '../ResourceListPage';
import { LocationField } from './LocationField';
import { downloadComXml, fetchAllProjects, fetchProjectCount } from './projectApi';
import { ProjectGatewayDrawer } from './ProjectGatewayDrawer';
import { ProjectMap } from './ProjectMap';
import { registerProjectStrings } from './projectStrings';

registerProjectStrings();

const def = projectResource as unknown as ResourceDefinition;
const FIELD_INPUTS = { address: LocationField };
const VIEW = 'view';

const Counts = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  align-items: center;
`;

/** Where a project's own pages are (members, devices, cameras). */
export const projectPath = (page: 'nv_project_user' | 'nv_associate_device' | 'nv_associate_video', id: number) => `/nv_project/${page}/${id}`;

/**
 * 项目列表 (/nv_project/nv_project_list): the kit's list of the projects the user sees (data scope
 * or membership) with counts, and the same projects on the offline map; the form places a project
 * by clicking the map or by region/address. Each project leads to its members, devices, cameras
 * and gateways, and exports its commissioning XML. The view (list or map) is in the address.
 */
export function ProjectListPage({ title }: { title: string }) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const search = useSearch();
  const [location, navigate] = useLocation();
  const view = new URLSearchParams(search).get(VIEW) === 'map' ? 'map' : 'list';
  const { canEdit } = useResourceRights(def);
  const [gatewaysOf, setGatewaysOf] = useState<{ id: number; name: string } | null>(null);
  const [selected, setSelected] = useState<number | undefined>();
  const counts = useQuery({ queryKey: ['resource', 't_project', 'cnt'], queryFn: ({ signal }) => fetchProjectCount({}, signal) });
  const all = useQuery({ queryKey: ['resource', 't_project', 'all'], queryFn: ({ signal }) => fetchAllProjects(signal), enabled: view === 'map' });

  const setView = (next: string) => {
    const params = new URLSearchParams(search);
    if (next === 'map') params.set(VIEW, 'map');
    else params.delete(VIEW);
    const query = params.toString();
    navigate(query ? `${location}?${query}` : location, { replace: true });
  };

  const exportXml = async (id: number) => {
    try {
      message.success(t('projects.exported', { name: await downloadComXml(id) }));
    } catch (err) {
      message.error(t('projects.loadFailed', { error: errorText(err) }));
    }
  };

  const actions = (p: { id: number; name: string }) => (
    <>
      <Button type="link" size="small" onClick={() => navigate(projectPath('nv_project_user', p.id))}>{t('projects.members')}</Button>
      <Button type="link" size="small" onClick={() => navigate(projectPath('nv_associate_device', p.id))}>{t('projects.devices')}</Button>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'videos', label: t('projects.videos') },
            { key: 'gateways', label: t('projects.gateways') },
            { key: 'xml', label: t('projects.exportXml') },
          ],
          onClick: ({ key }) => {
            if (key === 'videos') navigate(projectPath('nv_associate_video', p.id));
            else if (key === 'gateways') setGatewaysOf({ id: p.id, name: p.name });
            else void exportXml(p.id);
          },
        }}
      >
        <Button type="link" size="small" aria-label={`${t('projects.more')} ${p.name}`}>{t('projects.more')} <DownOutlined aria-hidden /></Button>
      </Dropdown>
    </>
  );
  // A new function only when the language changes: the kit's columns are memoised on it.
  const actionsRef = useRef(actions);
  actionsRef.current = actions;
  const rowActions = useMemo(() => (row: ResourceRow) => actionsRef.current(row as unknown as Project), []);

  const projects = all.data ?? [];
  const located = projects.filter((p) => p.lng !== null && p.lat !== null).map((p) => ({ id: p.id, name: p.name, lng: p.lng!, lat: p.lat! }));
  const chosen = projects.find((p) => p.id === selected);
  const c = counts.data;
  return (
    <PagePanel data-page-kind="projects">
      <PageHeading>{title}</PageHeading>
      <PanelBody>
        <Flex justify="space-between" align="center" wrap gap="0.75rem" style={{ marginBottom: '1rem' }}>
          <Counts aria-live="polite" data-testid="project-counts">
            <Tag>{t('projects.total')} {c?.total ?? '–'}</Tag>
            <Tag color="processing">{t('projects.member')} {c?.member ?? '–'}</Tag>
            <Tag color="error">{t('projects.alarm')} {c?.alarm ?? '–'}</Tag>
            <Tag>{t('projects.empty')} {c?.empty ?? '–'}</Tag>
          </Counts>
          <Segmented
            value={view}
            onChange={(v) => setView(String(v))}
            options={[{ value: 'list', label: t('projects.viewList') }, { value: 'map', label: t('projects.viewMap') }]}
          />
        </Flex>
        {view === 'list' ? (
          <ResourceList def={def} fieldInputs={FIELD_INPUTS} rowActions={rowActions} />
        ) : (
          <Flex gap="1rem" align="stretch" wrap>
            <div style={{ flex: '1 1 56rem', minWidth: 0 }}>
              <ProjectMap points={located} selectedId={selected} height={620} onSelect={setSelected} />
              <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
                {t('projects.mapHint', { shown: located.length, total: projects.length })}
                {projects.length > located.length ? ` · ${t('projects.noCoordinates', { count: projects.length - located.length })}` : ''}
              </Typography.Text>
            </div>
            <Card style={{ flex: '0 1 24rem' }} title={chosen?.name ?? t('projects.mapProjects')} data-testid="map-project-card"
              extra={chosen && <Button type="link" size="small" onClick={() => setSelected(undefined)}>{t('projects.allProjects')}</Button>}>
              {chosen ? (
                <Flex vertical gap="0.75rem">
                  <Descriptions size="small" column={1} items={[
                    { key: 'code', label: t('res.t_project.columns.code'), children: chosen.code },
                    { key: 'org', label: t('res.t_project.columns.orgName'), children: chosen.orgName },
                    { key: 'city', label: t('res.t_project.columns.city'), children: chosen.city || '–' },
                    { key: 'address', label: t('res.t_project.fields.address'), children: chosen.address || '–' },
                    { key: 'place', label: `${t('res.t_project.fields.lng')} / ${t('res.t_project.fields.lat')}`, children: `${chosen.lng}, ${chosen.lat}` },
                    { key: 'devices', label: t('res.t_project.columns.deviceCount'), children: t('projects.deviceCount', { count: chosen.deviceCount }) },
                    { key: 'members', label: t('res.t_project.columns.memberCount'), children: t('projects.memberCount', { count: chosen.memberCount }) },
                  ]} />
                  <Flex wrap gap="0.25rem">{actions(chosen)}</Flex>
                </Flex>
              ) : located.length ? (
                <Flex vertical gap="0.25rem" style={{ maxHeight: 560, overflowY: 'auto' }}>
                  {located.map((p) => (
                    <Button key={p.id} type="text" style={{ justifyContent: 'flex-start' }} onClick={() => setSelected(p.id)}>
                      {p.name}<Typography.Text type="secondary"> · {projects.find((x) => x.id === p.id)?.city}</Typography.Text>
                    </Button>
                  ))}
                </Flex>
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('projects.noCoordinates', { count: projects.length })} />
              )}
            </Card>
          </Flex>
        )}
      </PanelBody>
      {gatewaysOf && <ProjectGatewayDrawer project={gatewaysOf} canEdit={canEdit} onClose={() => setGatewaysOf(null)} />}
    </PagePanel>
  );
}
