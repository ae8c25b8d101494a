import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Form, Input, InputNumber, Modal, Popconfirm, Space } from 'antd';
import { Table } from '../../admin/kit/CardTable';
import { PlusOutlined } from '@ant-design/icons';
import { useState, type HTMLAttributes } from 'react';
import styled from 'styled-components';
import type { FilterModel, FilterType, SaveFilterTypeBody } from '../../../../contract/life';
import { errorText } from '../../../shared/errorText';
import { PageHeading, PagePanel } from '../../../shared/ui/PagePanel';
import { usePlatformUser } from '../../../shared/user';
import { PanelBody } from '../../admin/ResourceListPage';
import { showFieldError } from '../../admin/kit/formErrors';
import { Card, Muted, Toolbar } from '../environment/envShared';
import { FilterModelDrawer } from './FilterModelDrawer';
import { deleteFilterModel, deleteFilterType, fetchFilterModels, fetchFilterTypes, lifeKeys, saveFilterType } from './lifeApi';
import { useLifeText, useNumberParam } from './lifeShared';

/** Types above models: the models' table needs the page's whole width. */
const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 1rem;
  > section:first-child {
    max-width: 44rem;
  }
`;

const CardHead = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 0.75rem;
  margin-bottom: 0.75rem;
  h2 {
    margin: 0;
  }
`;

type Notice = { type: 'success' | 'error'; text: string };

/** Adds or edits a filter type (code, name, order, remark); a taken code answers 400 on its input. */
function TypeModal({ type, onClose, onSaved }: { type: FilterType | null; onClose: () => void; onSaved: (t: FilterType) => void }) {
  const { t } = useLifeText();
  const [form] = Form.useForm<SaveFilterTypeBody>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (v: SaveFilterTypeBody) => {
    setSaving(true);
    setFailure(null);
    try {
      onSaved(await saveFilterType({ ...(type ? { id: type.id, version: type.version } : {}), code: v.code.trim(), name: v.name.trim(), remark: (v.remark ?? '').trim(), sortOrder: v.sortOrder ?? 0 }));
    } catch (err) {
      if (!showFieldError(form, err, ['code', 'name', 'remark', 'sortOrder'])) setFailure(t('saveFailed', { error: errorText(err) }));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open destroyOnHidden title={type ? t('editType', { name: type.name }) : t('addType')} onCancel={onClose}
      onOk={() => form.submit()} okText={t('save')} cancelText={t('cancel')} confirmLoading={saving}>
      {failure && <Alert type="error" showIcon style={{ marginBottom: '1rem' }} title={failure} />}
      <Form<SaveFilterTypeBody> form={form} layout="vertical" onFinish={submit} data-type-form
        initialValues={type ?? { code: '', name: '', remark: '', sortOrder: 0 }}>
        <Flex gap="1rem">
          <Form.Item name="code" label={t('code')} rules={[{ required: true, message: t('required') }]} style={{ flex: 1 }}><Input maxLength={40} /></Form.Item>
          <Form.Item name="name" label={t('name')} rules={[{ required: true, message: t('required') }]} style={{ flex: 1 }}><Input maxLength={40} /></Form.Item>
        </Flex>
        <Form.Item name="sortOrder" label={t('sortOrder')}><InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} /></Form.Item>
        <Form.Item name="remark" label={t('remark')}><Input.TextArea maxLength={200} rows={2} /></Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * /nv_life_analysis/nv_life_set: the filter types, and the filter models with their life settings
 * (initial and final resistance, rated air volume, dust-holding capacity, service and warning
 * days), purchasing figures and life algorithm; saving a model recomputes its devices' life, and
 * the page says how many.
 */
export function LifeSetPage({ title }: { title: string }) {
  const { t } = useLifeText();
  // Filter types and models are the platform's catalogue: changed only by a user who sees all data.
  const canEdit = usePlatformUser();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [typeId, setTypeId] = useNumberParam('filterTypeId');
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(10);
  const [keyword, setKeyword] = useState('');
  const [typed, setTyped] = useState('');
  const [editingType, setEditingType] = useState<FilterType | null | undefined>(undefined);
  const [editingModel, setEditingModel] = useState<FilterModel | null | undefined>(undefined);
  const [notice, setNotice] = useState<Notice | null>(null);

  const types = useQuery({ queryKey: lifeKeys.types, queryFn: ({ signal }) => fetchFilterTypes(signal) });
  const models = useQuery({
    queryKey: [...lifeKeys.models, 'page', page, size, keyword, typeId ?? null], placeholderData: keepPreviousData,
    queryFn: ({ signal }) => fetchFilterModels({ page, size, keyword, filterTypeId: typeId }, signal),
  });
  const refresh = () => qc.invalidateQueries({ queryKey: lifeKeys.all });

  const removeType = async (x: FilterType) => {
    try {
      await deleteFilterType(x.id);
      if (typeId === x.id) setTypeId(undefined);
      message.success(t('deleted', { name: x.name }));
      await refresh();
    } catch (err) {
      setNotice({ type: 'error', text: t('deleteFailed', { error: errorText(err) }) });
    }
  };
  const removeModel = async (m: FilterModel) => {
    try {
      await deleteFilterModel(m.id);
      message.success(t('deleted', { name: m.name }));
      await refresh();
    } catch (err) {
      setNotice({ type: 'error', text: t('deleteFailed', { error: errorText(err) }) });
    }
  };
  const finalText = (m: FilterModel) => (m.finalPa !== null ? `${m.finalPa} Pa` : t('timesInitial', { n: m.finalMultiple }));
  const limit = (v: number | null, unit = '') => (v === null ? <Muted>{t('noLimit')}</Muted> : `${v.toLocaleString()}${unit}`);

  return (
    <PagePanel>
      <PageHeading>{title}</PageHeading>
      <PanelBody>
        {notice && (
          <Alert type={notice.type} showIcon closable style={{ marginBottom: '1rem' }} title={notice.text} onClose={() => setNotice(null)}
            data-testid="life-set-notice" />
        )}
        {types.error && <Alert type="error" showIcon style={{ marginBottom: '1rem' }} title={t('loadFailed', { error: errorText(types.error) })} />}
        {models.error && <Alert type="error" showIcon style={{ marginBottom: '1rem' }} title={t('loadFailed', { error: errorText(models.error) })} />}
        <Columns>
          <Card>
            <CardHead>
              <h2>{t('types')}</h2>
              {canEdit && <Button size="small" icon={<PlusOutlined />} onClick={() => setEditingType(null)}>{t('addType')}</Button>}
            </CardHead>
            <Table<FilterType>
              rowKey="id" size="small" dataSource={types.data ?? []} loading={types.isFetching} pagination={false}
              locale={{ emptyText: t('noData') }}
              onRow={(r) => ({ onClick: () => { setTypeId(typeId === r.id ? undefined : r.id); setPage(1); }, style: { cursor: 'pointer' } })}
              rowClassName={(r) => (r.id === typeId ? 'ant-table-row-selected' : '')}
              columns={[
                { title: t('code'), dataIndex: 'code' },
                { title: t('name'), dataIndex: 'name' },
                ...!canEdit ? [] : [{ title: t('actions'), key: 'actions', width: 110, render: (_: unknown, r: FilterType) => (
                  <Space size={0} onClick={(e) => e.stopPropagation()}>
                    <Button type="link" size="small" onClick={() => setEditingType(r)}>{t('edit')}</Button>
                    <Popconfirm title={t('confirmDelete', { name: r.name })} okText={t('del')} cancelText={t('cancel')} onConfirm={() => removeType(r)}>
                      <Button type="link" size="small" danger>{t('del')}</Button>
                    </Popconfirm>
                  </Space>
                ) }],
              ]}
            />
          </Card>
          <Card>
            <CardHead>
              <h2>{t('models')}{typeId && types.data ? <Muted> · {types.data.find((x) => x.id === typeId)?.name}</Muted> : null}</h2>
            </CardHead>
            <Toolbar>
              <Input.Search aria-label={t('modelKeyword')} placeholder={t('modelKeyword')} allowClear style={{ width: '16rem' }} value={typed}
                onChange={(e) => setTyped(e.target.value)} onSearch={(v) => { setKeyword(v.trim()); setPage(1); }} />
              {canEdit && <Button type="primary" icon={<PlusOutlined />} style={{ marginLeft: 'auto' }} disabled={!types.data?.length}
                onClick={() => setEditingModel(null)}>{t('addModel')}</Button>}
            </Toolbar>
            <Table<FilterModel>
              rowKey="id" size="middle" dataSource={models.data?.list ?? []} loading={models.isFetching} scroll={{ x: 'max-content' }}
              locale={{ emptyText: t('noData') }}
              onRow={(r) => ({ 'data-model-code': r.code } as HTMLAttributes<HTMLElement>)}
              pagination={{
                current: page, pageSize: size, total: models.data?.count ?? 0, showSizeChanger: true,
                onChange: (p, s) => { setPage(s !== size ? 1 : p); setSize(s); },
              }}
              columns={[
                { title: t('code'), dataIndex: 'code' },
                { title: t('name'), dataIndex: 'name' },
                { title: t('filterType'), dataIndex: 'filterTypeName' },
                { title: t('initialPa'), dataIndex: 'initialPa', align: 'right' },
                { title: t('finalShort'), key: 'final', align: 'right', render: (_, m) => <span data-testid="model-final">{finalText(m)}</span> },
                { title: t('ratedAir'), dataIndex: 'ratedAirM3h', align: 'right', render: (v: number) => v.toLocaleString() },
                { title: t('dustCapacity'), dataIndex: 'dustCapacityG', align: 'right', render: (v: number | null) => limit(v) },
                { title: t('maxDays'), dataIndex: 'maxDays', align: 'right', render: (v: number | null) => limit(v) },
                { title: t('warnDays'), dataIndex: 'warnDays', align: 'right' },
                { title: t('leadDays'), dataIndex: 'leadDays', align: 'right' },
                { title: t('unitPrice'), dataIndex: 'unitPrice', align: 'right', render: (v: number) => v.toFixed(2) },
                { title: t('supplier'), dataIndex: 'supplierName', render: (v: string | null) => v ?? <Muted>{t('noSupplier')}</Muted> },
                { title: t('algorithm'), key: 'alg', render: (_, m) => (m.alg === 'formula' ? `${t('algShort.formula')} · ${m.formulaName ?? '—'}` : t(`algShort.${m.alg}`)) },
                { title: t('devices'), dataIndex: 'deviceCount', align: 'right' },
                ...!canEdit ? [] : [{ title: t('actions'), key: 'actions', render: (_: unknown, m: FilterModel) => (
                  <Space size={0}>
                    <Button type="link" size="small" onClick={() => setEditingModel(m)} data-model-edit={m.code}>{t('edit')}</Button>
                    <Popconfirm title={t('confirmDelete', { name: m.name })} okText={t('del')} cancelText={t('cancel')} onConfirm={() => removeModel(m)}>
                      <Button type="link" size="small" danger>{t('del')}</Button>
                    </Popconfirm>
                  </Space>
                ) }],
              ]}
            />
          </Card>
        </Columns>
      </PanelBody>
      {editingType !== undefined && (
        <TypeModal type={editingType} onClose={() => setEditingType(undefined)} onSaved={(x) => {
          setEditingType(undefined);
          setNotice({ type: 'success', text: t('savedType', { name: x.name }) });
          void refresh();
        }} />
      )}
      {editingModel !== undefined && (
        <FilterModelDrawer model={editingModel} types={types.data ?? []} onClose={() => setEditingModel(undefined)} onSaved={(m) => {
          setEditingModel(undefined);
          setNotice({ type: 'success', text: m.deviceCount ? t('savedModel', { name: m.name, count: m.deviceCount }) : t('savedModelNoDevices', { name: m.name }) });
          void refresh();
        }} />
      )}
    </PagePanel>
  );
}
