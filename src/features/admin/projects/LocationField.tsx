import { AimOutlined, EnvironmentOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { peekChinaMapJson } from '../../../../screens/widgets/shared/chinaMapSource';
import type { FieldInputProps } from '../kit/ResourceFormDrawer';
import { locateAddress, provincesOf, regionPoint, type Located } from './locateAddress';
import { fetchRegions } from './projectApi';
import { ProjectMap } from './ProjectMap';

type Note = { tone: 'success' | 'warning'; text: string } | null;

/**
 * The project form's address input with the place picker under it: the offline map (a click sets
 * longitude and latitude), and 按地址定位 / 按区域定位, which place the project at the centre of the
 * region (or the map's province) the address or the region field names — said to be approximate,
 * since a street address cannot be resolved without a map service.
 */
export function LocationField({ field: _field, sources: _sources, row: _row, ...control }: FieldInputProps) {
  const { t } = useTranslation('admin');
  const form = Form.useFormInstance();
  const lng = Form.useWatch('lng', form) as number | null | undefined;
  const lat = Form.useWatch('lat', form) as number | null | undefined;
  const regionId = Form.useWatch('regionId', form) as number | null | undefined;
  const regions = useQuery({ queryKey: ['projects', 'regions'], queryFn: ({ signal }) => fetchRegions(signal), staleTime: 60_000 });
  const [note, setNote] = useState<Note>(null);

  const place = (spot: { lng: number; lat: number }) => form.setFieldsValue({ lng: spot.lng, lat: spot.lat });
  const placed = (found: Located) => {
    place(found);
    setNote({ tone: 'success', text: t(found.source === 'region' ? 'projects.locatedRegion' : 'projects.locatedProvince', { name: found.name }) });
  };
  const byAddress = () => {
    const found = locateAddress(String(control.value ?? ''), regions.data ?? [], provincesOf(peekChinaMapJson()));
    if (found) placed(found);
    else setNote({ tone: 'warning', text: t('projects.notLocated') });
  };
  const byRegion = () => {
    if (typeof regionId !== 'number') return setNote({ tone: 'warning', text: t('projects.pickRegionFirst') });
    const found = regionPoint(regions.data ?? [], regionId);
    if (found) placed(found);
    else setNote({ tone: 'warning', text: t('projects.regionNoPoint') });
  };
  const pin = typeof lng === 'number' && typeof lat === 'number' ? { lng, lat } : null;

  return (
    <Flex vertical gap="0.5rem">
      <Input {...control} />
      <Flex gap="0.5rem" wrap>
        <Button size="small" icon={<AimOutlined aria-hidden />} onClick={byAddress} disabled={!regions.data}>{t('projects.locateByAddress')}</Button>
        <Button size="small" icon={<EnvironmentOutlined aria-hidden />} onClick={byRegion} disabled={!regions.data}>{t('projects.locateByRegion')}</Button>
      </Flex>
      <Alert type="info" showIcon title={t('projects.offlineNotice')} style={{ fontSize: 12 }} />
      {note && <Alert type={note.tone} showIcon title={note.text} data-testid="locate-note" />}
      <ProjectMap
        points={[]}
        pin={pin}
        height={260}
        onPick={(pickedLng, pickedLat) => {
          place({ lng: pickedLng, lat: pickedLat });
          setNote(null);
        }}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="picked-place">
        {pin ? t('projects.picked', { longitude: pin.lng, latitude: pin.lat }) : t('projects.pickHint')}
      </Typography.Text>
    </Flex>
  );
}
