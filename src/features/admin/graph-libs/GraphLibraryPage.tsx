import { CopyOutlined, DeleteOutlined, FolderOpenOutlined, PlusOutlined, StarOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Input, Popconfirm, Select, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import { Table } from '../kit/CardTable';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useLocation, useSearch } from 'wouter';
import type { GraphLibraryItem } from '../../../../contract/graph/graph-library';
import { Right } from '../../../../contract/rights';
import { errorText } from '../../../shared/errorText';
import { ApiRequestError } from '../../../shared/http';
import { useHasRight } from '../../../shared/user';
import { PageHeading, PagePanel } from '../../../shared/ui/PagePanel';
import { formatDateTime } from '../kit/cellValue';
import { fetchNames } from '../kit/resourceApi';
import { PanelBody } from '../ResourceListPage';
import { CopyGraphModal } from './CopyGraphModal';
import { deleteGraph, editorHref, fetchGraphLibrary, setDefaultGraph, setGraphActive } from './graphLibApi';
import { registerGraphLibStrings } from './graphLibStrings';

registerGraphLibStrings();

const PAGE_SIZE = 20;

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.75rem;
  margin: 1rem 0;
  .spacer {
    flex: 1;
  }
`;

/** Which library: every graph the user sees (组态库), or one project's (项目组态库). */
export type GraphLibraryMode = 'all' | 'project';

const positive = (v: string | null) => (v && /^[1-9]\d{0,9}$/.test(v) ? Number(v) : undefined);

/**
 * 组态库 (/nv_project/nv_graph_lib) and 项目组态库 (/nv_project/nv_project_graph_lib): one page over
 * the graph library call. The first lists the graphs of every project the user sees, filtered by
 * project and name, to reuse one elsewhere; the second one project's graphs (the project is
 * required). Both open a graph in the editor (组态管理) and, with project-edit, copy it (to any
 * visible project; bindings go with a copy into another project), make it the default, switch it
 * on or off and delete it. Project, name and page are kept in the address.
 */
export function GraphLibraryPage({ title, mode }: { title: string; mode: GraphLibraryMode }) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = useHasRight(Right.ProjectEdit);
  const [location, navigate] = useLocation();
  const search = new URLSearchParams(useSearch());
  const projectId = positive(search.get('projectId'));
  const name = search.get('name') ?? '';
  const page = positive(search.get('page')) ?? 1;
  const [typed, setTyped] = useState(name);
  const [copying, setCopying] = useState<GraphLibraryItem | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const go = (next: { projectId?: number; name?: string; page?: number }) => {
    const q = new URLSearchParams();
    const merged = { projectId, name, page: 1, ...next };
    if (merged.projectId !== undefined) q.set('projectId', String(merged.projectId));
    if (merged.name) q.set('name', merged.name);
    if (merged.page > 1) q.set('page', String(merged.page));
    const query = q.toString();
    navigate(query ? `${location}?${query}` : location, { replace: true });
  };

  const projects = useQuery({ queryKey: ['resource', 't_project', 'names'], queryFn: ({ signal }) => fetchNames('t_project', signal) });
  const firstProject = projects.data?.[0]?.id;
  // 项目组态库 shows one project: the first one until the user picks another.
  const pickFirst = mode === 'project' && projectId === undefined && firstProject !== undefined;
  useEffect(() => {
    if (pickFirst) navigate(`${location}?projectId=${firstProject}`, { replace: true });
  }, [pickFirst, firstProject, location, navigate]);

  const ready = mode === 'all' || projectId !== undefined;
  const library = useQuery({
    queryKey: ['graph-library', mode, projectId, name, page],
    queryFn: ({ signal }) => fetchGraphLibrary({ projectId, name: name || undefined, Page: page, Size: PAGE_SIZE }, signal),
    enabled: ready,
    placeholderData: keepPreviousData,
  });
  const missing = library.error instanceof ApiRequestError && library.error.status === 404;

  /** Runs a change of one graph, reloads the library, and says how it went. */
  const change = async (g: GraphLibraryItem, work: () => Promise<unknown>, done: string) => {
    setBusy(g.id);
    try {
      await work();
      message.success(done);
    } catch (err) {
      message.error(t('graphLibs.failed', { error: errorText(err) }));
    } finally {
      setBusy(null);
      await queryClient.invalidateQueries({ queryKey: ['graph-library'] });
    }
  };

  const columns = [
    {
      key: 'name', title: t('graphLibs.name'), dataIndex: 'name',
      render: (value: string, g: GraphLibraryItem) => (
        <Space size="small">
          <Typography.Link onClick={() => navigate(editorHref(g))}>{value}</Typography.Link>
          {g.isDefault && <Tag color="gold">{t('graphLibs.defaultTag')}</Tag>}
        </Space>
      ),
    },
    ...(mode === 'all' ? [{ key: 'projectName', title: t('graphLibs.projectName'), dataIndex: 'projectName', width: '22%' }] : []),
    {
      key: 'isActive', title: t('graphLibs.isActive'), width: '8rem',
      render: (_v: unknown, g: GraphLibraryItem) => (
        <Switch
          size="small"
          checked={g.isActive}
          disabled={!canEdit}
          loading={busy === g.id}
          aria-label={`${t('graphLibs.isActive')} ${g.name}`}
          onChange={(on) => void change(g, () => setGraphActive(g.id, on), t(on ? 'graphLibs.activeSet' : 'graphLibs.inactiveSet', { name: g.name }))}
        />
      ),
    },
    { key: 'updatedAt', title: t('graphLibs.updatedAt'), dataIndex: 'updatedAt', width: '12rem', render: (at: number) => formatDateTime(at) },
    {
      key: 'actions', title: t('graphLibs.actions'), width: canEdit ? '22rem' : '8rem',
      render: (_v: unknown, g: GraphLibraryItem) => (
        <Space size={0} wrap={false}>
          <Button type="link" size="small" icon={<FolderOpenOutlined aria-hidden />} onClick={() => navigate(editorHref(g))}>{t('graphLibs.open')}</Button>
          {canEdit && (
            <>
              <Button type="link" size="small" icon={<CopyOutlined aria-hidden />} onClick={() => setCopying(g)}>{t('graphLibs.copy')}</Button>
              <Tooltip title={g.isDefault ? t('graphLibs.defaultTag') : undefined}>
                <Button type="link" size="small" icon={<StarOutlined aria-hidden />} disabled={g.isDefault || busy === g.id}
                  onClick={() => void change(g, () => setDefaultGraph(g.id), t('graphLibs.defaultSet', { name: g.name }))}>
                  {t('graphLibs.setDefault')}
                </Button>
              </Tooltip>
              <Popconfirm
                title={t('graphLibs.confirmDelete', { name: g.name })}
                description={t('graphLibs.confirmDeleteHint')}
                okText={t('graphLibs.delete')}
                cancelText={t('graphLibs.cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() => change(g, () => deleteGraph(g.id), t('graphLibs.deleted', { name: g.name }))}
              >
                <Button type="link" size="small" danger icon={<DeleteOutlined aria-hidden />}>{t('graphLibs.delete')}</Button>
              </Popconfirm>
            </>
          )}
        </Space>
      ),
    },
  ];

  return (
    <PagePanel data-graph-library={mode}>
      <PageHeading>{title}</PageHeading>
      <PanelBody>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>{t(mode === 'all' ? 'graphLibs.helpAll' : 'graphLibs.helpProject')}</Typography.Paragraph>
        <Toolbar>
          <span>{t('graphLibs.project')}</span>
          <Select
            style={{ width: '20rem' }}
            aria-label={t('graphLibs.project')}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={mode === 'all' ? t('graphLibs.allProjects') : t('graphLibs.pickProject')}
            allowClear={mode === 'all'}
            value={projectId}
            loading={projects.isPending}
            options={(projects.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
            onChange={(id: number | undefined) => go({ projectId: id })}
          />
          <Input.Search
            style={{ width: '18rem' }}
            aria-label={t('graphLibs.search')}
            placeholder={t('graphLibs.search')}
            allowClear
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            onSearch={(v) => go({ name: v.trim() })}
          />
          {library.data && <Tag>{t('graphLibs.total', { count: library.data.count })}</Tag>}
          <span className="spacer" />
          {canEdit && mode === 'project' && projectId !== undefined && (
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => navigate(`/nv_project/nv_project_graph?projectId=${projectId}`)}>
              {t('graphLibs.create')}
            </Button>
          )}
        </Toolbar>
        {!canEdit && <Alert type="info" showIcon style={{ marginBottom: '1rem' }} title={t('graphLibs.readOnly', { right: Right.ProjectEdit })} />}
        {missing ? <Empty description={t('graphLibs.projectMissing')} /> : library.error ? (
          <Alert type="error" showIcon title={t('graphLibs.loadFailed', { error: errorText(library.error) })} />
        ) : (
          <Table<GraphLibraryItem>
            rowKey="id"
            size="middle"
            loading={library.isFetching}
            dataSource={library.data?.list ?? []}
            columns={columns}
            locale={{ emptyText: <Empty description={t('graphLibs.empty')} /> }}
            pagination={{
              current: page, pageSize: PAGE_SIZE, total: library.data?.count ?? 0, showSizeChanger: false, hideOnSinglePage: true,
              onChange: (p) => go({ page: p }),
            }}
          />
        )}
      </PanelBody>
      {copying && <CopyGraphModal graph={copying} projects={projects.data ?? []} onClose={() => setCopying(null)} />}
    </PagePanel>
  );
}
