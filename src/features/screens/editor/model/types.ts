import type { DataSource, ScreenTemplate, Widget, WidgetBinding } from '../../../../../contract/screen-template';
import type { z } from 'zod';

/**
 * A widget as the editor sees it, with the editor's fields: `name` (layers panel), `group` (shared
 * by grouped widgets), `locked`, `hidden`. Template version 2's `Widget` has them; the
 * intersection keeps this right whichever version the contract is at.
 */
export type EditorWidget = Widget & { name?: string; group?: string; locked?: boolean; hidden?: boolean };

/** The template document the editor edits: `ScreenTemplate` with {@link EditorWidget}s. */
export type EditorDoc = Omit<ScreenTemplate, 'widgets'> & { widgets: EditorWidget[] };

export type Canvas = ScreenTemplate['canvas'];
export type ScaleMode = Canvas['scaleMode'];
export type TemplateVariable = ScreenTemplate['variables'][number];
export type Binding = z.infer<typeof WidgetBinding>;
export type { DataSource };

/** A rectangle in design (canvas) pixels. */
export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Point {
  x: number;
  y: number;
}

/**
 * User guides, in design pixels: `h` are horizontal lines (their y positions, dragged out of the
 * top ruler), `v` vertical lines (their x positions, from the left ruler).
 */
export interface Guides {
  h: number[];
  v: number[];
}

/** Why a command was refused; `code` picks the UI's translated text, `params` fill it in. */
export interface Refusal {
  code: RefusalCode;
  /** English, for logs and tests; the UI shows its own translation of `code`. */
  message: string;
  params?: Record<string, string | number>;
}

export type RefusalCode =
  | 'sourceInUse'
  | 'variableInUse'
  | 'duplicateId'
  | 'unknownSource'
  | 'unknownVariable'
  | 'invalid'
  | 'tooMany'
  | 'tooFew';
