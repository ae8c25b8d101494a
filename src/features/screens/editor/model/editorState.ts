import type { WidgetType } from '../../../../../contract/screen-template';
import { alignWidgets, distributeWidgets, groupWidgets, reorderWidgets, ungroupWidgets } from './arrange';
import type { ClipboardContent } from './clipboard';
import { addSource, addVariable, editSource, editVariable, removeSource, removeVariable, setCanvas, setGuides } from './documentOps';
import type { CanvasPreset } from './limits';
import { duplicateWidgets, pasteWidgets } from './paste';
import type { Outcome } from './refusal';
import { clearSelection, selectAll, selectWidgets, toggleSelection } from './selection';
import type { Binding, DataSource, EditorDoc, Guides, Rect, Refusal, ScaleMode, TemplateVariable } from './types';
import {
  addWidget, deleteWidgets, moveWidgets, nudgeWidgets, resizeWidget, setFlag, setProps, setRect, setWidgetField,
} from './widgetOps';

/** What the editor holds: the document (undoable), the selected widget ids and the user guides (neither undoable). */
export interface EditorState {
  doc: EditorDoc;
  /** Selected widget ids, in the order they were selected. */
  selection: string[];
  guides: Guides;
}

export type AlignMode = 'left' | 'hCentre' | 'right' | 'top' | 'vMiddle' | 'bottom';
export type DistributeAxis = 'horizontal' | 'vertical';
export type ZOrderMove = 'forward' | 'backward' | 'front' | 'back';
export type NudgeDirection = 'left' | 'right' | 'up' | 'down';

/**
 * Everything the editor can do to its state. Commands naming `ids?` act on those widgets, or on
 * the selection when left out (the layers panel names a row, the toolbar acts on the selection).
 */
export type EditorCommand =
  // Widgets
  | { type: 'addWidget'; widgetType: WidgetType; x: number; y: number; w?: number; h?: number; title?: string; props?: Record<string, unknown> }
  | { type: 'move'; ids?: string[]; dx: number; dy: number }
  | { type: 'resize'; id: string; rect: Rect }
  | { type: 'setRect'; id: string; rect: Partial<Rect> }
  | { type: 'setProps'; id: string; props: Record<string, unknown> }
  | { type: 'setField'; id: string; field: 'title' | 'name'; value: string | undefined }
  | { type: 'setField'; id: string; field: 'source'; value: Binding | undefined }
  | { type: 'rename'; id: string; name: string }
  | { type: 'delete'; ids?: string[] }
  | { type: 'duplicate'; ids?: string[] }
  | { type: 'paste'; content: ClipboardContent; at?: { x: number; y: number } }
  | { type: 'nudge'; direction: NudgeDirection; shift?: boolean; ids?: string[] }
  // Selection (never an undo step)
  | { type: 'select'; ids: string[]; exact?: boolean }
  | { type: 'toggleSelect'; ids: string[] }
  | { type: 'selectAll' }
  | { type: 'clearSelection' }
  // Arrange
  | { type: 'align'; mode: AlignMode; ids?: string[] }
  | { type: 'distribute'; axis: DistributeAxis; ids?: string[] }
  | { type: 'group'; ids?: string[] }
  | { type: 'ungroup'; ids?: string[] }
  | { type: 'lock'; ids?: string[] }
  | { type: 'unlock'; ids?: string[] }
  | { type: 'hide'; ids?: string[] }
  | { type: 'show'; ids?: string[] }
  | { type: 'zOrder'; move: ZOrderMove; ids?: string[] }
  // Canvas and guides
  | { type: 'setCanvas'; size?: CanvasPreset | { width: number; height: number }; scaleWidgets?: boolean; background?: string; scaleMode?: ScaleMode }
  | { type: 'addGuide'; axis: keyof Guides; pos: number }
  | { type: 'moveGuide'; axis: keyof Guides; index: number; pos: number }
  | { type: 'removeGuide'; axis: keyof Guides; index: number }
  | { type: 'setGuides'; axis: keyof Guides; positions: number[] }
  // Data sources and variables
  | { type: 'addSource'; source: DataSource }
  | { type: 'editSource'; id: string; source: DataSource }
  | { type: 'removeSource'; id: string }
  | { type: 'addVariable'; variable: TemplateVariable }
  | { type: 'editVariable'; name: string; variable: TemplateVariable }
  | { type: 'removeVariable'; name: string };

/** The outcome of a command: the new state, or the same state and why it was refused. */
export interface CommandResult {
  state: EditorState;
  refused?: Refusal;
}

export function createEditorState(doc: EditorDoc, guides: Guides = { h: [], v: [] }): EditorState {
  return { doc, selection: [], guides };
}

/** The state with another document (an undo, a redo, a restored draft): selected ids that are gone drop out. */
export function withDoc(state: EditorState, doc: EditorDoc): EditorState {
  if (doc === state.doc) return state;
  const ids = new Set(doc.widgets.map((w) => w.id));
  const selection = state.selection.every((id) => ids.has(id)) ? state.selection : state.selection.filter((id) => ids.has(id));
  return { ...state, doc, selection };
}

/** The ids a command acts on: its own, or the selection. */
export const targetIds = (state: EditorState, ids: string[] | undefined): string[] => ids ?? state.selection;

function run(state: EditorState, c: EditorCommand): Outcome {
  switch (c.type) {
    case 'addWidget': return addWidget(state, c);
    case 'move': return moveWidgets(state, targetIds(state, c.ids), c.dx, c.dy);
    case 'resize': return resizeWidget(state, c.id, c.rect);
    case 'setRect': return setRect(state, c.id, c.rect);
    case 'setProps': return setProps(state, c.id, c.props);
    case 'setField': return setWidgetField(state, c.id, c.field, c.value);
    case 'rename': return setWidgetField(state, c.id, 'name', c.name);
    case 'delete': return deleteWidgets(state, targetIds(state, c.ids));
    case 'duplicate': return duplicateWidgets(state, targetIds(state, c.ids));
    case 'paste': return pasteWidgets(state, c.content, c.at);
    case 'nudge': return nudgeWidgets(state, targetIds(state, c.ids), c.direction, c.shift ?? false);
    case 'select': return selectWidgets(state, c.ids, c.exact ?? false);
    case 'toggleSelect': return toggleSelection(state, c.ids);
    case 'selectAll': return selectAll(state);
    case 'clearSelection': return clearSelection(state);
    case 'align': return alignWidgets(state, targetIds(state, c.ids), c.mode);
    case 'distribute': return distributeWidgets(state, targetIds(state, c.ids), c.axis);
    case 'group': return groupWidgets(state, targetIds(state, c.ids));
    case 'ungroup': return ungroupWidgets(state, targetIds(state, c.ids));
    case 'lock': return setFlag(state, targetIds(state, c.ids), 'locked', true);
    case 'unlock': return setFlag(state, targetIds(state, c.ids), 'locked', false);
    case 'hide': return setFlag(state, targetIds(state, c.ids), 'hidden', true);
    case 'show': return setFlag(state, targetIds(state, c.ids), 'hidden', false);
    case 'zOrder': return reorderWidgets(state, targetIds(state, c.ids), c.move);
    case 'setCanvas': return setCanvas(state, c);
    case 'addGuide': return setGuides(state, c.axis, [...state.guides[c.axis], c.pos]);
    case 'moveGuide': return setGuides(state, c.axis, state.guides[c.axis].map((p, i) => (i === c.index ? c.pos : p)));
    case 'removeGuide': return setGuides(state, c.axis, state.guides[c.axis].filter((_, i) => i !== c.index));
    case 'setGuides': return setGuides(state, c.axis, c.positions);
    case 'addSource': return addSource(state, c.source);
    case 'editSource': return editSource(state, c.id, c.source);
    case 'removeSource': return removeSource(state, c.id);
    case 'addVariable': return addVariable(state, c.variable);
    case 'editVariable': return editVariable(state, c.name, c.variable);
    case 'removeVariable': return removeVariable(state, c.name);
  }
}

/**
 * Applies a command. Never mutates: the answer is a new state, or the same state object when the
 * command changes nothing or is refused (then `refused` says why). Untouched widgets, sources and
 * variables keep their identity, so renderers can skip them.
 */
export function executeCommand(state: EditorState, command: EditorCommand): CommandResult {
  const outcome = run(state, command);
  return 'refused' in outcome ? { state, refused: outcome.refused } : { state: outcome };
}

/** {@link executeCommand} without the reason: the new state, or the same one when refused or a no-op. */
export function applyCommand(state: EditorState, command: EditorCommand): EditorState {
  return executeCommand(state, command).state;
}
