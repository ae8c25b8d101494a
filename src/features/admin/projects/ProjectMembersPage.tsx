import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Input, Modal, Popconfirm, Select, Tag, Typography } from 'antd';
import { Table } from '../kit/CardTable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PROJECT_MEMBER_ROLES, type ProjectMember, type RelatedUser } from '../../../../contract/projects';
import type { Project } from '../../../../contract/resources/project';
import { hasRight, Right } from '../../../../contract/rights';
import { errorText } from '../../../shared/errorText';
import { useRights } from '../../../shared/user';
import { fetchMembers, fetchRelatedUsers, removeMembers, saveMembers } from './projectApi';
import { parseProjectId, ProjectFrame } from './ProjectFrame';
import { registerProjectStrings } from './projectStrings';

registerProjectStrings();

const PAGE_SIZE = 20;

/**
 * 项目成员 (/nv_project/nv_project_user/{projectId}): the project's members and their project roles;
 * members are added from the users of the caller's data scope, a role changed in place, a member
 * removed after confirming. Members see the project even outside their organisation's data scope.
 */
export function ProjectMembersPage({ projectId }: { projectId: string | undefined }) {
  const id = parseProjectId(projectId);
  return <ProjectFrame projectId={id} titleKey="projects.membersTitle">{(project) => <Members project={project} />}</ProjectFrame>;
}

function Members({ project }: { project: Project }) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = hasRight(useRights(), Right.ProjectEdit);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const members = useQuery({
    queryKey: ['resource', 't_project', 'members', project.id, keyword, page],
    queryFn: ({ signal }) => fetchMembers(project.id, { keyword: keyword || undefined, Page: page, Size: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['resource', 't_project'] });
  const roleOptions = PROJECT_MEMBER_ROLES.map((r) => ({ value: r.value, label: t(`projects.roles.${r.value}`) }));

  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      message.success(done);
      await refresh();
    } catch (err) {
      message.error(t('projects.saveFailed', { error: errorText(err) }));
    }
  };

  return (
    <Flex vertical gap="1rem">
      <Flex gap="0.5rem" wrap>
        <Input.Search allowClear placeholder={t('projects.search')} style={{ width: '18rem' }} onSearch={(v) => { setKeyword(v.trim()); setPage(1); }} />
        {canEdit && <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setAdding(true)}>{t('projects.addMembers')}</Button>}
      </Flex>
      {members.isError && <Alert type="error" showIcon title={t('projects.loadFailed', { error: members.error.message })} />}
      <Table<ProjectMember>
        rowKey="userId"
        size="middle"
        loading={members.isFetching}
        dataSource={members.data?.list ?? []}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: members.data?.count ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { key: 'username', dataIndex: 'username', title: t('projects.username') },
          { key: 'nickName', dataIndex: 'nickName', title: t('projects.nickName') },
          { key: 'orgName', dataIndex: 'orgName', title: t('projects.org') },
          {
            key: 'role', title: t('projects.role'), width: 200,
            render: (_: unknown, m: ProjectMember) => (canEdit ? (
              <Select
                size="small" style={{ width: '11rem' }} value={m.role} options={roleOptions} aria-label={`${t('projects.role')} ${m.username}`}
                onChange={(role) => void run(() => saveMembers(project.id, [m.userId], role), t('projects.roleChanged', { role: t(`projects.roles.${role}`) }))}
              />
            ) : <Tag>{t(`projects.roles.${m.role}`, { defaultValue: m.role })}</Tag>),
          },
          ...(canEdit ? [{
            key: 'actions', title: t('projects.actions'), width: 100,
            render: (_: unknown, m: ProjectMember) => (
              <Popconfirm title={t('projects.confirmRemove', { name: m.nickName || m.username })} okText={t('projects.ok')} cancelText={t('projects.cancel')}
                onConfirm={() => run(() => removeMembers(project.id, [m.userId]), t('projects.removed', { count: 1 }))}>
                <Button type="link" danger size="small">{t('projects.removeMember')}</Button>
              </Popconfirm>
            ),
          }] : []),
        ]}
      />
      {adding && <AddMembersModal project={project} roleOptions={roleOptions} onClose={() => setAdding(false)} onAdded={refresh} />}
    </Flex>
  );
}

/** Users of the caller's data scope, searched on the server, made members with one role. */
function AddMembersModal({ project, roleOptions, onClose, onAdded }: {
  project: Project; roleOptions: { value: string; label: string }[]; onClose(): void; onAdded(): Promise<unknown>;
}) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<number[]>([]);
  const [role, setRole] = useState('member');
  const [saving, setSaving] = useState(false);
  const users = useQuery({
    queryKey: ['resource', 't_project', 'related-user', project.id, keyword, page],
    queryFn: ({ signal }) => fetchRelatedUsers(project.id, { keyword: keyword || undefined, Page: page, Size: 10 }, signal),
    placeholderData: keepPreviousData,
  });
  const ok = async () => {
    setSaving(true);
    try {
      const { changed } = await saveMembers(project.id, chosen, role);
      message.success(t('projects.added', { count: changed }));
      await onAdded();
      onClose();
    } catch (err) {
      message.error(t('projects.saveFailed', { error: errorText(err) }));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open width="48rem" title={t('projects.addTitle', { name: project.name })} onCancel={onClose} onOk={() => void ok()}
      okText={t('projects.ok')} cancelText={t('projects.cancel')} okButtonProps={{ disabled: !chosen.length, loading: saving }}>
      <Flex vertical gap="0.75rem">
        <Typography.Text type="secondary">{t('projects.addHint')}</Typography.Text>
        <Flex gap="0.5rem" align="center" wrap>
          <Input.Search allowClear placeholder={t('projects.search')} style={{ width: '16rem' }} onSearch={(v) => { setKeyword(v.trim()); setPage(1); }} />
          <span>{t('projects.role')}</span>
          <Select value={role} onChange={setRole} options={roleOptions} style={{ width: '10rem' }} aria-label={t('projects.role')} />
          <Typography.Text type="secondary">{t('projects.chosen', { count: chosen.length })}</Typography.Text>
        </Flex>
        <Table<RelatedUser>
          rowKey="userId"
          size="small"
          loading={users.isFetching}
          dataSource={users.data?.list ?? []}
          pagination={{ current: page, pageSize: 10, total: users.data?.count ?? 0, onChange: setPage, showSizeChanger: false }}
          rowSelection={{
            selectedRowKeys: chosen,
            preserveSelectedRowKeys: true,
            getCheckboxProps: (u) => ({ disabled: u.member, 'aria-label': u.username }),
            onChange: (keys) => setChosen(keys as number[]),
          }}
          columns={[
            { key: 'username', dataIndex: 'username', title: t('projects.username') },
            { key: 'nickName', dataIndex: 'nickName', title: t('projects.nickName') },
            { key: 'orgName', dataIndex: 'orgName', title: t('projects.org') },
            { key: 'member', title: '', width: 110, render: (_: unknown, u: RelatedUser) => (u.member ? <Tag>{t('projects.alreadyMember')}</Tag> : null) },
          ]}
        />
      </Flex>
    </Modal>
  );
}
