import { deviceModelResource } from '../../../../contract/resources/device-model';
import type { ResourceDefinition } from '../../../../contract/resources/kit';
import { PageHeading, PagePanel } from '../../../shared/ui/PagePanel';
import { ResourceList } from '../kit/ResourceList';
import { PanelBody } from '../ResourceListPage';

const def = deviceModelResource as unknown as ResourceDefinition;
const IOT = { iot: '1' } as const;
const NOT_IOT = { iot: '0' } as const;

/**
 * 产品列表 (/nv_product/nv_product_list) and 物联网产品 (/nv_iot/nv_iot_product): the device models
 * of one branch — IoT products are the DTUs, relays and gateways (device types 1, 3, 4), the
 * product list the rest — with their pictures.
 */
export function ProductListPage({ title, iot }: { title: string; iot: boolean }) {
  return (
    <PagePanel data-products={iot ? 'iot' : 'devices'}>
      <PageHeading>{title}</PageHeading>
      <PanelBody>
        <ResourceList key={iot ? 'iot' : 'devices'} def={def} fixed={iot ? IOT : NOT_IOT} />
      </PanelBody>
    </PagePanel>
  );
}
