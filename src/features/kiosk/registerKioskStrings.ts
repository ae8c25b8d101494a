import i18n from 'i18next';
import { strings } from './strings';

/** Adds the kiosk player's texts (namespace `kiosk`) once, when its chunk loads. */
export function registerKioskStrings(): void {
  for (const lng of ['zh', 'en'] as const) {
    if (!i18n.hasResourceBundle(lng, 'kiosk')) i18n.addResourceBundle(lng, 'kiosk', strings[lng], true, true);
  }
}
