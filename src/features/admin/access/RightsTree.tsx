import { Empty, Flex, Tooltip, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { RightCatalogue } from '../../../../contract/access';

const GROUP = 'group:';

/** The groups side by side as the width allows (one column in a drawer), each kept whole. */
const Groups = styled.div`
  column-width: 19rem;
  column-gap: 2rem;

  .ant-tree {
    background: transparent;
  }
  .ant-tree-treenode {
    padding-block: 0.125rem;
  }
`;

const Group = styled.div`
  break-inside: avoid;
  padding-bottom: 0.75rem;
`;

export interface RightsTreeProps {
  catalogue: RightCatalogue;
  /** The rights checked (editable) or shown (read-only). */
  checked: readonly string[];
  /** Absent: read-only, listing only the rights in `checked`, grouped. */
  onChange?(codes: string[]): void;
  /** Why a right cannot be changed here (shown on hover); undefined: it can. */
  disabledReason?(code: string): string | undefined;
  /** Shown after a right's name (the roles that hold or give it). */
  extra?(code: string): ReactNode;
}

/**
 * The rights catalogue as a tree, its groups as parents (issue 15: rights are picked in a grouped
 * tree with check boxes), a tree per group laid out in columns. Editable, a group's box checks its
 * enabled rights; read-only, only the rights given are listed.
 */
export function RightsTree({ catalogue, checked, onChange, disabledReason, extra }: RightsTreeProps) {
  const { t } = useTranslation('admin');
  const readOnly = !onChange;
  const held = useMemo(() => new Set(checked), [checked]);

  const treeData = useMemo<(DataNode & { children: DataNode[] })[]>(() => catalogue
    .map(({ group, rights }) => {
      const shown = readOnly ? rights.filter((r) => held.has(r.code)) : rights;
      const count = rights.filter((r) => held.has(r.code)).length;
      return {
        key: `${GROUP}${group}`,
        title: (
          <Flex gap="0.5rem" align="baseline">
            <Typography.Text strong>{group}</Typography.Text>
            <Typography.Text type="secondary">{readOnly ? shown.length : `${count}/${rights.length}`}</Typography.Text>
          </Flex>
        ),
        disableCheckbox: !readOnly && rights.every((r) => disabledReason?.(r.code)),
        children: shown.map((r) => {
          const reason = readOnly ? undefined : disabledReason?.(r.code);
          const label = (
            <Flex gap="0.5rem" align="baseline" wrap>
              <span>{r.name}</span>
              <Typography.Text type="secondary" style={{ fontSize: '0.85em' }}>{r.code}</Typography.Text>
              {extra?.(r.code)}
            </Flex>
          );
          return {
            key: r.code,
            title: reason ? <Tooltip title={reason}>{label}</Tooltip> : label,
            disableCheckbox: !!reason,
            isLeaf: true,
          };
        }),
      };
    })
    .filter((g) => g.children.length > 0), [catalogue, held, readOnly, disabledReason, extra]);

  if (!treeData.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('access.noRights')} />;
  return (
    <Groups>
      {treeData.map((group) => {
        const codes = new Set(group.children.map((r) => String(r.key)));
        return (
          <Group key={group.key}>
            <Tree
              blockNode
              selectable={false}
              checkable={!readOnly}
              defaultExpandAll
              treeData={[group]}
              checkedKeys={readOnly ? undefined : checked.filter((c) => codes.has(c))}
              onCheck={(keys) => {
                // This group's rights as checked now, the other groups' as they were.
                const list = (Array.isArray(keys) ? keys : keys.checked).map(String).filter((k) => !k.startsWith(GROUP));
                onChange?.([...checked.filter((c) => !codes.has(c)), ...list]);
              }}
            />
          </Group>
        );
      })}
    </Groups>
  );
}
