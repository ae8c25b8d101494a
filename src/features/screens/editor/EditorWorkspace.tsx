import { App, Tabs } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useLocation } from 'wouter';
import type { WidgetType } from '../../../../contract/screen-template';
import { WIDGET_SCHEMAS } from '../../../../contract/widgets';
import { resolveSources, variableValues } from '../../../../screens/runtime/resolveVariables';
import { SourceStore } from '../../../../screens/runtime/SourceStore';
import { errorText } from '../../../shared/errorText';
import { ApiRequestError } from '../../../shared/http';
import { createScreenClient } from '../../../shared/screen/createScreenClient';
import { appStore } from '../../../shared/store';
import { storeThumbnail } from './captureThumbnail';
import { EditorCanvas } from './EditorCanvas';
import { fitView, zoomAround, type CanvasView } from './model/zoom';
import { restoreRevision, saveRecord, type EditorRecord } from './editorApi';
import { EditorToolbar } from './EditorToolbar';
import { LayersPanel } from './LayersPanel';
import { parseClipboard, serialiseClipboard } from './model/clipboard';
import { draftKey, draftStatus, parseDraft, serialiseDraft } from './model/draft';
import type { EditorDoc } from './model/types';
import { Palette } from './Palette';
import { DataPanel } from './panels/DataPanel';
import { RevisionsDrawer } from './panels/RevisionsDrawer';
import { PropertyPanel } from './PropertyPanel';
import { refusalText } from './panels/refusalText';
import { rememberClipboard, useEditorKeys } from './useEditorKeys';
import { useEditorDocument } from './useEditorDocument';

const Layout = styled.div`
  position: absolute;
  inset: 0;
  display: grid;
  grid-template-rows: auto minmax(0, 1fr);
  grid-template-columns: 15rem minmax(0, 1fr) 20rem;
  & > header { grid-column: 1 / -1; }
`;

const Side = styled.aside<{ $right?: boolean }>`
  min-height: 0;
  overflow: auto;
  background: #0f1727;
  ${({ $right }) => ($right ? 'border-left' : 'border-right')}: 1px solid #24324a;
  & .ant-tabs-nav { padding: 0 0.75rem; margin-bottom: 0.25rem; }
`;

/** A side panel tab's content, inset from the panel's edges. */
const Pane = styled.div`
  padding: 0 0.75rem 1rem;
`;

interface Props {
  record: EditorRecord;
  initialDoc: EditorDoc;
  /** Loads the template again from the server (after a conflict). */
  onReload(): void;
}

/** The editor once its template is loaded: toolbar, palette and layers, canvas, properties and data. */
export function EditorWorkspace({ record, initialDoc, onReload }: Props) {
  const { t, i18n } = useTranslation('screenEditor');
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const { message: toast, modal } = App.useApp();
  const [, navigate] = useLocation();
  const editor = useEditorDocument(initialDoc);
  const { state, dispatch } = editor;
  const [version, setVersion] = useState(record.version);
  const [saving, setSaving] = useState(false);
  const [view, setView] = useState<CanvasView>({ zoom: 0.5, x: 40, y: 40 });
  const [viewport, setViewport] = useState({ width: 0, height: 0 });
  const [grid, setGrid] = useState(0);
  const [historyOpen, setHistoryOpen] = useState(false);
  const fitted = useRef(false);

  const client = useMemo(() => createScreenClient(appStore), []);
  // The canvas shows live data: the template's sources with the variables' defaults.
  const sourcesKey = JSON.stringify([state.doc.sources, state.doc.variables]);
  const store = useMemo(() => {
    const { values } = variableValues(state.doc as never, {});
    return new SourceStore(resolveSources(state.doc.sources, values), client);
  }, [sourcesKey, client]);
  useEffect(() => {
    store.start();
    return () => store.dispose();
  }, [store]);
  const hubIds = useMemo(() => new Set(state.doc.sources.filter((s) => s.kind === 'hub').map((s) => s.id)), [state.doc.sources]);
  const isHub = useCallback((id: string) => hubIds.has(id), [hubIds]);

  const onViewportSize = useCallback((size: { width: number; height: number }) => setViewport(size), []);
  useEffect(() => {
    if (fitted.current || !viewport.width) return;
    fitted.current = true;
    setView(fitView(state.doc.canvas, viewport));
  }, [viewport, state.doc.canvas]);

  // A draft left by a crash or a closed tab is offered back once.
  useEffect(() => {
    const text = localStorage.getItem(draftKey(record.id));
    const draft = text ? parseDraft(text) : null;
    if (!draft) return;
    const status = draftStatus(draft, { version: record.version, doc: initialDoc });
    if (status === 'same') {
      localStorage.removeItem(draftKey(record.id));
      return;
    }
    modal.confirm({
      title: t('editor.draftFound'),
      content: t(status === 'outdated' ? 'editor.draftOutdated' : 'editor.draftRestorable', { time: new Date(draft.savedAt).toLocaleString() }),
      okText: t('editor.draftRestore'),
      cancelText: t('editor.draftDiscard'),
      onOk: () => editor.replace(draft.doc),
      onCancel: () => localStorage.removeItem(draftKey(record.id)),
    });
  }, []);

  // Unsaved work is kept as a local draft, a second after the last change.
  useEffect(() => {
    if (!editor.dirty) return undefined;
    const timer = setTimeout(() => {
      try {
        localStorage.setItem(draftKey(record.id), serialiseDraft({ templateId: record.id, savedVersion: version, savedAt: Date.now(), doc: state.doc, guides: state.guides }));
      } catch { /* storage full or off: the guard below still protects the work */ }
    }, 1_000);
    return () => clearTimeout(timer);
  }, [editor.dirty, state.doc, state.guides, record.id, version]);

  // Leaving with unsaved changes asks first.
  useEffect(() => {
    if (!editor.dirty) return undefined;
    const guard = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', guard);
    return () => window.removeEventListener('beforeunload', guard);
  }, [editor.dirty]);

  const stageThumbnail = useCallback(async (id: number) => {
    const stage = document.querySelector<HTMLElement>('[data-editor-stage]');
    if (stage) await storeThumbnail(id, stage, state.doc.canvas);
  }, [state.doc.canvas]);

  const saveAsCopy = useCallback(async () => {
    const copy = await saveRecord({ name: t('editor.copyName', { name: record.name }), content: state.doc });
    localStorage.removeItem(draftKey(record.id));
    editor.markSaved();
    navigate(`/nv_screen_graph_editor?id=${copy.id}`, { replace: true });
  }, [editor, navigate, record.id, record.name, state.doc, t]);

  const save = useCallback(async () => {
    if (saving) return;
    setSaving(true);
    const doc = state.doc;
    try {
      const saved = await saveRecord({ id: record.id, name: record.name, content: doc, version });
      setVersion(saved.version);
      editor.markSaved(doc);
      localStorage.removeItem(draftKey(record.id));
      toast.success(t('editor.savedOk'));
      void stageThumbnail(record.id);
    } catch (err) {
      if (err instanceof ApiRequestError && err.status === 409) {
        modal.confirm({
          title: t('editor.conflictTitle'),
          content: `${err.message} ${t('editor.conflictHint')}`,
          okText: t('editor.conflictCopy'),
          cancelText: t('editor.conflictReload'),
          maskClosable: false,
          onOk: () => saveAsCopy().catch((e: unknown) => toast.error(errorText(e))),
          onCancel: () => {
            localStorage.removeItem(draftKey(record.id));
            onReload();
          },
        });
      } else toast.error(t('editor.saveFailed', { error: errorText(err) }));
    } finally {
      setSaving(false);
    }
  }, [editor, modal, onReload, record.id, record.name, saveAsCopy, saving, stageThumbnail, state.doc, t, toast, version]);

  const onRestore = useCallback(async (revision: number) => {
    const restored = await restoreRevision(record.id, revision, version);
    localStorage.removeItem(draftKey(record.id));
    setVersion(restored.version);
    toast.success(t('editor.restored', { revision }));
    onReload();
  }, [onReload, record.id, t, toast, version]);

  const run = useCallback((command: Parameters<typeof dispatch>[0], options?: { coalesce?: string }) => {
    const refused = dispatch(command, options);
    if (refused) {
      const text = refusalText(refused);
      toast.warning(t(text.key, text.values));
    }
    return refused;
  }, [dispatch, t, toast]);

  const copyText = useCallback(() => (state.selection.length ? serialiseClipboard(state.doc, state.selection) : null), [state.doc, state.selection]);
  const pasteText = useCallback((text: string) => {
    const parsed = parseClipboard(text);
    if (parsed.ok) run({ type: 'paste', content: parsed.content });
    return parsed.ok;
  }, [run]);

  useEditorKeys({ dispatch: run, undo: editor.undo, redo: editor.redo, save: () => void save(), copyText, pasteText });

  const paletteTitle = useCallback((type: WidgetType) => (type === 'header' ? undefined : WIDGET_SCHEMAS[type].label[lang]), [lang]);
  const addFromPalette = (type: WidgetType) => {
    // Clicked, not dragged: placed at the top left of what is in view, cascading.
    const x = Math.max(0, Math.round((-view.x + 40) / view.zoom)) + (state.doc.widgets.length % 8) * 20;
    const y = Math.max(0, Math.round((-view.y + 40) / view.zoom)) + (state.doc.widgets.length % 8) * 20;
    run({ type: 'addWidget', widgetType: type, x, y, title: paletteTitle(type) });
  };

  const zoomTo = (zoom: number | 'fit') => {
    if (zoom === 'fit') return setView(fitView(state.doc.canvas, viewport));
    setView(zoomAround(view, zoom, { x: viewport.width / 2, y: viewport.height / 2 }));
  };

  const back = () => {
    if (!editor.dirty) return navigate('/nv_screen_graph_lib');
    modal.confirm({ title: t('editor.leaveTitle'), content: t('editor.leaveHint'), okText: t('editor.leave'), cancelText: t('lib.cancel'), okButtonProps: { danger: true }, onOk: () => navigate('/nv_screen_graph_lib') });
  };

  return (
    <Layout>
      <EditorToolbar
        name={record.name}
        status={saving ? 'saving' : editor.dirty ? 'dirty' : 'saved'}
        selected={state.selection.length}
        canUndo={editor.canUndo}
        canRedo={editor.canRedo}
        zoom={view.zoom}
        grid={grid}
        onBack={back}
        onUndo={editor.undo}
        onRedo={editor.redo}
        onZoom={zoomTo}
        onGrid={setGrid}
        onCommand={(c) => run(c)}
        onCopy={() => { const text = copyText(); if (text) { rememberClipboard(text); toast.success(t('editor.copied')); } }}
        onPreview={() => {
          localStorage.setItem(draftKey(record.id), serialiseDraft({ templateId: record.id, savedVersion: version, savedAt: Date.now(), doc: state.doc, guides: state.guides }));
          window.open(`/nv_screen_graph_preview?id=${record.id}&draft=1`, '_blank', 'noopener');
        }}
        onHistory={() => setHistoryOpen(true)}
        onSave={() => void save()}
      />
      <Side>
        <Tabs items={[
          { key: 'palette', label: t('editor.palette'), children: <Palette onAdd={addFromPalette} /> },
          { key: 'layers', label: t('editor.layers'), children: <LayersPanel state={state} dispatch={run} /> },
        ]} />
      </Side>
      <EditorCanvas state={state} paletteTitle={paletteTitle} dispatch={run} store={store} isHub={isHub} view={view} onView={setView} grid={grid} viewport={viewport} onViewportSize={onViewportSize} />
      <Side $right>
        <Tabs items={[
          { key: 'props', label: t('editor.properties'), children: <Pane><PropertyPanel state={state} dispatch={run} /></Pane> },
          { key: 'data', label: t('editor.data'), children: <Pane><DataPanel state={state} dispatch={run} client={client} /></Pane> },
        ]} />
      </Side>
      <RevisionsDrawer templateId={record.id} currentVersion={version} open={historyOpen} onClose={() => setHistoryOpen(false)} onRestore={onRestore} />
    </Layout>
  );
}
