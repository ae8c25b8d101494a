import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Modal, Popconfirm, Space } from 'antd';
import { Table } from '../../admin/kit/CardTable';
import { PlusOutlined } from '@ant-design/icons';
import { useState, type HTMLAttributes, type Key } from 'react';
import type { FilterModel, LifeFormula } from '../../../../contract/life';
import { usePlatformUser } from '../../../shared/user';
import { errorText } from '../../../shared/errorText';
import { PageHeading, PagePanel } from '../../../shared/ui/PagePanel';
import { PanelBody } from '../../admin/ResourceListPage';
import { Muted, Toolbar } from '../environment/envShared';
import { FormulaDrawer } from './FormulaDrawer';
import { deleteFormula, fetchAllFilterModels, fetchFormulas, lifeKeys, setFilterAlg } from './lifeApi';
import { useLifeText, ymdhm } from './lifeShared';

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };

/**
 * Assigns a formula to filter models: the checked ones predict by it (`t_filter/alg` formula), the
 * unchecked ones that used it go back to auto; each change recomputes that model's devices.
 */
function AssignModal({ formula, onClose, onDone }: { formula: LifeFormula; onClose: () => void; onDone: (count: number) => void }) {
  const { t } = useLifeText();
  const models = useQuery({ queryKey: [...lifeKeys.models, 'all'], queryFn: ({ signal }) => fetchAllFilterModels(signal) });
  const [picked, setPicked] = useState<Key[] | null>(null);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const using = (models.data ?? []).filter((m) => m.alg === 'formula' && m.formulaId === formula.id).map((m) => m.id);
  const selected = picked ?? using;

  const apply = async () => {
    const on = new Set(selected.map(Number));
    const changes = (models.data ?? []).filter((m) => on.has(m.id) !== using.includes(m.id));
    setSaving(true);
    setFailure(null);
    let done = 0;
    try {
      for (const m of changes) {
        await (on.has(m.id) ? setFilterAlg(m.id, 'formula', formula.id) : setFilterAlg(m.id, 'auto', null));
        done++;
      }
      onDone(done);
    } catch (err) {
      setFailure(t('saveFailed', { error: errorText(err) }));
      if (done) onDone(done);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open destroyOnHidden width="52rem" title={t('assignTitle', { name: formula.name })} onCancel={onClose} onOk={apply}
      okText={t('save')} cancelText={t('cancel')} confirmLoading={saving} okButtonProps={{ disabled: !models.data }}>
      <p><Muted>{t('assignHelp')}</Muted></p>
      {failure && <Alert type="error" showIcon style={{ marginBottom: '1rem' }} title={failure} />}
      {models.error && <Alert type="error" showIcon style={{ marginBottom: '1rem' }} title={t('loadFailed', { error: errorText(models.error) })} />}
      <Table<FilterModel>
        rowKey="id" size="small" dataSource={models.data ?? []} loading={models.isFetching} pagination={false} scroll={{ y: '24rem' }}
        locale={{ emptyText: t('noModels') }}
        onRow={(r) => ({ 'data-assign-code': r.code } as HTMLAttributes<HTMLElement>)}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setPicked(keys) }}
        columns={[
          { title: t('code'), dataIndex: 'code' },
          { title: t('name'), dataIndex: 'name' },
          { title: t('filterType'), dataIndex: 'filterTypeName' },
          { title: t('currentAlg'), key: 'alg', render: (_, m) => (m.alg === 'formula' ? `${t('algShort.formula')} · ${m.formulaName ?? '—'}` : t(`algShort.${m.alg}`)) },
          { title: t('devices'), dataIndex: 'deviceCount', align: 'right' },
        ]}
      />
    </Modal>
  );
}

/**
 * /nv_life_analysis/nv_life_formula: the user life formulas, an editor with the named variables
 * and a test run on sample values, and their assignment to filter models.
 */
export function LifeFormulaPage({ title }: { title: string }) {
  const { t } = useLifeText();
  // Life formulas are the platform's catalogue: changed only by a user who sees all data.
  const canEdit = usePlatformUser();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const formulas = useQuery({ queryKey: lifeKeys.formulas, queryFn: ({ signal }) => fetchFormulas(signal) });
  const [editing, setEditing] = useState<LifeFormula | null | undefined>(undefined);
  const [assigning, setAssigning] = useState<LifeFormula | null>(null);
  const [notice, setNotice] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: lifeKeys.all });

  const remove = async (f: LifeFormula) => {
    try {
      await deleteFormula(f.id);
      message.success(t('deleted', { name: f.name }));
      await refresh();
    } catch (err) {
      setNotice({ type: 'error', text: t('deleteFailed', { error: errorText(err) }) });
    }
  };

  return (
    <PagePanel>
      <PageHeading>{title}</PageHeading>
      <PanelBody>
        {canEdit && (
          <Toolbar>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>{t('addFormula')}</Button>
          </Toolbar>
        )}
        {notice && (
          <Alert type={notice.type} showIcon closable style={{ marginBottom: '1rem' }} title={notice.text} onClose={() => setNotice(null)}
            data-testid="life-formula-notice" />
        )}
        {formulas.error && <Alert type="error" showIcon style={{ marginBottom: '1rem' }} title={t('loadFailed', { error: errorText(formulas.error) })} />}
        <Table<LifeFormula>
          rowKey="id" size="middle" dataSource={formulas.data ?? []} loading={formulas.isFetching} pagination={{ pageSize: 10, hideOnSinglePage: true }}
          locale={{ emptyText: t('noData') }}
          onRow={(r) => ({ 'data-formula-name': r.name } as HTMLAttributes<HTMLElement>)}
          columns={[
            { title: t('name'), dataIndex: 'name' },
            { title: t('source'), dataIndex: 'source', render: (v: string) => <code style={{ ...mono, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{v}</code> },
            { title: t('remark'), dataIndex: 'remark', render: (v: string) => v || <Muted>—</Muted> },
            { title: t('usedBy'), dataIndex: 'filterCount', align: 'right', render: (v: number) => <span data-testid="formula-used-by">{v}</span> },
            { title: t('updatedAt'), dataIndex: 'updatedAt', render: (v: number) => ymdhm(v) },
            ...!canEdit ? [] : [{ title: t('actions'), key: 'actions', render: (_: unknown, f: LifeFormula) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setEditing(f)}>{t('edit')}</Button>
                <Button type="link" size="small" onClick={() => setAssigning(f)} data-formula-assign={f.name}>{t('assign')}</Button>
                <Popconfirm title={t('confirmDelete', { name: f.name })} okText={t('del')} cancelText={t('cancel')} onConfirm={() => remove(f)}>
                  <Button type="link" size="small" danger>{t('del')}</Button>
                </Popconfirm>
              </Space>
            ) }],
          ]}
        />
      </PanelBody>
      {editing !== undefined && (
        <FormulaDrawer formula={editing} onClose={() => setEditing(undefined)} onSaved={(f) => {
          setEditing(undefined);
          setNotice({ type: 'success', text: t('savedFormula', { name: f.name }) });
          void refresh();
        }} />
      )}
      {assigning && (
        <AssignModal formula={assigning} onClose={() => setAssigning(null)} onDone={(count) => {
          setAssigning(null);
          setNotice({ type: 'success', text: t('assigned', { count }) });
          void refresh();
        }} />
      )}
    </PagePanel>
  );
}
