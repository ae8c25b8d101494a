import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Divider, Drawer, Flex, Form, Input, InputNumber, Radio, Select } from 'antd';
import { useState } from 'react';
import { FILTER_ALGS, type FilterAlg, type FilterModel, type FilterType, type SaveFilterBody } from '../../../../contract/life';
import { errorText } from '../../../shared/errorText';
import { showFieldError } from '../../admin/kit/formErrors';
import { fetchFormulas, fetchOrgNames, lifeKeys, saveFilterModel } from './lifeApi';
import { useLifeText } from './lifeShared';

interface Values {
  code: string;
  name: string;
  filterTypeId?: number;
  supplierOrgId?: number;
  leadDays: number;
  unitPrice: number;
  remark: string;
  initialPa?: number;
  finalKind: 'fixed' | 'multiple';
  finalPa?: number | null;
  finalMultiple?: number | null;
  ratedAirM3h?: number;
  dustCapacityG?: number | null;
  captureEfficiency: number;
  maxDays?: number | null;
  warnDays: number;
  alg: FilterAlg;
  formulaId?: number | null;
}
const FIELDS = [
  'code', 'name', 'filterTypeId', 'supplierOrgId', 'leadDays', 'unitPrice', 'remark', 'initialPa', 'finalPa', 'finalMultiple', 'ratedAirM3h',
  'dustCapacityG', 'captureEfficiency', 'maxDays', 'warnDays', 'alg', 'formulaId',
];
const full = { style: { width: '100%' } };

/**
 * A filter model's form (model null: a new one): its identity and purchasing figures, its life
 * settings and algorithm. Saving recomputes the devices that hold it (the server does); a stale
 * save answers 409 and a bad field 400 naming it, shown on that input.
 */
export function FilterModelDrawer({ model, types, onClose, onSaved }: {
  model: FilterModel | null;
  types: readonly FilterType[];
  onClose: () => void;
  onSaved: (saved: FilterModel) => void;
}) {
  const { t } = useLifeText();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const orgs = useQuery({ queryKey: ['life', 'orgs'], queryFn: ({ signal }) => fetchOrgNames(signal), retry: false });
  const formulas = useQuery({ queryKey: lifeKeys.formulas, queryFn: ({ signal }) => fetchFormulas(signal) });
  const finalKind = Form.useWatch('finalKind', form);
  const alg = Form.useWatch('alg', form);

  const initial: Values = model
    ? {
      code: model.code, name: model.name, filterTypeId: model.filterTypeId, supplierOrgId: model.supplierOrgId ?? undefined, leadDays: model.leadDays,
      unitPrice: model.unitPrice, remark: model.remark, initialPa: model.initialPa, finalKind: model.finalPa !== null ? 'fixed' : 'multiple',
      finalPa: model.finalPa, finalMultiple: model.finalMultiple, ratedAirM3h: model.ratedAirM3h, dustCapacityG: model.dustCapacityG,
      captureEfficiency: model.captureEfficiency, maxDays: model.maxDays, warnDays: model.warnDays, alg: model.alg, formulaId: model.formulaId,
    }
    : {
      code: '', name: '', filterTypeId: types[0]?.id, leadDays: 7, unitPrice: 0, remark: '', finalKind: 'multiple', finalMultiple: 3,
      captureEfficiency: 0.9, warnDays: 15, alg: 'auto', formulaId: null,
    };
  // The saved supplier stays choosable when the organisations cannot be listed.
  const orgOptions = [...(orgs.data ?? [])];
  if (model?.supplierOrgId && model.supplierName && !orgOptions.some((o) => o.id === model.supplierOrgId)) {
    orgOptions.unshift({ id: model.supplierOrgId, name: model.supplierName });
  }

  const submit = async (v: Values) => {
    setSaving(true);
    setFailure(null);
    const fixed = v.finalKind === 'fixed';
    const body: SaveFilterBody = {
      ...(model ? { id: model.id, version: model.version } : {}),
      code: v.code.trim(), name: v.name.trim(), filterTypeId: v.filterTypeId!, supplierOrgId: v.supplierOrgId ?? null,
      leadDays: v.leadDays ?? 0, unitPrice: v.unitPrice ?? 0, remark: (v.remark ?? '').trim(), alg: v.alg,
      formulaId: v.alg === 'formula' ? v.formulaId ?? null : null,
      initialPa: v.initialPa!, finalPa: fixed ? v.finalPa ?? null : null, finalMultiple: fixed ? null : v.finalMultiple ?? null,
      ratedAirM3h: v.ratedAirM3h!, dustCapacityG: v.dustCapacityG ?? null, captureEfficiency: v.captureEfficiency,
      maxDays: v.maxDays ?? null, warnDays: v.warnDays ?? 0,
    };
    try {
      onSaved(await saveFilterModel(body));
    } catch (err) {
      if (!showFieldError(form, err, FIELDS)) setFailure(t('saveFailed', { error: errorText(err) }));
    } finally {
      setSaving(false);
    }
  };

  const required = [{ required: true, message: t('required') }];
  return (
    <Drawer
      open
      size="40rem"
      destroyOnHidden
      title={model ? t('editModel', { name: model.name }) : t('addModel')}
      onClose={onClose}
      footer={(
        <Flex justify="flex-end" gap="0.5rem">
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()} data-model-save>{t('save')}</Button>
        </Flex>
      )}
    >
      {failure && <Alert type="error" showIcon style={{ marginBottom: '1rem' }} title={failure} data-testid="model-save-error" />}
      <Form<Values> form={form} layout="vertical" initialValues={initial} onFinish={submit} data-model-form>
        <Flex gap="1rem">
          <Form.Item name="code" label={t('code')} rules={required} style={{ flex: 1 }}><Input maxLength={40} /></Form.Item>
          <Form.Item name="name" label={t('name')} rules={required} style={{ flex: 2 }}><Input maxLength={60} /></Form.Item>
        </Flex>
        <Form.Item name="filterTypeId" label={t('filterType')} rules={required}>
          <Select options={types.map((x) => ({ value: x.id, label: x.name }))} />
        </Form.Item>
        <Divider titlePlacement="start" plain>{t('groupLife')}</Divider>
        <Flex gap="1rem">
          <Form.Item name="initialPa" label={t('initialPa')} rules={required} style={{ flex: 1 }}>
            <InputNumber min={1} max={10000} {...full} />
          </Form.Item>
          <Form.Item name="finalKind" label={t('finalKind')} style={{ flex: 1 }}>
            <Radio.Group optionType="button" options={[{ value: 'fixed', label: t('finalFixed') }, { value: 'multiple', label: t('finalMultiple') }]} />
          </Form.Item>
        </Flex>
        <Flex gap="1rem">
          {finalKind === 'fixed' ? (
            <Form.Item name="finalPa" label={t('finalPaLabel')} rules={required} style={{ flex: 1 }}>
              <InputNumber min={1} max={20000} {...full} />
            </Form.Item>
          ) : (
            <Form.Item name="finalMultiple" label={t('finalMultipleLabel')} rules={required} style={{ flex: 1 }}>
              <InputNumber min={1.01} max={20} step={0.1} {...full} />
            </Form.Item>
          )}
          <Form.Item name="ratedAirM3h" label={t('ratedAir')} rules={required} style={{ flex: 1 }}>
            <InputNumber min={1} max={1000000} {...full} />
          </Form.Item>
        </Flex>
        <Flex gap="1rem">
          <Form.Item name="dustCapacityG" label={t('dustCapacity')} extra={t('optionalEmpty')} style={{ flex: 1 }}>
            <InputNumber min={1} max={10000000} {...full} />
          </Form.Item>
          <Form.Item name="captureEfficiency" label={t('captureEfficiency')} rules={required} style={{ flex: 1 }}>
            <InputNumber min={0} max={1} step={0.01} {...full} />
          </Form.Item>
        </Flex>
        <Flex gap="1rem">
          <Form.Item name="maxDays" label={t('maxDays')} extra={t('optionalEmpty')} style={{ flex: 1 }}>
            <InputNumber min={1} max={3650} precision={0} {...full} />
          </Form.Item>
          <Form.Item name="warnDays" label={t('warnDays')} rules={required} style={{ flex: 1 }}>
            <InputNumber min={0} max={365} precision={0} {...full} />
          </Form.Item>
        </Flex>
        <Flex gap="1rem">
          <Form.Item name="alg" label={t('algorithm')} rules={required} style={{ flex: 1 }}>
            <Select options={FILTER_ALGS.map((a) => ({ value: a, label: t(`algs.${a}`) }))} />
          </Form.Item>
          {alg === 'formula' && (
            <Form.Item name="formulaId" label={t('formula')} rules={required} style={{ flex: 1 }}>
              <Select loading={formulas.isPending} options={(formulas.data ?? []).map((f) => ({ value: f.id, label: f.name }))} />
            </Form.Item>
          )}
        </Flex>
        <Divider titlePlacement="start" plain>{t('groupPurchase')}</Divider>
        <Form.Item name="supplierOrgId" label={t('supplier')}>
          <Select allowClear placeholder={t('noSupplier')} showSearch={{ optionFilterProp: 'label' }} loading={orgs.isPending}
            options={orgOptions.map((o) => ({ value: o.id, label: o.name }))} />
        </Form.Item>
        <Flex gap="1rem">
          <Form.Item name="leadDays" label={t('leadDays')} style={{ flex: 1 }}><InputNumber min={0} max={365} precision={0} {...full} /></Form.Item>
          <Form.Item name="unitPrice" label={t('unitPrice')} style={{ flex: 1 }}><InputNumber min={0} max={1000000} step={1} {...full} /></Form.Item>
        </Flex>
        <Form.Item name="remark" label={t('remark')}><Input.TextArea maxLength={200} rows={2} /></Form.Item>
      </Form>
    </Drawer>
  );
}
