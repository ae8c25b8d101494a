import { useQuery } from '@tanstack/react-query';
import { App, Card, Empty } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useLocation, useSearch } from 'wouter';
import type { DeviceModelRow } from '../../../../../contract/resources/device-model';
import { Right } from '../../../../../contract/rights';
import { useHasRight, usePlatformUser } from '../../../../shared/user';
import { PageHeading, PagePanel } from '../../../../shared/ui/PagePanel';
import { useLeaveGuard } from '../../../graphs/editor/useLeaveGuard';
import { PanelBody } from '../../ResourceListPage';
import { fetchDeviceTypes, measureKeys } from './measureApi';
import { MEASURES_NS, registerMeasureStrings } from './measureStrings';
import { ProductPicker } from './ProductPicker';
import { RegisterEditor } from './RegisterEditor';

registerMeasureStrings();

const Layout = styled.div`
  display: grid;
  grid-template-columns: 15rem minmax(0, 1fr);
  gap: 1rem;
  align-items: start;
`;

const MODEL = 'model';

/** `?model=12` as an id, or undefined. */
function modelOf(search: string): number | undefined {
  const raw = new URLSearchParams(search).get(MODEL);
  const id = raw && /^\d{1,10}$/.test(raw) ? Number(raw) : undefined;
  return id && id > 0 ? id : undefined;
}

/**
 * 测点管理 (/nv_product/nv_measure_point) and 物联网测点 (/nv_iot/nv_iot_measure_point): the branch's
 * products on the left (searchable; the choice is `?model=<id>` in the address), the chosen
 * product's register table on the right, edited as a draft and saved whole. Leaving, or choosing
 * another product, with unsaved changes asks first. product-preview reads; product-edit writes.
 */
export function MeasurePointPage({ title, iot }: { title: string; iot: boolean }) {
  const { t } = useTranslation(MEASURES_NS);
  const { modal } = App.useApp();
  const search = useSearch();
  const [location, navigate] = useLocation();
  const chosen = modelOf(search);
  // The catalogue is the platform's: product-edit writes it only for a user who sees all data.
  const platform = usePlatformUser();
  const canEdit = useHasRight(Right.ProductEdit) && platform;
  const [dirty, setDirty] = useState(0);
  const [products, setProducts] = useState<readonly DeviceModelRow[]>([]);
  const types = useQuery({ queryKey: measureKeys.deviceTypes, queryFn: ({ signal }) => fetchDeviceTypes(signal), staleTime: 60_000 });
  const product = products.find((p) => p.id === chosen);
  const typeName = useMemo(() => types.data?.find((x) => x.id === product?.deviceTypeId)?.name, [types.data, product]);

  const confirmLeave = useCallback(() => window.confirm(t('leaveConfirm')), [t]);
  useLeaveGuard(dirty > 0, confirmLeave);

  const choose = (id: number) => {
    if (id === chosen) return;
    const go = () => navigate(`${location}?${new URLSearchParams({ [MODEL]: String(id) })}`, { replace: true });
    if (!dirty) {
      go();
      return;
    }
    modal.confirm({ title: t('leaveConfirm'), content: t('switchConfirm', { count: dirty }), okText: t('discard'), okButtonProps: { danger: true }, cancelText: t('keepEditing'), onOk: go });
  };

  return (
    <PagePanel data-measures={iot ? 'iot' : 'devices'}>
      <PageHeading>{title}</PageHeading>
      <PanelBody>
        <Layout>
          <ProductPicker iot={iot} selected={chosen} onSelect={choose} onProducts={setProducts} />
          {chosen === undefined
            ? <Card size="small"><Empty description={t('chooseProduct')} /></Card>
            : <RegisterEditor key={chosen} modelId={chosen} canEdit={canEdit} deviceTypeName={typeName} onDirty={setDirty} />}
        </Layout>
      </PanelBody>
    </PagePanel>
  );
}
