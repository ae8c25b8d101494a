import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Badge, Button, Checkbox, Empty, Flex, Input, Menu, Spin, Typography } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useLocation, useSearch } from 'wouter';
import { Right } from '../../../../../contract/rights';
import { errorText } from '../../../../shared/errorText';
import { PageHeading, PagePanel } from '../../../../shared/ui/PagePanel';
import { useHasRight } from '../../../../shared/user';
import { PanelBody } from '../../ResourceListPage';
import { fetchBranchProducts, fetchRegisterTable, fetchRoleMeasures, fetchRoleNames, measureAuthKeys, saveRoleMeasures } from './measureAuthApi';
import { registerMeasureAuthStrings } from './measureAuthStrings';
import { branchOf, coverage, sameIds, sectionsOf, withIds } from './measureChecklist';

registerMeasureAuthStrings();

const Pane = styled.section`
  display: flex;
  flex-direction: column;
  min-height: 0;
  border: 1px solid ${({ theme }) => theme.surfaceBorder};
  border-radius: 0.5rem;
  overflow: hidden;
`;

const PaneTitle = styled.h2`
  margin: 0;
  padding: 0.75rem 1rem;
  font-size: 1rem;
  font-weight: 600;
  color: ${({ theme }) => theme.textStrong};
  border-bottom: 1px solid ${({ theme }) => theme.surfaceBorder};
`;

const Scroll = styled.div`
  flex: 1;
  min-height: 0;
  overflow: auto;
  .ant-menu { border-inline-end: none !important; background: transparent; }
`;

const PointGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr));
  gap: 0.5rem 1rem;
  padding: 0.5rem 0 1rem 1.5rem;
`;

const positive = (text: string | null) => {
  const n = Number(text);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

function SearchableMenu({ label, items, selected, search, onSearch, onSelect, loading, empty }: {
  label: string;
  items: { id: number; name: string; extra?: string }[];
  selected: number | undefined;
  search: string;
  onSearch(text: string): void;
  onSelect(id: number): void;
  loading: boolean;
  empty: string;
}) {
  const shown = items.filter((i) => !search || `${i.name} ${i.extra ?? ''}`.toLowerCase().includes(search.toLowerCase()));
  return (
    <>
      <div style={{ padding: '0.75rem 1rem 0.5rem' }}>
        <Input.Search allowClear placeholder={label} aria-label={label} value={search} onChange={(e) => onSearch(e.target.value)} />
      </div>
      <Scroll>
        {loading ? <Spin style={{ display: 'block', margin: '2rem auto' }} /> : shown.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} /> : (
          <Menu
            mode="inline"
            selectedKeys={selected === undefined ? [] : [String(selected)]}
            onClick={({ key }) => onSelect(Number(key))}
            items={shown.map((i) => ({
              key: String(i.id),
              label: i.extra ? <span title={`${i.name} (${i.extra})`}>{i.name} <Typography.Text type="secondary">{i.extra}</Typography.Text></span> : <span title={i.name}>{i.name}</span>,
            }))}
          />
        )}
      </Scroll>
    </>
  );
}

/**
 * 测点授权 (/nv_product/nv_measure_auth/{isIotDevice}): pick a role, then a product of the branch
 * (1: IoT products, 0: the others), and check the product's measure points the role's users may
 * see, by measure group; 保存 replaces the role's rights on that product. Switching role or
 * product (or leaving the page) with unsaved changes asks first.
 */
export function MeasureAuthPage({ title, params }: { title: string; params: Record<string, string> }) {
  const { t } = useTranslation('admin');
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = useHasRight(Right.ProductEdit);
  const branch = branchOf(params.isIotDevice);
  const search = useSearch();
  const [location, navigate] = useLocation();
  const query = new URLSearchParams(search);
  const [roleSearch, setRoleSearch] = useState('');
  const [productSearch, setProductSearch] = useState('');
  const [draft, setDraft] = useState<{ key: string; ids: Set<number> } | null>(null);
  const [saving, setSaving] = useState(false);

  const roles = useQuery({ queryKey: measureAuthKeys.roles, queryFn: ({ signal }) => fetchRoleNames(signal), staleTime: 60_000 });
  const products = useQuery({
    queryKey: measureAuthKeys.products(branch ?? 0),
    queryFn: ({ signal }) => fetchBranchProducts(branch!, signal),
    enabled: branch !== undefined,
    staleTime: 60_000,
  });
  const askedRole = positive(query.get('role'));
  const askedModel = positive(query.get('model'));
  const roleId = roles.data?.some((r) => r.id === askedRole) ? askedRole : roles.data?.[0]?.id;
  const modelId = products.data?.some((p) => p.id === askedModel) ? askedModel : products.data?.[0]?.id;
  const role = roles.data?.find((r) => r.id === roleId);
  const product = products.data?.find((p) => p.id === modelId);

  const table = useQuery({
    queryKey: measureAuthKeys.table(modelId ?? 0),
    queryFn: ({ signal }) => fetchRegisterTable(modelId!, signal),
    enabled: modelId !== undefined,
  });
  const rights = useQuery({
    queryKey: measureAuthKeys.rights(roleId ?? 0, modelId ?? 0),
    queryFn: ({ signal }) => fetchRoleMeasures(roleId!, modelId!, signal),
    enabled: roleId !== undefined && modelId !== undefined,
  });

  const key = `${roleId}:${modelId}`;
  const saved = useMemo(() => new Set(rights.data ?? []), [rights.data]);
  const selected = draft?.key === key ? draft.ids : saved;
  const dirty = draft?.key === key && !sameIds(draft.ids, saved);
  const sections = useMemo(() => (table.data ? sectionsOf(table.data.groups, table.data.points, t('measureAuth.ungrouped')) : []), [table.data, t]);
  const allIds = useMemo(() => sections.flatMap((s) => s.points.map((p) => p.id)), [sections]);

  // Leaving the page (reload, close) with unsaved changes asks the browser's own question.
  useEffect(() => {
    if (!dirty) return undefined;
    const onBeforeUnload = (e: BeforeUnloadEvent) => { e.preventDefault(); };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const go = (next: { role?: number; model?: number }) => {
    const q = new URLSearchParams();
    if (next.role !== undefined) q.set('role', String(next.role));
    if (next.model !== undefined) q.set('model', String(next.model));
    navigate(`${location}?${q}`, { replace: true });
  };
  /** Switches after a confirm when the current choice has unsaved changes. */
  const guarded = (next: { role?: number; model?: number }) => {
    if (next.role === roleId && next.model === modelId) return;
    if (!dirty) {
      go(next);
      return;
    }
    modal.confirm({
      title: t('measureAuth.unsavedTitle'),
      content: t('measureAuth.unsavedText', { role: role?.name ?? '', product: product?.name ?? '' }),
      okText: t('measureAuth.discard'),
      okButtonProps: { danger: true },
      cancelText: t('measureAuth.keepEditing'),
      onOk: () => {
        setDraft(null);
        go(next);
      },
    });
  };
  const change = (ids: readonly number[], on: boolean) => setDraft({ key, ids: withIds(selected, ids, on) });

  const save = async () => {
    if (roleId === undefined || modelId === undefined) return;
    setSaving(true);
    try {
      const result = await saveRoleMeasures(roleId, modelId, [...selected]);
      queryClient.setQueryData(measureAuthKeys.rights(roleId, modelId), result.measureIds);
      setDraft(null);
      message.success(t('measureAuth.saved', { role: role?.name ?? '', product: product?.name ?? '', count: result.measureIds.length }));
    } catch (err) {
      // The choices stay as they are, to try again.
      message.error(t('measureAuth.saveFailed', { error: errorText(err) }));
    } finally {
      setSaving(false);
    }
  };

  if (branch === undefined) {
    return (
      <PagePanel>
        <PageHeading>{title}</PageHeading>
        <PanelBody><Alert type="error" showIcon title={t('measureAuth.badBranch', { value: params.isIotDevice })} /></PanelBody>
      </PagePanel>
    );
  }

  const failed = roles.error ?? products.error ?? table.error ?? rights.error;
  let checklist: ReactNode;
  if (roleId === undefined) checklist = <Empty description={roles.isPending ? undefined : t('measureAuth.chooseRole')} />;
  else if (modelId === undefined) checklist = <Empty description={products.isPending ? undefined : t('measureAuth.chooseProduct')} />;
  else if (table.isPending || rights.isPending) checklist = <Spin style={{ display: 'block', margin: '3rem auto' }} />;
  else if (!allIds.length) checklist = <Empty description={t('measureAuth.noPoints')} />;
  else {
    checklist = sections.map((s) => {
      const ids = s.points.map((p) => p.id);
      const cover = coverage(selected, ids);
      return (
        <div key={s.groupId ?? 'none'} data-measure-group={s.name}>
          <Checkbox
            checked={cover === 'all'}
            indeterminate={cover === 'some'}
            disabled={!canEdit}
            onChange={(e) => change(ids, e.target.checked)}
          >
            <Typography.Text strong>{s.name}</Typography.Text>{' '}
            <Typography.Text type="secondary">({ids.filter((id) => selected.has(id)).length}/{ids.length})</Typography.Text>
          </Checkbox>
          <PointGrid>
            {s.points.map((p) => (
              <Checkbox key={p.id} checked={selected.has(p.id)} disabled={!canEdit} onChange={(e) => change([p.id], e.target.checked)}>
                {p.name}
                <Typography.Text type="secondary" style={{ fontSize: '0.8125rem' }}>
                  {' '}{[p.unit, t('measureAuth.register', { addr: p.registerAddr })].filter(Boolean).join(' · ')}
                </Typography.Text>
              </Checkbox>
            ))}
          </PointGrid>
        </div>
      );
    });
  }

  return (
    <PagePanel data-measure-auth={branch}>
      <PageHeading>{title} · {branch === 1 ? t('measureAuth.iotProducts') : t('measureAuth.products')}</PageHeading>
      <PanelBody>
        {failed && <Alert type="error" showIcon style={{ marginBottom: '1rem' }} title={t('measureAuth.loadFailed', { error: errorText(failed) })} />}
        {!canEdit && <Alert type="info" showIcon style={{ marginBottom: '1rem' }} title={t('measureAuth.readOnly', { right: Right.ProductEdit })} />}
        <div style={{ display: 'grid', gridTemplateColumns: '16rem 20rem minmax(0, 1fr)', gap: '1rem', height: 'calc(100vh - 17.5rem)', minHeight: '28rem' }}>
          <Pane aria-label={t('measureAuth.roles')} data-pane="roles">
            <PaneTitle>{t('measureAuth.roles')}</PaneTitle>
            <SearchableMenu
              label={t('measureAuth.searchRoles')} items={roles.data ?? []} selected={roleId} search={roleSearch} onSearch={setRoleSearch}
              onSelect={(id) => guarded({ role: id, model: modelId })} loading={roles.isPending} empty={t('measureAuth.noRoles')}
            />
          </Pane>
          <Pane aria-label={t('measureAuth.products')} data-pane="products">
            <PaneTitle>{branch === 1 ? t('measureAuth.iotProducts') : t('measureAuth.products')}</PaneTitle>
            <SearchableMenu
              label={t('measureAuth.searchProducts')} items={(products.data ?? []).map((p) => ({ id: p.id, name: p.name, extra: p.code }))}
              selected={modelId} search={productSearch} onSearch={setProductSearch}
              onSelect={(id) => guarded({ role: roleId, model: id })} loading={products.isPending} empty={t('measureAuth.noProducts')}
            />
          </Pane>
          <Pane aria-label={t('measureAuth.points')} data-pane="points">
            <PaneTitle>
              {role && product ? t('measureAuth.heading', { role: role.name, product: product.name }) : t('measureAuth.points')}
              {dirty && <Badge status="warning" text={t('measureAuth.unsaved')} style={{ marginInlineStart: '0.75rem', fontWeight: 400 }} />}
            </PaneTitle>
            {allIds.length > 0 && (
              <Flex justify="space-between" align="center" wrap gap="0.5rem" style={{ padding: '0.75rem 1rem', borderBottom: '1px solid var(--ant-color-split, transparent)' }}>
                <Flex gap="0.5rem" align="center">
                  <Button size="small" disabled={!canEdit} onClick={() => change(allIds, true)}>{t('measureAuth.selectAll')}</Button>
                  <Button size="small" disabled={!canEdit} onClick={() => change(allIds, false)}>{t('measureAuth.selectNone')}</Button>
                  <Typography.Text type="secondary" data-measure-checked>
                    {t('measureAuth.checked', { count: allIds.filter((id) => selected.has(id)).length, total: allIds.length })}
                  </Typography.Text>
                </Flex>
                {canEdit && (
                  <Flex gap="0.5rem">
                    <Button disabled={!dirty || saving} onClick={() => setDraft(null)}>{t('measureAuth.reset')}</Button>
                    <Button type="primary" disabled={!dirty} loading={saving} onClick={save}>{t('measureAuth.save')}</Button>
                  </Flex>
                )}
              </Flex>
            )}
            <Scroll style={{ padding: '0.75rem 1rem' }}>{checklist}</Scroll>
            <Typography.Paragraph type="secondary" style={{ margin: 0, padding: '0.5rem 1rem', fontSize: '0.8125rem' }}>{t('measureAuth.hint')}</Typography.Paragraph>
          </Pane>
        </div>
      </PanelBody>
    </PagePanel>
  );
}
