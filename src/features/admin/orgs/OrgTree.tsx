import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Input, Spin, Tag, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { NameItem } from '../../../../contract/envelope';
import type { Org } from '../../../../contract/resources/org';
import { Right } from '../../../../contract/rights';
import { apiGet } from '../../../shared/http';
import { useHasRight } from '../../../shared/user';
import { fetchUserOrgs } from '../users/usersApi';
import { allKeys, buildOrgTree, filterOrgTree, type OrgNode, type OrgTreeItem } from './orgTree';

const TreeRoot = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  min-width: 0;

  .ant-tree {
    background: transparent;
  }
  .ant-tree-treenode {
    padding-block: 0.125rem;
  }
`;

/** The tree's own first entry that takes the pick back (全部组织). */
const ALL = 'all';

/**
 * Where the organisations come from: `orgs`, the t_org rows (with org-preview; without it, the
 * names as a flat list); `users`, those the user pages offer (/user-manage/orgs, user-preview).
 */
export type OrgTreeSource = 'orgs' | 'users';

/** The organisations the user sees, from `source`. */
function useOrgNodes(source: OrgTreeSource) {
  const full = useHasRight(Right.OrgPreview);
  const mode = source === 'users' ? 'users' : full ? 'all' : 'names';
  return useQuery({
    queryKey: mode === 'users' ? ['user-manage', 'orgs'] : ['resource', 't_org', mode],
    queryFn: async ({ signal }): Promise<OrgNode[]> => {
      if (mode === 'users') return fetchUserOrgs(signal);
      if (mode === 'all') return apiGet<Org[]>('/t_org/all', undefined, signal);
      return (await apiGet<NameItem[]>('/t_org/names', undefined, signal)).map((n) => ({ ...n, parentId: null }));
    },
    staleTime: 30_000,
  });
}

interface Props {
  selected?: number;
  /** The organisation picked, or undefined when the pick is taken back (a second click, or 全部组织). */
  onSelect(id: number | undefined, org: OrgNode | undefined): void;
  source?: OrgTreeSource;
  /** A first entry above the organisations that takes the pick back (全部组织), selected while none is. */
  allEntry?: boolean;
  /** Height in pixels: the tree scrolls (virtually) within it; absent, it is as tall as it is. */
  height?: number;
}

/**
 * The organisation tree of the caller's data scope (an organisation whose parent the caller cannot
 * see is a root), searchable; picking one tells the page. Open all the way down at first and while
 * searching; otherwise as the user leaves it. Used by 组织管理, 用户管理, 组织授权 and 组织关联.
 */
export function OrgTree({ selected, onSelect, source = 'orgs', allEntry = false, height }: Props) {
  const { t } = useTranslation('admin');
  const orgs = useOrgNodes(source);
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState<readonly Key[] | null>(null);
  const forest = useMemo(() => buildOrgTree(orgs.data ?? []), [orgs.data]);
  const shown = useMemo(() => filterOrgTree(forest, search), [forest, search]);
  const byId = useMemo(() => new Map((orgs.data ?? []).map((o) => [o.id, o])), [orgs.data]);

  const treeData = useMemo(() => {
    const toData = (items: readonly OrgTreeItem[]): DataNode[] => items.map((item) => ({
      key: item.key,
      title: (
        <span>
          {item.org.name}
          {item.org.disabled ? <Tag style={{ marginInlineStart: '0.5rem' }}>{t('orgs.disabledTag')}</Tag> : null}
        </span>
      ),
      children: item.children.length ? toData(item.children) : undefined,
    }));
    const nodes = toData(shown);
    return allEntry ? [{ key: ALL, title: t('orgs.allOrgs'), children: nodes }] : nodes;
  }, [shown, allEntry, t]);
  const everything = useMemo(() => [...(allEntry ? [ALL] : []), ...allKeys(shown)], [shown, allEntry]);
  const expanded = search.trim() || !opened ? everything : [...opened];

  return (
    <TreeRoot aria-label={t('orgs.tree')} data-testid="org-tree">
      <Input.Search allowClear placeholder={t('orgs.treeSearch')} onChange={(e) => setSearch(e.target.value)} />
      {orgs.isError && <Alert type="error" showIcon title={t('orgs.treeFailed', { error: orgs.error.message })} />}
      {orgs.isPending ? <Spin /> : shown.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> : (
        <Tree
          blockNode
          height={height}
          treeData={treeData}
          expandedKeys={expanded}
          onExpand={(keys) => setOpened(keys)}
          selectedKeys={selected !== undefined ? [selected] : allEntry ? [ALL] : []}
          onSelect={(keys) => {
            const key = keys[0];
            const id = key === undefined || key === ALL ? undefined : Number(key);
            onSelect(id, id === undefined ? undefined : byId.get(id));
          }}
        />
      )}
    </TreeRoot>
  );
}
