import i18n from 'i18next';
import { strings } from './strings';

/** Adds the editor's texts (namespace `graphEditor`) once, when the editor's chunk loads. */
export function registerEditorStrings(): void {
  for (const lng of ['zh', 'en'] as const) {
    if (!i18n.hasResourceBundle(lng, 'graphEditor')) i18n.addResourceBundle(lng, 'graphEditor', strings[lng], true, true);
  }
}
