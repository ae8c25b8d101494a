import { SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Input, Spin, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { DeviceModelRow } from '../../../../../contract/resources/device-model';
import { errorText } from '../../../../shared/errorText';
import { fetchDeviceTypes, fetchProducts, measureKeys, PRODUCT_LIST_LIMIT } from './measureApi';
import { MEASURES_NS } from './measureStrings';

/**
 * The products of the branch (产品 or 物联网产品), searchable by name or code, as a list box: the
 * chosen one is the page's (`?model=<id>`).
 */

const List = styled.ul`
  list-style: none;
  margin: 0.5rem 0 0;
  padding: 0;
  max-height: calc(100vh - 17rem);
  min-height: 12rem;
  overflow-y: auto;
`;

const Item = styled.li<{ $active: boolean }>`
  padding: 0.5rem 0.75rem;
  border-radius: 0.375rem;
  cursor: pointer;
  border: 1px solid ${({ $active, theme }) => ($active ? theme.primary : 'transparent')};
  background: ${({ $active, theme }) => ($active ? theme.glow : 'transparent')};
  outline: none;
  &:hover {
    background: ${({ $active, theme }) => ($active ? theme.glow : theme.inputBg)};
  }
  &:focus-visible {
    border-color: ${({ theme }) => theme.primary};
  }
  .name {
    display: block;
    color: ${({ theme }) => theme.textStrong};
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .meta {
    display: block;
    font-size: 0.75rem;
    color: ${({ theme }) => theme.textMuted};
  }
`;

export interface ProductPickerProps {
  iot: boolean;
  selected: number | undefined;
  onSelect(id: number): void;
  /** The chosen product as listed (the page's header shows it). */
  onProducts?(list: readonly DeviceModelRow[]): void;
}

export function ProductPicker({ iot, selected, onSelect, onProducts }: ProductPickerProps) {
  const { t } = useTranslation(MEASURES_NS);
  const [keyword, setKeyword] = useState('');
  const products = useQuery({ queryKey: measureKeys.products(iot), queryFn: ({ signal }) => fetchProducts(iot, signal), staleTime: 30_000 });
  const types = useQuery({ queryKey: measureKeys.deviceTypes, queryFn: ({ signal }) => fetchDeviceTypes(signal), staleTime: 60_000 });
  const typeName = useMemo(() => new Map((types.data ?? []).map((x) => [x.id, x.name])), [types.data]);
  const listRef = useRef<HTMLUListElement>(null);

  const list = products.data?.list;
  useEffect(() => { if (list) onProducts?.(list); }, [list, onProducts]);
  const shown = useMemo(() => {
    const k = keyword.trim().toLowerCase();
    return (list ?? []).filter((p) => !k || p.name.toLowerCase().includes(k) || p.code.toLowerCase().includes(k));
  }, [list, keyword]);

  // The chosen product in view when the list arrives (a link to a product far down the list).
  useEffect(() => {
    listRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [list, selected]);

  const onKey = (e: React.KeyboardEvent<HTMLUListElement>) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    const at = shown.findIndex((p) => p.id === selected);
    const next = shown[Math.max(0, Math.min(shown.length - 1, at + (e.key === 'ArrowDown' ? 1 : -1)))];
    if (next) onSelect(next.id);
  };

  return (
    <Card size="small" title={t('products')} data-testid="measure-products">
      <Input
        allowClear
        prefix={<SearchOutlined aria-hidden />}
        placeholder={t('searchProducts')}
        aria-label={t('searchProducts')}
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
      />
      {products.isError && (
        <Alert
          style={{ marginTop: '0.5rem' }}
          type="error"
          showIcon
          title={t('loadFailed', { error: errorText(products.error) })}
          action={<Button size="small" onClick={() => void products.refetch()}>{t('retry')}</Button>}
        />
      )}
      {products.isPending && <Spin style={{ display: 'block', margin: '2rem auto' }} />}
      {list && !shown.length && <Empty style={{ marginTop: '1rem' }} image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noProducts')} />}
      {shown.length > 0 && (
        <List ref={listRef} role="listbox" aria-label={t('products')} tabIndex={0} onKeyDown={onKey}>
          {shown.map((p) => (
            <Item
              key={p.id}
              role="option"
              aria-selected={p.id === selected}
              $active={p.id === selected}
              onClick={() => onSelect(p.id)}
              data-model={p.id}
            >
              <span className="name">{p.name}</span>
              <span className="meta">{p.code}{typeName.get(p.deviceTypeId) ? ` · ${typeName.get(p.deviceTypeId)}` : ''}</span>
            </Item>
          ))}
        </List>
      )}
      {products.data && products.data.count > products.data.list.length && (
        <Typography.Text type="secondary" style={{ fontSize: '0.75rem' }}>{t('productsTruncated', { count: PRODUCT_LIST_LIMIT, total: products.data.count })}</Typography.Text>
      )}
    </Card>
  );
}
