import i18n from 'i18next';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NameItem } from '../../../../contract/envelope';
import type { ProjectGraphRecord, ProjectGraphSummary } from '../../../../contract/graph/project-graph';
import { sanitizeGraphXml } from '../../../../contract/graph/xml';
import { Right } from '../../../../contract/rights';
import { EMPTY_GRAPH_XML } from '../../../../screens/graph/editor/editorGraph';
import { GraphEditor, type GraphEditorHandle } from '../../../../screens/graph/editor/GraphEditor';
import { showToast } from '../../../shared/feedback';
import { ApiRequestError } from '../../../shared/http';
import { EmptyData } from '../../../shared/ui/EmptyState';
import { useHasRight } from '../../../shared/user';
import { GraphBar } from './GraphBar';
import { ConfirmDialog, NameDialog } from './GraphDialogs';
import { deleteGraph, getGraph, listDeviceMeasures, listGraphs, listProjectDevices, listProjects, saveGraph } from './graphApi';
import { EditorBox, Notice, PageWrap } from './pageStyles';
import { strings } from './strings';
import { useLeaveGuard } from './useLeaveGuard';

for (const lng of ['zh', 'en'] as const) {
  if (!i18n.hasResourceBundle(lng, 'graphPage')) i18n.addResourceBundle(lng, 'graphPage', strings[lng], true, true);
}

const errorText = (err: unknown, fallback: string) => (err instanceof ApiRequestError && err.status !== 0 ? err.message : fallback);
const queryId = (name: string) => {
  const v = Number(new URLSearchParams(location.search).get(name));
  return Number.isInteger(v) && v > 0 ? v : null;
};

type DialogKind = 'create' | 'rename' | 'delete' | null;

/**
 * 组态管理 (nv_project_graph): a project's graphs — create, rename, default, active, delete — and the
 * maxGraph editor for the chosen one, saved with the button or Ctrl+S. Without project-edit the
 * graph is shown read-only. The chosen project and graph are kept in the address (?projectId=&graphId=).
 */
export function ProjectGraphPage() {
  const { t } = useTranslation('graphPage');
  const canEdit = useHasRight(Right.ProjectEdit);
  const editorRef = useRef<GraphEditorHandle>(null);
  const [projects, setProjects] = useState<NameItem[] | null>(null);
  const [projectId, setProjectId] = useState<number | null>(queryId('projectId'));
  const [graphs, setGraphs] = useState<ProjectGraphSummary[]>([]);
  const [graphId, setGraphId] = useState<number | null>(queryId('graphId'));
  const [record, setRecord] = useState<ProjectGraphRecord | null>(null);
  const [docVersion, setDocVersion] = useState(0);
  const [devices, setDevices] = useState<NameItem[]>([]);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [removed, setRemoved] = useState<string[]>([]);
  const [dialog, setDialog] = useState<DialogKind>(null);

  const confirmLeave = useCallback(() => window.confirm(t('leaveConfirm')), [t]);
  useLeaveGuard(dirty, confirmLeave);
  /** Switching graph or project with unsaved edits asks first. */
  const mayDiscard = () => !dirty || confirmLeave();

  useEffect(() => {
    const ctl = new AbortController();
    listProjects(ctl.signal).then((list) => {
      setProjects(list);
      setProjectId((id) => (id !== null && list.some((p) => p.id === id) ? id : list[0]?.id ?? null));
    }, (err) => { if (!ctl.signal.aborted) setError(errorText(err, t('loadFailed'))); });
    return () => ctl.abort();
  }, [t]);

  const reloadGraphs = useCallback(async (pid: number, select?: number | null) => {
    const list = await listGraphs(pid);
    setGraphs(list);
    setGraphId((id) => {
      const want = select !== undefined ? select : id;
      return want !== null && list.some((g) => g.id === want) ? want : (list.find((g) => g.isDefault) ?? list[0])?.id ?? null;
    });
  }, []);

  useEffect(() => {
    if (projectId === null) return undefined;
    const ctl = new AbortController();
    setDevices([]);
    reloadGraphs(projectId).catch((err) => setError(errorText(err, t('loadFailed'))));
    listProjectDevices(projectId, ctl.signal).then(setDevices, () => setDevices([]));
    return () => ctl.abort();
  }, [projectId, reloadGraphs, t]);

  useEffect(() => {
    setRemoved([]);
    setError(null);
    if (graphId === null) {
      setRecord(null);
      return undefined;
    }
    const ctl = new AbortController();
    getGraph(graphId, ctl.signal).then((r) => {
      setRecord(r);
      setDocVersion((v) => v + 1);
    }, (err) => { if (!ctl.signal.aborted) setError(errorText(err, t('loadFailed'))); });
    return () => ctl.abort();
  }, [graphId, t]);

  useEffect(() => {
    const q = new URLSearchParams(location.search);
    if (projectId !== null) q.set('projectId', String(projectId)); else q.delete('projectId');
    if (graphId !== null) q.set('graphId', String(graphId)); else q.delete('graphId');
    // Nothing picked (a user without projects): the address keeps no empty `?`.
    const query = q.toString();
    history.replaceState(history.state, '', query ? `${location.pathname}?${query}` : location.pathname);
  }, [projectId, graphId]);

  const save = useCallback(async () => {
    if (!record || !canEdit || busy) return;
    const xml = editorRef.current?.getXml() ?? record.xml;
    const checked = sanitizeGraphXml(xml);
    if (!checked.ok) {
      setError(`${t('clientRefused')}: ${checked.error}`);
      return;
    }
    setBusy(true);
    try {
      const saved = await saveGraph({ id: record.id, projectId: record.projectId, name: record.name, xml });
      editorRef.current?.markSaved();
      setError(null);
      setRemoved(saved.removed);
      setRecord(saved);
      // What the server stripped is not in the editor's copy: show the stored document.
      if (saved.removed.length) setDocVersion((v) => v + 1);
      showToast('success', t('saved'));
    } catch (err) {
      setError(`${t('saveFailed')}: ${errorText(err, t('saveFailed'))}`);
    } finally {
      setBusy(false);
    }
  }, [record, canEdit, busy, t]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 's') {
        e.preventDefault();
        if (dirty) void save();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dirty, save]);

  /** Saves the list fields of the chosen graph (its stored XML unchanged) and reloads the list. */
  const update = async (patch: { name?: string; isDefault?: boolean; isActive?: boolean }) => {
    if (!record) return;
    setBusy(true);
    try {
      const saved = await saveGraph({ id: record.id, projectId: record.projectId, name: patch.name ?? record.name, xml: record.xml, ...patch });
      setRecord((r) => (r ? { ...r, ...saved, xml: r.xml } : r));
      await reloadGraphs(record.projectId, record.id);
      setError(null);
    } catch (err) {
      setError(errorText(err, t('saveFailed')));
    } finally {
      setBusy(false);
    }
  };

  const create = async (name: string) => {
    if (projectId === null) return;
    setDialog(null);
    setBusy(true);
    try {
      const saved = await saveGraph({ projectId, name, xml: EMPTY_GRAPH_XML });
      await reloadGraphs(projectId, saved.id);
      setError(null);
    } catch (err) {
      setError(errorText(err, t('saveFailed')));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!record) return;
    setDialog(null);
    setBusy(true);
    try {
      await deleteGraph(record.id);
      setDirty(false);
      await reloadGraphs(record.projectId, null);
      setError(null);
    } catch (err) {
      setError(errorText(err, t('saveFailed')));
    } finally {
      setBusy(false);
    }
  };

  const current = graphs.find((g) => g.id === graphId) ?? null;
  return (
    <PageWrap data-page="nv_project_graph">
      <GraphBar projects={projects} projectId={projectId} graphs={graphs} current={current} canEdit={canEdit} dirty={dirty} busy={busy}
        onProject={(id) => { if (mayDiscard()) { setDirty(false); setProjectId(id); setGraphId(null); } }}
        onGraph={(id) => { if (id !== graphId && mayDiscard()) { setDirty(false); setGraphId(id); } }}
        onCreate={() => { if (mayDiscard()) setDialog('create'); }} onRename={() => setDialog('rename')}
        onSetDefault={() => update({ isDefault: true })} onToggleActive={() => current && update({ isActive: !current.isActive })}
        onDelete={() => setDialog('delete')} onSave={save} />
      {(!canEdit || error || removed.length > 0) && (
      <div>
        {!canEdit && <Notice $tone="info" data-testid="graph-readonly">{t('readOnly')}</Notice>}
        {error && <Notice $tone="error" role="alert" data-testid="graph-error">{error}</Notice>}
        {removed.length > 0 && (
          <Notice $tone="info" data-testid="graph-removed">
            {t('removedTitle')}
            <ul>{removed.map((r, i) => <li key={i}>{r}</li>)}</ul>
          </Notice>
        )}
      </div>
      )}
      {projects && !projects.length && <EmptyData text={t('noProjects')} />}
      {projectId !== null && !graphs.length && <EmptyData text={t('noGraphs')} />}
      {record && record.id === graphId && (
        <EditorBox>
          <GraphEditor ref={editorRef} xml={record.xml} docKey={`${record.id}#${docVersion}`} readOnly={!canEdit} devices={devices}
            loadMeasures={listDeviceMeasures} onDirtyChange={setDirty} />
        </EditorBox>
      )}
      {dialog === 'create' && <NameDialog title={t('createTitle')} initial="" onOk={create} onClose={() => setDialog(null)} />}
      {dialog === 'rename' && record && (
        <NameDialog title={t('renameTitle')} initial={record.name} onOk={(name) => { setDialog(null); void update({ name }); }} onClose={() => setDialog(null)} />
      )}
      {dialog === 'delete' && record && (
        <ConfirmDialog title={t('deleteTitle')} message={t('deleteConfirm', { name: record.name })} onOk={remove} onClose={() => setDialog(null)} />
      )}
    </PageWrap>
  );
}
