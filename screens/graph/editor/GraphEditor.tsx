import { useCallback, useEffect, useImperativeHandle, useRef, useState, type DragEvent, type KeyboardEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { isGraphSymbolKey } from '../../../contract/graph/binding';
import { registerGraphStrings } from '../registerGraphStrings';
import { graphSymbol, type GraphSymbolDef } from '../symbols/graphSymbols';
import { registerGraphSymbols } from '../symbols/registerGraphSymbols';
import { BindingPanel, type MeasureOption } from './BindingPanel';
import { insertSymbol, runCommand, visibleCentre, zoomFit } from './editorActions';
import { EditorGraph, type EditorState } from './editorGraph';
import { Canvas, CanvasFrame, EditorRoot, SideColumn } from './editorStyles';
import { EditorToolbar } from './EditorToolbar';
import { commandForKey, EDITING_COMMANDS } from './keymap';
import { LayerPanel } from './LayerPanel';
import { Palette, SYMBOL_MIME } from './Palette';
import { registerEditorStrings } from './registerEditorStrings';
import type { Option } from './SearchSelect';

registerGraphStrings();
registerEditorStrings();

export type { MeasureOption } from './BindingPanel';

/** What the page can ask of the editor. */
export interface GraphEditorHandle {
  /** The document as maxGraph XML. */
  getXml(): string;
  /** Call after a successful save: the editor is clean again (undo history kept). */
  markSaved(): void;
}

export interface GraphEditorProps {
  /** The document to show; it is (re)loaded when `docKey` changes. */
  xml: string;
  docKey: string;
  readOnly: boolean;
  /** The project's devices, for the binding panel. */
  devices: readonly Option[];
  /** A device's measures (with unit and decimals), for the binding panel. */
  loadMeasures: (deviceId: number) => Promise<MeasureOption[]>;
  onDirtyChange?: (dirty: boolean) => void;
  ref?: Ref<GraphEditorHandle>;
}

const isTyping = (el: EventTarget | null) => el instanceof HTMLElement && (/^(INPUT|SELECT|TEXTAREA)$/.test(el.tagName) || el.isContentEditable);

/**
 * The project-graph editor on @maxgraph/core: palette, canvas, toolbar, binding and layer panels.
 * Import it only from a lazy chunk (maxGraph is large). The Graph and its listeners live exactly as
 * long as the component (or until `readOnly` changes) and are disposed on unmount.
 */
export function GraphEditor({ xml, docKey, readOnly, devices, loadMeasures, onDirtyChange, ref }: GraphEditorProps) {
  const { t } = useTranslation('graphEditor');
  const { t: tg } = useTranslation('graph');
  const canvasRef = useRef<HTMLDivElement>(null);
  const [ed, setEd] = useState<EditorGraph | null>(null);
  const [state, setState] = useState<EditorState | null>(null);
  const dirtyRef = useRef(false);
  const onDirtyRef = useRef(onDirtyChange);
  onDirtyRef.current = onDirtyChange;

  useEffect(() => {
    registerGraphSymbols();
    const editor = new EditorGraph(canvasRef.current!, readOnly);
    editor.subscribe((s) => {
      setState(s);
      if (s.dirty !== dirtyRef.current) {
        dirtyRef.current = s.dirty;
        onDirtyRef.current?.(s.dirty);
      }
    });
    setEd(editor);
    return () => {
      setEd(null);
      editor.dispose();
    };
  }, [readOnly]);

  useEffect(() => {
    if (!ed) return;
    ed.load(xml);
    zoomFit(ed);
    // Only a new document (docKey) reloads; a parent re-render with the same key keeps the edits.
  }, [ed, docKey]);

  useImperativeHandle(ref, () => ({
    getXml: () => ed?.getXml() ?? xml,
    markSaved: () => ed?.markSaved(),
  }), [ed, xml]);

  const add = useCallback((def: GraphSymbolDef, at?: { x: number; y: number }) => {
    if (!ed || readOnly) return;
    const pos = at ?? visibleCentre(ed, def.width, def.height);
    insertSymbol(ed, def, def.key === 'valueLabel' ? '--' : tg(def.nameKey), pos.x, pos.y);
    canvasRef.current?.focus();
  }, [ed, readOnly, tg]);

  const onDragOver = (e: DragEvent) => {
    if (readOnly || !e.dataTransfer.types.includes(SYMBOL_MIME)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
  };
  const onDrop = (e: DragEvent) => {
    const key = e.dataTransfer.getData(SYMBOL_MIME);
    if (!ed || readOnly || !isGraphSymbolKey(key)) return;
    e.preventDefault();
    const def = graphSymbol(key);
    const pt = ed.graph.getPointForEvent(e.nativeEvent, false);
    add(def, { x: pt.x - def.width / 2, y: pt.y - def.height / 2 });
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (!ed || isTyping(e.target)) return;
    const command = commandForKey({ key: e.key, ctrl: e.ctrlKey, meta: e.metaKey, shift: e.shiftKey, alt: e.altKey });
    // Ctrl+S is the page's (it saves), so it is left to bubble.
    if (!command || command === 'save' || (readOnly && EDITING_COMMANDS.has(command))) return;
    if (runCommand(ed, command)) e.preventDefault();
  };

  return (
    <EditorRoot data-readonly={readOnly} data-testid="graph-editor" onKeyDown={onKeyDown}>
      {ed && state && <EditorToolbar ed={ed} state={state} readOnly={readOnly} />}
      {!ed && <div style={{ gridColumn: '1 / -1', height: '2.875rem' }} />}
      {!readOnly && <Palette onAdd={(def) => add(def)} />}
      <CanvasFrame>
        <Canvas ref={canvasRef} tabIndex={0} aria-label={t('canvas')} data-testid="graph-canvas"
          onMouseDown={() => canvasRef.current?.focus({ preventScroll: true })} onDragOver={onDragOver} onDrop={onDrop} />
      </CanvasFrame>
      <SideColumn>
        {ed && state && <BindingPanel ed={ed} selection={state.selection} revision={state.revision} readOnly={readOnly} devices={devices} loadMeasures={loadMeasures} />}
        {ed && state && <LayerPanel ed={ed} readOnly={readOnly} revision={state.revision} hasSelection={state.selection.length > 0} />}
      </SideColumn>
    </EditorRoot>
  );
}
