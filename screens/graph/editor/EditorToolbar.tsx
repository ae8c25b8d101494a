import { useTranslation } from 'react-i18next';
import { ALIGN_MODES, type AlignMode } from './align';
import {
  alignSelection, connectSelection, distributeSelection, edgeKindOf, hasFlow, orderSelection, rotateSelection, runCommand,
  setEdgeKind, toggleFlow, zoomFit, type EdgeKind,
} from './editorActions';
import type { EditorGraph, EditorState } from './editorGraph';
import { Select, ToolButton, ToolRow, ToolSep, ui } from './editorStyles';
import { EditorIcon, type EditorIconName } from './icons';

const ALIGN_ICON: Record<AlignMode, EditorIconName> = {
  left: 'alignLeft', center: 'alignCenter', right: 'alignRight', top: 'alignTop', middle: 'alignMiddle', bottom: 'alignBottom',
};
const ALIGN_TEXT: Record<AlignMode, string> = {
  left: 'alignLeft', center: 'alignCenter', right: 'alignRight', top: 'alignTop', middle: 'alignMiddle', bottom: 'alignBottom',
};
const GRID_SIZES = [5, 10, 20, 40];

/** The editor's command bar: history, clipboard, connect, arrange, edges, grid and zoom. */
export function EditorToolbar({ ed, state, readOnly }: { ed: EditorGraph; state: EditorState; readOnly: boolean }) {
  const { t } = useTranslation('graphEditor');
  const sel = state.selection;
  const vertices = sel.filter((c) => c.isVertex());
  const edges = sel.filter((c) => c.isEdge());
  const tool = (name: EditorIconName, label: string, onClick: () => void, disabled = false, active = false) => (
    <ToolButton type="button" title={t(label)} aria-label={t(label)} data-tool={name} disabled={disabled} $active={active} onClick={onClick}>
      <EditorIcon name={name} />
    </ToolButton>
  );
  const edgeKind: EdgeKind | null = edges.length ? edgeKindOf(edges[0]) : null;
  return (
    <ToolRow role="toolbar" aria-label={t('canvas')}>
      {!readOnly && (
        <>
          {tool('undo', 'toolbar.undo', () => runCommand(ed, 'undo'), !state.canUndo)}
          {tool('redo', 'toolbar.redo', () => runCommand(ed, 'redo'), !state.canRedo)}
          <ToolSep />
          {tool('copy', 'toolbar.copy', () => runCommand(ed, 'copy'), !sel.length)}
          {tool('paste', 'toolbar.paste', () => runCommand(ed, 'paste'))}
          {tool('duplicate', 'toolbar.duplicate', () => runCommand(ed, 'duplicate'), !sel.length)}
          {tool('delete', 'toolbar.delete', () => runCommand(ed, 'delete'), !sel.length)}
          <ToolSep />
          {tool('connect', 'toolbar.connect', () => connectSelection(ed), vertices.length !== 2)}
          {tool('rotate', 'toolbar.rotate', () => rotateSelection(ed), !vertices.length)}
          {tool('toFront', 'toolbar.toFront', () => orderSelection(ed, false), !sel.length)}
          {tool('toBack', 'toolbar.toBack', () => orderSelection(ed, true), !sel.length)}
          <ToolSep />
          {ALIGN_MODES.map((m) => <span key={m}>{tool(ALIGN_ICON[m], `toolbar.${ALIGN_TEXT[m]}`, () => alignSelection(ed, m), vertices.length < 2)}</span>)}
          {tool('distributeH', 'toolbar.distributeH', () => distributeSelection(ed, 'horizontal'), vertices.length < 3)}
          {tool('distributeV', 'toolbar.distributeV', () => distributeSelection(ed, 'vertical'), vertices.length < 3)}
          <ToolSep />
          <Select aria-label={t('toolbar.edgeStyle')} title={t('toolbar.edgeStyle')} style={{ width: '6.5rem' }} disabled={!edges.length}
            value={edgeKind ?? 'orthogonal'} onChange={(e) => setEdgeKind(ed, e.target.value as EdgeKind)}>
            {(['orthogonal', 'elbow', 'straight'] as const).map((k) => <option key={k} value={k}>{t(`toolbar.${k}`)}</option>)}
          </Select>
          {tool('flow', 'toolbar.flow', () => toggleFlow(ed), !sel.length, sel.length > 0 && sel.every(hasFlow))}
          <ToolSep />
        </>
      )}
      {tool('grid', 'toolbar.grid', () => ed.setGrid(!state.gridEnabled), false, state.gridEnabled)}
      <Select aria-label={t('toolbar.gridSize')} title={t('toolbar.gridSize')} style={{ width: '4.5rem' }} value={state.gridSize}
        onChange={(e) => ed.setGrid(state.gridEnabled, Number(e.target.value))}>
        {[...new Set([...GRID_SIZES, state.gridSize])].sort((a, b) => a - b).map((s) => <option key={s} value={s}>{s}</option>)}
      </Select>
      <ToolSep />
      {tool('zoomOut', 'toolbar.zoomOut', () => runCommand(ed, 'zoomOut'))}
      <span data-testid="graph-zoom" style={{ minWidth: '3.25rem', textAlign: 'center', color: ui.muted }}>{Math.round(state.zoom * 100)}%</span>
      {tool('zoomIn', 'toolbar.zoomIn', () => runCommand(ed, 'zoomIn'))}
      <ToolButton type="button" title={t('toolbar.zoomActual')} aria-label={t('toolbar.zoomActual')} onClick={() => runCommand(ed, 'zoomActual')}>1:1</ToolButton>
      {tool('zoomFit', 'toolbar.zoomFit', () => zoomFit(ed))}
    </ToolRow>
  );
}
