import { useQuery } from '@tanstack/react-query';
import { Flex, Input, Tag, Tooltip, Typography } from 'antd';
import { Table } from '../kit/CardTable';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchNames } from '../kit/resourceApi';
import { accessKeys, fetchHolders, useRightCatalogue } from './accessApi';
import { AccessPage, Loaded } from './AccessPage';

interface Row {
  key: string;
  name: string;
  code?: string;
  roles?: { id: number; name: string; orgId: number | null }[];
  children?: Row[];
}

const SHOWN_ROLES = 8;

/**
 * /nv_system/nv_auth (权限管理): the rights catalogue by group, read-only, with the roles (in the
 * user's data scope) that hold each right.
 */
export function RightsCatalogPage({ title }: { title: string }) {
  const { t } = useTranslation('admin');
  const catalogue = useRightCatalogue();
  const holders = useQuery({ queryKey: accessKeys.holders, queryFn: ({ signal }) => fetchHolders(signal) });
  const orgs = useQuery({ queryKey: ['resource', 't_org', 'names'], queryFn: ({ signal }) => fetchNames('t_org', signal), staleTime: 60_000 });
  const [keyword, setKeyword] = useState('');

  const rows = useMemo<Row[]>(() => {
    const byCode = new Map((holders.data ?? []).map((h) => [h.code, h.roles]));
    const k = keyword.trim().toLowerCase();
    return (catalogue.data ?? []).map(({ group, rights }) => ({
      key: `group:${group}`,
      name: group,
      children: rights
        .filter((r) => !k || r.name.toLowerCase().includes(k) || r.code.includes(k))
        .map((r) => ({ key: r.code, name: r.name, code: r.code, roles: byCode.get(r.code) ?? [] })),
    })).filter((g) => g.children.length > 0);
  }, [catalogue.data, holders.data, keyword]);

  const orgName = useMemo(() => new Map((orgs.data ?? []).map((o) => [o.id, o.name])), [orgs.data]);
  const columns: ColumnsType<Row> = [
    {
      key: 'name', title: t('access.right'), dataIndex: 'name', width: '22rem',
      render: (name: string, row) => (row.children
        ? <Flex gap="0.5rem" align="baseline" style={{ display: 'inline-flex' }}><Typography.Text strong>{name}</Typography.Text><Typography.Text type="secondary">{row.children.length}</Typography.Text></Flex>
        : name),
    },
    { key: 'code', title: t('access.code'), dataIndex: 'code', width: '16rem', render: (code?: string) => code && <Typography.Text code>{code}</Typography.Text> },
    {
      key: 'roles', title: t('access.holders'), dataIndex: 'roles',
      render: (roles: Row['roles'], row) => {
        if (row.children) return null;
        if (!roles?.length) return <Typography.Text type="secondary">{t('access.noHolder')}</Typography.Text>;
        return (
          <Flex gap="0.25rem" wrap>
            {roles.slice(0, SHOWN_ROLES).map((r) => (
              <Tooltip key={r.id} title={r.orgId != null ? orgName.get(r.orgId) : undefined}><Tag>{r.name}</Tag></Tooltip>
            ))}
            {roles.length > SHOWN_ROLES && (
              <Tooltip title={roles.slice(SHOWN_ROLES).map((r) => r.name).join('、')}><Tag>+{roles.length - SHOWN_ROLES}</Tag></Tooltip>
            )}
          </Flex>
        );
      },
    },
  ];

  return (
    <AccessPage title={title}>
      <Flex vertical gap="1rem">
        <Input.Search allowClear style={{ width: '20rem' }} placeholder={t('access.searchRights')} onSearch={setKeyword} onChange={(e) => !e.target.value && setKeyword('')} />
        <Loaded error={catalogue.error ?? holders.error} loading={!catalogue.data || !holders.data} errorText={(error) => t('access.loadFailed', { error })}>
          {() => (
            <Table<Row>
              key={keyword}
              rowKey="key"
              size="middle"
              columns={columns}
              dataSource={rows}
              pagination={false}
              expandable={{ defaultExpandAllRows: true }}
            />
          )}
        </Loaded>
      </Flex>
    </AccessPage>
  );
}
