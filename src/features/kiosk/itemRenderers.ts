import type { ComponentType } from 'react';
import type { PlaylistItemView } from '../../../contract/playlists';
import type { ScreenEnvironment } from '../../../screens/runtime/ScreenEnvironment';
import type { ScreenDataClient } from '../../../screens/runtime/types';
import { GraphItemView } from './GraphItemView';
import { TemplateItemView } from './TemplateItemView';

/** What every item renderer gets: its item, the host's data client, and two reports for the rotation. */
export interface ItemRendererProps {
  item: PlaylistItemView;
  client: ScreenDataClient;
  environment: ScreenEnvironment;
  /** The item shows its data: it may take the screen. Called once. */
  onReady(): void;
  /** Part of the item's data is on screen (something still loading): shown at the deadline rather than skipped. */
  onShowable(): void;
  /** The item cannot be shown (gone, invalid, nothing to show): the rotation skips it. */
  onFailed(reason: string): void;
}

/** Item kind -> the component that shows it. A kind without one is skipped with a log line. */
export const ITEM_RENDERERS: Partial<Record<PlaylistItemView['kind'], ComponentType<ItemRendererProps>>> = {
  template: TemplateItemView,
  graph: GraphItemView,
};
