import i18n from 'i18next';
import { strings } from './strings';

/** Adds the video-wall tile's texts (namespace `wallTile`) once, when its chunk loads. */
export function registerWallTileStrings(): void {
  for (const lng of ['zh', 'en'] as const) {
    if (!i18n.hasResourceBundle(lng, 'wallTile')) i18n.addResourceBundle(lng, 'wallTile', strings[lng], true, true);
  }
}
