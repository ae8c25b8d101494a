import i18n from 'i18next';
import { screenStrings } from '../../../screens/screenStrings';

/** Adds the screen runtime's texts (namespace `screens`) once, when a screen host's chunk loads (monitor, kiosk). */
export function registerScreenStrings(): void {
  for (const lng of ['zh', 'en'] as const) {
    if (!i18n.hasResourceBundle(lng, 'screens')) i18n.addResourceBundle(lng, 'screens', screenStrings[lng], true, true);
  }
}
