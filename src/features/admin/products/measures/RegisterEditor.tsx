import { DownloadOutlined, FileExcelOutlined, PlusOutlined, SaveOutlined, UndoOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Badge, Button, Card, Empty, Flex, Input, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MeasureProblem } from '../../../../../contract/measure-points';
import type { BatchSaveResult, MeasurePoint, RegisterTable } from '../../../../../contract/resources/measure';
import { errorText } from '../../../../shared/errorText';
import { exportFileName } from '../../kit/xlsxRows';
import {
  blankValues, checkRows, diffRows, moveRow, newRowKey, nextFreeAddress, problemsByKey, saveBody, tableRows, uniqueName,
  type DraftRow, type PointValues,
} from './draft';
import { batchSave, fetchTable, fetchTags, isStale, measureKeys, problemsOf } from './measureApi';
import { MEASURES_NS, type MeasureLang } from './measureStrings';
import { MeasureTable, type ShownRow } from './MeasureTable';
import { ImportModal } from './ImportModal';
import { PointDrawer } from './PointDrawer';
import { PrintfModal } from './PrintfModal';
import { headerOf, rowsToSheet, sheetLists } from './sheet';
import { downloadSheet } from './xlsxFile';

/**
 * One product's register table (the right of 测点管理): the table as a local draft — add, edit,
 * duplicate, reorder, delete, printf — checked live by the contract's rules, counted as "unsaved
 * changes (n)" and saved whole with batchSave; the server's refusal shows on the rows and in the
 * problem list, a 409 offers a reload. Excel export, template and import (which replaces the table).
 */

interface Draft {
  base: RegisterTable;
  rows: DraftRow[];
}

type DrawerState = { mode: 'add'; initial: PointValues; after?: string } | { mode: 'edit'; key: string };

/** A server problem kept on its row (by key, as the rows were when sent). */
interface ServerProblem {
  key: string | null;
  problem: MeasureProblem;
}

const ALL = '__all__';
const NONE = '__none__';
const PROBLEMS_SHOWN = 8;

const tableOf = ({ model, groups, points }: RegisterTable): RegisterTable => ({ model, groups, points });

export interface RegisterEditorProps {
  modelId: number;
  canEdit: boolean;
  deviceTypeName?: string;
  onDirty(count: number): void;
}

export function RegisterEditor({ modelId, canEdit, deviceTypeName, onDirty }: RegisterEditorProps) {
  const { t, i18n } = useTranslation(MEASURES_NS);
  const lang: MeasureLang = i18n.language === 'en' ? 'en' : 'zh';
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const alive = useRef(true);
  useEffect(() => () => { alive.current = false; }, []);

  const tableQuery = useQuery({ queryKey: measureKeys.table(modelId), queryFn: ({ signal }) => fetchTable(modelId, signal) });
  const tagsQuery = useQuery({ queryKey: measureKeys.tags, queryFn: ({ signal }) => fetchTags(signal), staleTime: 60_000 });
  const tags = useMemo(() => tagsQuery.data ?? [], [tagsQuery.data]);
  const tagNames = useMemo(() => new Map(tags.map((x) => [x.id, x.name])), [tags]);
  const tagIds = useMemo(() => (tagsQuery.data ? new Set(tagsQuery.data.map((x) => x.id)) : undefined), [tagsQuery.data]);

  const [draft, setDraft] = useState<Draft | null>(null);
  const [serverProblems, setServerProblems] = useState<ServerProblem[]>([]);
  const [serverError, setServerError] = useState<string | null>(null);
  const [drawer, setDrawer] = useState<DrawerState | null>(null);
  const [printfKey, setPrintfKey] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const [saving, setSaving] = useState(false);
  const [groupFilter, setGroupFilter] = useState(ALL);
  const [keyword, setKeyword] = useState('');
  const [allProblems, setAllProblems] = useState(false);

  // A table read (first, or again while nothing is changed) becomes the draft; edits are kept.
  const data = tableQuery.data;
  useEffect(() => {
    if (!data) return;
    setDraft((d) => (d && d.base.model.id === data.model.id && diffRows(d.base, d.rows).count > 0 ? d : { base: data, rows: tableRows(data) }));
  }, [data]);

  const base = draft?.base;
  const rows = useMemo(() => draft?.rows ?? [], [draft]);
  const problems = useMemo(() => (base ? checkRows(rows, base.groups, tagIds) : []), [base, rows, tagIds]);
  const diff = useMemo(() => (base ? diffRows(base, rows) : null), [base, rows]);
  const dirty = diff?.count ?? 0;
  useEffect(() => { onDirty(dirty); }, [dirty, onDirty]);
  useEffect(() => () => onDirty(0), [onDirty]);

  const byKey = useMemo(() => {
    const map = problemsByKey(rows, problems);
    for (const { key, problem } of serverProblems) if (key !== null) map.set(key, [...(map.get(key) ?? []), problem]);
    return map;
  }, [rows, problems, serverProblems]);

  /** Changes the rows; the server's word on the rows touched no longer holds. */
  const update = useCallback((change: (rows: DraftRow[]) => DraftRow[], touched?: string) => {
    setDraft((d) => (d ? { ...d, rows: change(d.rows) } : d));
    setServerProblems((list) => list.filter((s) => s.key !== null && s.key !== touched));
    setServerError(null);
  }, []);

  const adopt = useCallback((table: RegisterTable) => {
    queryClient.setQueryData(measureKeys.table(modelId), table);
    setDraft({ base: table, rows: tableRows(table) });
    setServerProblems([]);
    setServerError(null);
  }, [queryClient, modelId]);

  const reload = useCallback(async () => {
    const fresh = await tableQuery.refetch();
    if (fresh.data && alive.current) adopt(fresh.data);
  }, [tableQuery, adopt]);

  const offerReload = useCallback((count: number) => {
    modal.confirm({
      title: t('staleTitle'),
      content: t('staleBody', { count }),
      okText: t('reload'),
      cancelText: t('keepEditing'),
      onOk: () => reload(),
    });
  }, [modal, t, reload]);

  const save = async () => {
    if (!base || !draft) return;
    const sent = draft.rows.map((r) => r.key);
    setSaving(true);
    try {
      const result = await batchSave(saveBody(base, draft.rows));
      if (!alive.current) return;
      adopt(tableOf(result));
      message.success(t('saved', { inserted: result.inserted, updated: result.updated, removed: result.removed.length }));
    } catch (err) {
      if (!alive.current) return;
      const listed = problemsOf(err);
      setServerProblems((listed ?? []).map((problem) => ({ key: problem.row === null ? null : sent[problem.row] ?? null, problem })));
      setServerError(errorText(err));
      if (isStale(err)) offerReload(listed?.length || 1);
      else message.error(t('saveFailed', { error: errorText(err) }));
    } finally {
      if (alive.current) setSaving(false);
    }
  };

  const discard = () => {
    if (!base) return;
    modal.confirm({
      title: t('discard'),
      content: t('confirmDiscard', { count: dirty }),
      okText: t('discard'),
      okButtonProps: { danger: true },
      cancelText: t('cancel'),
      onOk: () => adopt(base),
    });
  };

  const firstGroup = base?.groups[0]?.name ?? '';
  const onAdd = () => setDrawer({ mode: 'add', initial: blankValues(rows, groupFilter !== ALL && groupFilter !== NONE ? groupFilter : firstGroup) });
  const onEdit = useCallback((key: string) => setDrawer({ mode: 'edit', key }), []);
  const onDuplicate = useCallback((key: string) => {
    const source = rows.find((r) => r.key === key);
    if (!source) return;
    const { key: _k, id: _i, version: _v, ...values } = source;
    setDrawer({
      mode: 'add',
      after: key,
      initial: { ...values, name: uniqueName(rows, t('copyName', { name: source.name })), registerAddr: nextFreeAddress(rows, source.modbusCode) },
    });
  }, [rows, t]);
  const onDelete = useCallback((key: string) => {
    const row = rows.find((r) => r.key === key);
    if (!row) return;
    modal.confirm({
      title: t('delete'),
      content: t('confirmDelete', { name: row.name }),
      okText: t('delete'),
      okButtonProps: { danger: true },
      cancelText: t('cancel'),
      onOk: () => update((list) => list.filter((r) => r.key !== key), key),
    });
  }, [rows, modal, t, update]);
  const onMove = useCallback((key: string, by: number) => update((list) => moveRow(list, list.findIndex((r) => r.key === key), by)), [update]);
  const onPrintf = useCallback((key: string) => setPrintfKey(key), []);

  const applyDrawer = (values: PointValues) => {
    if (!drawer) return;
    if (drawer.mode === 'edit') {
      update((list) => list.map((r) => (r.key === drawer.key ? { ...r, ...values } : r)), drawer.key);
    } else {
      const row: DraftRow = { ...values, key: newRowKey() };
      update((list) => {
        const at = drawer.after ? list.findIndex((r) => r.key === drawer.after) : -1;
        return at < 0 ? [...list, row] : [...list.slice(0, at + 1), row, ...list.slice(at + 1)];
      });
    }
    setDrawer(null);
  };

  const onPrintfSaved = (point: MeasurePoint) => {
    setDraft((d) => {
      if (!d) return d;
      const base2 = { ...d.base, points: d.base.points.map((p) => (p.id === point.id ? point : p)) };
      return { base: base2, rows: d.rows.map((r) => (r.id === point.id ? { ...r, printf: point.printf, version: point.version } : r)) };
    });
    queryClient.setQueryData<RegisterTable>(measureKeys.table(modelId), (old) => (old ? { ...old, points: old.points.map((p) => (p.id === point.id ? point : p)) } : old));
    setPrintfKey(null);
  };

  const ctx = { lang, tags };
  const productName = base?.model.name ?? '';
  const exportTable = async () => {
    try {
      await downloadSheet(rowsToSheet(rows, ctx), sheetLists(ctx), { table: t('sheetName'), lists: t('listsSheet') }, exportFileName(`${productName}-${t('sheetName')}`, new Date()));
      message.success(t('exported', { count: rows.length }));
    } catch (err) {
      message.error(t('exportFailed', { error: errorText(err) }));
    }
  };
  const downloadTemplate = async () => {
    try {
      await downloadSheet(rowsToSheet([], ctx), sheetLists(ctx), { table: t('sheetName'), lists: t('listsSheet') }, `${t('sheetName')}-${t('template')}.xlsx`);
    } catch (err) {
      message.error(t('exportFailed', { error: errorText(err) }));
    }
  };
  const onImported = (result: BatchSaveResult) => {
    adopt(tableOf(result));
    setImporting(false);
  };

  const groupNames = useMemo(() => [...new Set([...(base?.groups ?? []).map((g) => g.name), ...rows.map((r) => r.group).filter(Boolean)])], [base, rows]);
  const shown = useMemo((): ShownRow[] => {
    const k = keyword.trim().toLowerCase();
    return rows.map((row, index) => ({ row, index })).filter(({ row }) => (
      (groupFilter === ALL || (groupFilter === NONE ? !row.group : row.group === groupFilter))
      && (!k || row.name.toLowerCase().includes(k) || row.unit.toLowerCase().includes(k))
    ));
  }, [rows, groupFilter, keyword]);

  if (tableQuery.isError && !draft) {
    return (
      <Card size="small">
        <Alert type="error" showIcon title={t('loadFailed', { error: errorText(tableQuery.error) })} action={<Button size="small" onClick={() => void tableQuery.refetch()}>{t('retry')}</Button>} />
      </Card>
    );
  }
  if (!draft || !base || !diff) return <Card size="small" loading />;

  // Every problem, local and the server's, each once, in row order.
  const message_ = (p: MeasureProblem) => (lang === 'en' ? p.messageEn : p.message);
  const listed = [
    ...problems.map((p) => ({ key: p.row === null ? null : rows[p.row]?.key ?? null, problem: p })),
    ...serverProblems.filter((s) => !problems.some((p) => p.row !== null && rows[p.row]?.key === s.key && p.code === s.problem.code)),
  ];
  const indexOf = new Map(rows.map((r, i) => [r.key, i]));
  const rowText = (key: string | null) => (key === null ? t('tableProblem') : t('rowNo', { row: (indexOf.get(key) ?? -1) + 1 }));
  const editingRow = drawer?.mode === 'edit' ? rows.find((r) => r.key === drawer.key) : undefined;
  const printfRow = printfKey ? rows.find((r) => r.key === printfKey) : undefined;

  return (
    <Flex vertical gap="0.75rem" data-testid="measure-editor" data-model={modelId}>
      <Card size="small">
        <Flex align="center" gap="0.75rem" wrap>
          <Typography.Title level={5} style={{ margin: 0 }}>{base.model.name}</Typography.Title>
          <Typography.Text type="secondary">{base.model.code}</Typography.Text>
          {deviceTypeName && <Tag>{deviceTypeName}</Tag>}
          <Typography.Text type="secondary">{t('points', { count: rows.length })} · {t('groups', { count: groupNames.length })}</Typography.Text>
          <span style={{ marginLeft: 'auto' }} />
          {dirty > 0
            ? <Badge status="warning" text={<span data-testid="measure-unsaved">{t('unsaved', { count: dirty })}</span>} />
            : <Badge status="success" text={t('allSaved')} />}
          {canEdit && (
            <>
              <Button icon={<UndoOutlined aria-hidden />} disabled={!dirty || saving} onClick={discard}>{t('discard')}</Button>
              <Tooltip title={problems.length ? t('fixFirst', { count: problems.length }) : undefined}>
                <Button type="primary" icon={<SaveOutlined aria-hidden />} loading={saving} disabled={!dirty || problems.length > 0} onClick={() => void save()}>
                  {dirty ? `${t('save')} (${dirty})` : t('save')}
                </Button>
              </Tooltip>
            </>
          )}
        </Flex>
      </Card>

      <Flex gap="0.5rem" wrap align="center">
        {canEdit && <Button type="primary" ghost icon={<PlusOutlined aria-hidden />} onClick={onAdd}>{t('add')}</Button>}
        <Select
          aria-label={t('filterGroup')}
          value={groupFilter}
          style={{ width: '11rem' }}
          onChange={setGroupFilter}
          options={[
            { value: ALL, label: t('allGroups') },
            ...groupNames.map((g) => ({ value: g, label: g })),
            ...(rows.some((r) => !r.group) ? [{ value: NONE, label: t('noGroup') }] : []),
          ]}
        />
        <Input.Search allowClear placeholder={t('searchPoints')} aria-label={t('searchPoints')} style={{ width: '14rem' }} value={keyword} onChange={(e) => setKeyword(e.target.value)} />
        <span style={{ marginLeft: 'auto' }} />
        {canEdit && (
          <Tooltip title={dirty ? t('importDirty') : undefined}>
            <Button icon={<UploadOutlined aria-hidden />} disabled={dirty > 0} onClick={() => setImporting(true)}>{t('import')}</Button>
          </Tooltip>
        )}
        <Button icon={<DownloadOutlined aria-hidden />} onClick={() => void exportTable()}>{t('export')}</Button>
        <Button icon={<FileExcelOutlined aria-hidden />} onClick={() => void downloadTemplate()}>{t('template')}</Button>
      </Flex>

      {!canEdit && <Alert type="info" showIcon title={t('readOnly')} />}
      {listed.length > 0 && (
        <Alert
          type="error"
          showIcon
          data-testid="measure-problems"
          title={serverProblems.length ? t('serverProblems', { count: listed.length }) : t('problemsTitle', { count: listed.length })}
          description={(
            <Flex vertical gap={2}>
              {(allProblems ? listed : listed.slice(0, PROBLEMS_SHOWN)).map(({ key, problem }, i) => (
                <span key={`${key}-${problem.field}-${problem.code}-${i}`}>
                  {key !== null && canEdit
                    ? <Button type="link" size="small" style={{ padding: 0, height: 'auto' }} onClick={() => onEdit(key)}>{rowText(key)}</Button>
                    : <Typography.Text strong>{rowText(key)}</Typography.Text>}
                  {problem.field && ` · ${headerOf(problem.field, lang)}`}：{message_(problem)}
                </span>
              ))}
              {listed.length > PROBLEMS_SHOWN && (
                <Button type="link" size="small" style={{ padding: 0, alignSelf: 'flex-start' }} onClick={() => setAllProblems((v) => !v)}>
                  {allProblems ? '▲' : `… ${t('problems', { count: listed.length })}`}
                </Button>
              )}
            </Flex>
          )}
        />
      )}
      {serverError && !serverProblems.length && <Alert type="error" showIcon closable title={t('saveFailed', { error: serverError })} onClose={() => setServerError(null)} />}

      {rows.length === 0
        ? (
          <Card size="small">
            <Empty description={<><div>{t('empty')}</div>{canEdit && <Typography.Text type="secondary">{t('emptyHint')}</Typography.Text>}</>}>
              {canEdit && (
                <Space>
                  <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={onAdd}>{t('add')}</Button>
                  <Button icon={<UploadOutlined aria-hidden />} onClick={() => setImporting(true)}>{t('import')}</Button>
                </Space>
              )}
            </Empty>
          </Card>
        )
        : (
          <MeasureTable
            rows={shown}
            total={rows.length}
            problems={byKey}
            changed={diff.changed}
            tagNames={tagNames}
            canEdit={canEdit}
            onEdit={onEdit}
            onDuplicate={onDuplicate}
            onDelete={onDelete}
            onPrintf={onPrintf}
            onMove={onMove}
          />
        )}

      <PointDrawer
        key={drawer ? (drawer.mode === 'edit' ? drawer.key : `add-${drawer.after ?? ''}`) : 'closed'}
        open={!!drawer && (drawer.mode === 'add' || !!editingRow)}
        title={drawer?.mode === 'edit' && editingRow ? t('editTitle', { name: editingRow.name }) : t('addTitle')}
        initial={editingRow ?? (drawer?.mode === 'add' ? drawer.initial : blankValues(rows, firstGroup))}
        index={editingRow ? rows.indexOf(editingRow) : drawer?.mode === 'add' && drawer.after ? rows.findIndex((r) => r.key === drawer.after) + 1 : rows.length}
        editing={editingRow?.key}
        rows={rows}
        groups={base.groups}
        tags={tags}
        readOnly={!canEdit}
        onApply={applyDrawer}
        onClose={() => setDrawer(null)}
      />
      {printfRow && (
        <PrintfModal
          row={printfRow}
          direct={printfRow.id !== undefined && !diff.changed.has(printfRow.key)}
          onClose={() => setPrintfKey(null)}
          onDraft={(printf) => { update((list) => list.map((r) => (r.key === printfRow.key ? { ...r, printf } : r)), printfRow.key); setPrintfKey(null); }}
          onSaved={onPrintfSaved}
          onStale={() => offerReload(1)}
        />
      )}
      {importing && (
        <ImportModal
          open
          table={base}
          tags={tags}
          onClose={() => setImporting(false)}
          onImported={onImported}
          onStale={() => void tableQuery.refetch()}
          onTemplate={() => void downloadTemplate()}
        />
      )}
    </Flex>
  );
}
