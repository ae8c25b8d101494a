import type { PlaylistItemView } from '../../../contract/playlists';
import type { ScreenEnvironment } from '../../../screens/runtime/ScreenEnvironment';
import type { ScreenDataClient } from '../../../screens/runtime/types';

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
