import type { ComponentType } from 'react';
import type { DeviceStateData, MeasureValuesData, MeasureWarningData } from '../../contract/hub';
import type { Widget } from '../../contract/screen-template';
import type { ScreenEnvironment } from './ScreenEnvironment';

/** A query parameter value after variables are resolved. */
export type ParamValue = string | number;

/** Whether pushed data can be trusted right now. */
export type HubHealth = 'connected' | 'down';

/**
 * What the runtime needs from its host (the console passes one in; screens/ owns no socket and
 * no HTTP client): REST reads, and the hub's counted topic subscriptions and typed pushes.
 */
export interface ScreenDataClient {
  /**
   * GETs `endpoint` (`/api/...` or `/app-api/...`) and resolves with the envelope's `data`; rejects on any failure.
   * `read` says what the read is for (a video wall's tile aligns it on the server clock).
   */
  get(endpoint: string, params: Record<string, ParamValue>, signal: AbortSignal, read?: ReadInfo): Promise<unknown>;
  /**
   * How long (ms) after a good answer a source re-reads; absent: its interval. A video wall's tile
   * answers the time to the next boundary of the interval on the server's clock, so every tile of
   * the wall reads (and shows) the same data version at the same instant.
   */
  nextReadIn?(refreshMs: number): number;
  /**
   * An answer of this read already in hand (a read the host started before the screen, such as
   * the monitor's cold-start prefetch), handed over once; null when there is none. The screen then
   * starts with its data instead of rendering a loading state for an answer it already has.
   */
  answered?(endpoint: string, params: Record<string, ParamValue>): { data: unknown } | null;
  /** Receives a hub topic until the returned function is called. */
  subscribe(topic: string): () => void;
  /**
   * Calls `handler` with the `data` of each push of `event` until the returned function is called;
   * `sentAt` is when the server published it (server epoch ms), when the notice says.
   */
  on(event: LiveEvent['event'], handler: (data: unknown, sentAt?: number) => void): () => void;
  /** Calls `handler` after every hub (re)connect: snapshots are re-fetched then. */
  onResync(handler: () => void): () => void;
  hubHealth(): HubHealth;
  onHubHealth(handler: (health: HubHealth) => void): () => void;
}

/** What a REST read is for (passed to {@link ScreenDataClient.get}). */
export interface ReadInfo {
  /** The source's refresh interval in ms. */
  refreshMs: number;
}

/** One push as a widget receives it, already filtered to its source's topic. */
export type LiveEvent =
  | { event: 'measureValues'; data: MeasureValuesData }
  | { event: 'measureWarning'; data: MeasureWarningData }
  | { event: 'deviceState'; data: DeviceStateData };

/** Returned by {@link WidgetModule.applyLive}: the push changes data the widget cannot fold itself; re-read its REST source. */
export const REFETCH = Symbol('refetch');

/** What a renderer is given. Sizes are design pixels of the template canvas. */
export interface WidgetRendererProps<D = unknown> {
  /** The widget as placed, variables already substituted in its title. */
  widget: Widget;
  /** The bound data (path + transform, live pushes folded in); undefined until the first answer. */
  data: D | undefined;
  /** Design-to-screen scale of the canvas: charts render at `devicePixelRatio * scale` to stay crisp. */
  scale: number;
  /** The content box inside the widget's frame (title bar excluded). */
  width: number;
  height: number;
}

/**
 * A widget type: a thin renderer plus, optionally, the pure fold of live pushes into its data.
 * Loaded lazily through the registry, so a screen only downloads the widget types it uses.
 */
export interface WidgetModule<D = unknown> {
  Renderer: ComponentType<WidgetRendererProps<D>>;
  /**
   * Folds one push into the data. Returns the new data (a new object: renderers compare by
   * identity), `undefined` to ignore the push, or {@link REFETCH}.
   */
  applyLive?(data: D | undefined, live: LiveEvent, widget: Widget): D | undefined | typeof REFETCH;
  /** Whether the data is there to show (default: not undefined/null). Drives the loading and empty states. */
  hasData?(data: D | undefined): boolean;
  /** The widget draws its own chrome (the header): no panel frame or title bar. */
  frameless?: boolean;
}

/**
 * A module of any data type. The registry holds modules of different data types side by side;
 * the runtime hands each the data its own binding produced, so no type can be named here.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyWidgetModule = WidgetModule<any>;

/** Metadata and lazy loader of a widget type. */
export interface WidgetDefinition {
  /** i18n key (namespace `screens`) of the type's name, for the editor and error texts. */
  nameKey: string;
  load(): Promise<AnyWidgetModule>;
  /**
   * Starts fetching what the renderer needs besides its data (the offline map's outline) as soon
   * as a screen that shows the widget starts, before the widget's chunk has loaded, so it is in
   * when the data is. Called once or more per screen start with the widget's props: must be
   * idempotent, and cheap to have in the registry (no heavy imports).
   */
  prepare?(props: Record<string, unknown>, environment: ScreenEnvironment): void;
}
