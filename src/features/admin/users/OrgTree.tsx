import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Input, Spin, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { UserOrgNode } from '../../../../contract/users';
import { fetchUserOrgs } from './usersApi';

const Side = styled.aside`
  flex: 0 0 16rem;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  padding-right: 1rem;
  border-right: 1px solid ${({ theme }) => theme.surfaceBorder};
`;

const Heading = styled.h2`
  margin: 0;
  font-size: 0.9375rem;
  font-weight: 600;
  color: ${({ theme }) => theme.textStrong};
`;

/** The organisations as a tree; with `keep`, only those whose name holds it and the way down to them. */
function toTree(orgs: readonly UserOrgNode[], keep: string): DataNode[] {
  const children = new Map<number | null, UserOrgNode[]>();
  for (const o of orgs) children.set(o.parentId, [...(children.get(o.parentId) ?? []), o]);
  const build = (parent: number | null): DataNode[] => (children.get(parent) ?? []).flatMap((o) => {
    const below = build(o.id);
    if (keep && !o.name.includes(keep) && !below.length) return [];
    return [{ key: o.id, title: o.name, children: below.length ? below : undefined }];
  });
  return build(null);
}

/** 组织机构 beside the user list: picking one filters the list to its users; 全部组织 clears it. */
export function OrgTree({ selected, onSelect }: { selected?: number; onSelect(orgId: number | undefined): void }) {
  const { t } = useTranslation('admin');
  const [keep, setKeep] = useState('');
  const orgs = useQuery({ queryKey: ['user-manage', 'orgs'], queryFn: ({ signal }) => fetchUserOrgs(signal), staleTime: 60_000 });
  const tree = useMemo(() => toTree(orgs.data ?? [], keep.trim()), [orgs.data, keep]);
  // Open all the way down at first and while searching; otherwise as the user leaves it.
  const all = useMemo(() => (orgs.data ?? []).map((o) => o.id), [orgs.data]);
  const [opened, setOpened] = useState<readonly Key[] | null>(null);
  return (
    <Side aria-label={t('users.orgTree')}>
      <Heading>{t('users.orgTree')}</Heading>
      <Input.Search allowClear placeholder={t('users.searchOrg')} onChange={(e) => setKeep(e.target.value)} />
      <Button type={selected === undefined ? 'primary' : 'text'} block style={{ justifyContent: 'flex-start' }} onClick={() => onSelect(undefined)}>
        {t('users.allOrgs')}
      </Button>
      {orgs.isLoading ? <Spin /> : tree.length ? (
        <Tree
          blockNode
          treeData={tree}
          expandedKeys={keep.trim() || !opened ? all : [...opened]}
          onExpand={(keys) => setOpened(keys)}
          selectedKeys={selected === undefined ? [] : [selected]}
          onSelect={(keys) => onSelect(keys.length ? Number(keys[0]) : undefined)}
        />
      ) : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
    </Side>
  );
}
