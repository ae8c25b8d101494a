import i18n from 'i18next';
import type { ResourceDefinition } from '../../../contract/resources/kit';
import { adminStrings } from './adminStrings';
import { resourceStrings } from './kit/resourceStrings';

/**
 * Adds the admin branch's texts (namespace `admin`) once, when its chunk loads: the kit's own and,
 * under `res.<resource>`, every definition's titles, labels, help and option labels.
 */
export function registerAdminStrings(definitions: readonly ResourceDefinition[]): void {
  for (const lng of ['zh', 'en'] as const) {
    // Other families add their own keys to the namespace, some before this chunk loads (the
    // licence banner is in the shell): whether the kit's texts are in is asked of its own key.
    if (i18n.getResource(lng, 'admin', 'res') !== undefined) continue;
    const res = Object.fromEntries(definitions.map((def) => [def.name, resourceStrings(def, lng)]));
    i18n.addResourceBundle(lng, 'admin', { ...adminStrings[lng], res }, true, true);
  }
}
