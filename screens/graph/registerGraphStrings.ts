import i18n from 'i18next';
import { strings } from './strings';

/** Adds the graph texts (namespace `graph`) once, when a graph chunk (editor, live view) loads. */
export function registerGraphStrings(): void {
  for (const lng of ['zh', 'en'] as const) {
    if (!i18n.hasResourceBundle(lng, 'graph')) i18n.addResourceBundle(lng, 'graph', strings[lng], true, true);
  }
}
