import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Input, Spin, Tag, Tree } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { NameItem } from '../../../../contract/envelope';
import type { Org } from '../../../../contract/resources/org';
import { Right } from '../../../../contract/rights';
import { apiGet } from '../../../shared/http';
import { useHasRight } from '../../../shared/user';
import { allKeys, buildOrgTree, filterOrgTree, type OrgNode, type OrgTreeItem } from './orgTree';

const TreeRoot = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  min-width: 0;
`;

/** The organisations the user sees: the whole rows with org-preview, else the names (a flat list). */
function useOrgNodes() {
  const full = useHasRight(Right.OrgPreview);
  return useQuery({
    queryKey: full ? ['resource', 't_org', 'all'] : ['resource', 't_org', 'names'],
    queryFn: async ({ signal }): Promise<OrgNode[]> => (full
      ? apiGet<Org[]>('/t_org/all', undefined, signal)
      : (await apiGet<NameItem[]>('/t_org/names', undefined, signal)).map((n) => ({ ...n, parentId: null }))),
    staleTime: 30_000,
  });
}

interface Props {
  selected?: number;
  /** The organisation picked, or undefined when the pick is taken back (a second click). */
  onSelect(id: number | undefined, org: OrgNode | undefined): void;
}

/** The organisation tree of the caller's data scope, searchable; picking one tells the page. */
export function OrgTree({ selected, onSelect }: Props) {
  const { t } = useTranslation('admin');
  const orgs = useOrgNodes();
  const [search, setSearch] = useState('');
  const forest = useMemo(() => buildOrgTree(orgs.data ?? []), [orgs.data]);
  const shown = useMemo(() => filterOrgTree(forest, search), [forest, search]);
  const byId = useMemo(() => new Map((orgs.data ?? []).map((o) => [o.id, o])), [orgs.data]);
  const toData = (items: readonly OrgTreeItem[]): { key: number; title: ReactNode; children: unknown[] }[] => items.map((item) => ({
    key: item.key,
    title: (
      <span>
        {item.org.name}
        {item.org.disabled ? <Tag style={{ marginInlineStart: '0.5rem' }}>{t('orgs.disabledTag')}</Tag> : null}
      </span>
    ),
    children: toData(item.children),
  }));

  return (
    <TreeRoot aria-label={t('orgs.tree')} data-testid="org-tree">
      <Input.Search allowClear placeholder={t('orgs.treeSearch')} onChange={(e) => setSearch(e.target.value)} />
      {orgs.isError && <Alert type="error" showIcon title={t('orgs.treeFailed', { error: orgs.error.message })} />}
      {orgs.isPending ? <Spin /> : shown.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> : (
        <Tree
          // Remounted on a search, so its matches show expanded.
          key={search}
          blockNode
          showLine
          defaultExpandedKeys={search ? allKeys(shown) : shown.map((i) => i.key)}
          selectedKeys={selected === undefined ? [] : [selected]}
          treeData={toData(shown) as never}
          onSelect={(keys) => {
            const id = keys.length ? Number(keys[0]) : undefined;
            onSelect(id, id === undefined ? undefined : byId.get(id));
          }}
        />
      )}
    </TreeRoot>
  );
}
