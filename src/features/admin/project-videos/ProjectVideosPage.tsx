import { DeleteOutlined, EditOutlined, LeftOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Popconfirm, Segmented, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { Table } from '../kit/CardTable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useLocation, useSearch } from 'wouter';
import { streamKind, type ProjectVideo } from '../../../../contract/project-videos';
import { Right } from '../../../../contract/rights';
import { errorText } from '../../../shared/errorText';
import { ApiRequestError } from '../../../shared/http';
import { useHasRight } from '../../../shared/user';
import { PageHeading, PagePanel } from '../../../shared/ui/PagePanel';
import { fetchNames } from '../kit/resourceApi';
import { PanelBody } from '../ResourceListPage';
import { deleteProjectVideo, fetchProjectVideos } from './projectVideoApi';
import { StreamPlayer } from './StreamPlayer';
import { VideoFormModal } from './VideoFormModal';
import { registerVideoStrings } from './videoStrings';

registerVideoStrings();

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.75rem;
  margin-bottom: 1rem;
  .spacer {
    flex: 1;
  }
`;

const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(30rem, 1fr));
  gap: 1rem;
`;

const Tile = styled.li`
  border: 1px solid ${({ theme }) => theme.surfaceBorder};
  border-radius: 0.5rem;
  overflow: hidden;
  background: ${({ theme }) => theme.surface};
  header {
    display: flex;
    align-items: center;
    gap: 0.5rem;
    padding: 0.5rem 0.75rem;
    min-height: 2.75rem;
    h2 {
      flex: 1;
      margin: 0;
      font-size: 1rem;
      font-weight: 600;
      color: ${({ theme }) => theme.textStrong};
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
    }
  }
  footer {
    padding: 0.375rem 0.75rem;
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    font-size: 0.8rem;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    opacity: 0.75;
  }
`;

type Dialog = { kind: 'add' } | { kind: 'edit'; video: ProjectVideo };

/**
 * 关联视频 (/nv_project/nv_associate_video/{projectId}): a project's camera channels — a grid of
 * their pictures (each player live only while on screen) or a list of their addresses — with add,
 * edit and delete for holders of project-edit. Another project is picked above; the view (grid or
 * list) is kept in the address.
 */
export function ProjectVideosPage({ title, projectId: param }: { title: string; projectId: string }) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = useHasRight(Right.ProjectEdit);
  const [location, navigate] = useLocation();
  const search = new URLSearchParams(useSearch());
  const view = search.get('view') === 'list' ? 'list' : 'grid';
  const projectId = /^[1-9]\d{0,9}$/.test(param) ? Number(param) : null;
  const [dialog, setDialog] = useState<Dialog | null>(null);

  const projects = useQuery({ queryKey: ['resource', 't_project', 'names'], queryFn: ({ signal }) => fetchNames('t_project', signal) });
  const videos = useQuery({
    queryKey: ['project-videos', projectId],
    queryFn: ({ signal }) => fetchProjectVideos(projectId!, signal),
    enabled: projectId !== null,
  });
  const list = videos.data ?? [];
  const missing = projectId === null || (videos.error instanceof ApiRequestError && videos.error.status === 404);

  const remove = async (video: ProjectVideo) => {
    try {
      await deleteProjectVideo(video.id);
      message.success(t('videos.deleted', { name: video.name }));
    } catch (err) {
      message.error(t('videos.deleteFailed', { error: errorText(err) }));
    }
    await queryClient.invalidateQueries({ queryKey: ['project-videos', projectId] });
  };

  const actions = (video: ProjectVideo) => canEdit && (
    <Space size={0}>
      <Tooltip title={t('videos.edit')}>
        <Button type="text" size="small" icon={<EditOutlined aria-hidden />} aria-label={`${t('videos.edit')} ${video.name}`}
          onClick={() => setDialog({ kind: 'edit', video })} />
      </Tooltip>
      <Popconfirm
        title={t('videos.confirmDelete', { name: video.name })}
        description={t('videos.confirmDeleteHint')}
        okText={t('videos.delete')}
        cancelText={t('videos.cancel')}
        okButtonProps={{ danger: true }}
        onConfirm={() => remove(video)}
      >
        <Button type="text" size="small" danger icon={<DeleteOutlined aria-hidden />} aria-label={`${t('videos.delete')} ${video.name}`} />
      </Popconfirm>
    </Space>
  );
  const kindTag = (video: ProjectVideo) => {
    const kind = streamKind(video.streamUrl);
    return kind && <Tag color={kind === 'hls' ? 'blue' : 'purple'}>{t(`videos.${kind}`)}</Tag>;
  };

  return (
    <PagePanel data-project-videos={projectId ?? ''}>
      <PageHeading>{title}</PageHeading>
      <PanelBody>
        <Toolbar>
          <Button type="link" icon={<LeftOutlined aria-hidden />} style={{ paddingInline: 0 }} onClick={() => navigate('/nv_project/nv_project_list')}>
            {t('videos.backToProjects')}
          </Button>
          <span>{t('videos.project')}</span>
          <Select
            style={{ width: '20rem' }}
            aria-label={t('videos.project')}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('videos.pickProject')}
            value={projectId !== null && projects.data?.some((p) => p.id === projectId) ? projectId : undefined}
            loading={projects.isPending}
            options={(projects.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
            onChange={(id: number) => navigate(`/nv_project/nv_associate_video/${id}${view === 'list' ? '?view=list' : ''}`)}
          />
          {!missing && <Tag>{t('videos.count', { count: list.length })}</Tag>}
          <Segmented
            value={view}
            options={[{ value: 'grid', label: t('videos.grid') }, { value: 'list', label: t('videos.list') }]}
            onChange={(v) => navigate(v === 'list' ? `${location}?view=list` : location, { replace: true })}
          />
          <span className="spacer" />
          {canEdit && !missing && (
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setDialog({ kind: 'add' })}>{t('videos.add')}</Button>
          )}
        </Toolbar>
        {!canEdit && <Alert type="info" showIcon style={{ marginBottom: '1rem' }} title={t('videos.readOnly', { right: Right.ProjectEdit })} />}
        {missing ? (
          <Empty description={t('videos.projectMissing')} />
        ) : videos.error ? (
          <Alert type="error" showIcon title={t('videos.loadFailed', { error: errorText(videos.error) })} />
        ) : !videos.isPending && !list.length ? (
          <Empty description={<><div>{t('videos.empty')}</div><Typography.Text type="secondary">{t('videos.emptyHint')}</Typography.Text></>}>
            {canEdit && <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setDialog({ kind: 'add' })}>{t('videos.add')}</Button>}
          </Empty>
        ) : view === 'grid' ? (
          <Grid aria-busy={videos.isPending}>
            {list.map((video) => (
              <Tile key={video.id} data-video={video.name}>
                <header>
                  <h2 title={video.name}>{video.name}</h2>
                  {kindTag(video)}
                  {actions(video)}
                </header>
                <StreamPlayer key={video.streamUrl} url={video.streamUrl} kind={streamKind(video.streamUrl) ?? 'mp4'} name={video.name} />
                <footer title={video.streamUrl}>{video.streamUrl}</footer>
              </Tile>
            ))}
          </Grid>
        ) : (
          <Table<ProjectVideo>
            rowKey="id"
            size="middle"
            loading={videos.isPending}
            dataSource={list}
            pagination={false}
            columns={[
              { key: 'sortOrder', title: t('videos.sortOrder'), dataIndex: 'sortOrder', width: '6rem' },
              { key: 'name', title: t('videos.name'), dataIndex: 'name', width: '18rem' },
              { key: 'kind', title: t('videos.kind'), width: '7rem', render: (_v, video) => kindTag(video) },
              {
                key: 'streamUrl', title: t('videos.streamUrl'), dataIndex: 'streamUrl', ellipsis: true,
                render: (url: string) => <Typography.Text code copyable={{ text: url }}>{url}</Typography.Text>,
              },
              ...(canEdit ? [{ key: 'actions', title: t('videos.actions'), width: '7rem', render: (_v: unknown, video: ProjectVideo) => actions(video) }] : []),
            ]}
          />
        )}
      </PanelBody>
      {dialog && projectId !== null && (
        <VideoFormModal
          projectId={projectId}
          video={dialog.kind === 'edit' ? dialog.video : null}
          nextOrder={list.reduce((max, v) => Math.max(max, v.sortOrder + 1), 0)}
          onClose={() => setDialog(null)}
        />
      )}
    </PagePanel>
  );
}
