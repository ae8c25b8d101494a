import type { ComponentType } from 'react';
import type { PlaylistItemView } from '../../../contract/playlists';
import { GraphItemView } from './GraphItemView';
import type { ItemRendererProps } from './ItemRendererProps';
import { TemplateItemView } from './TemplateItemView';

/** Item kind -> the component that shows it. A kind without one is skipped with a log line. */
export const ITEM_RENDERERS: Partial<Record<PlaylistItemView['kind'], ComponentType<ItemRendererProps>>> = {
  template: TemplateItemView,
  graph: GraphItemView,
};
