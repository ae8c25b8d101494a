import { hasRight } from '../../../../contract/rights';
import type { ResourceDefinition } from '../../../../contract/resources/kit';
import { useRights } from '../../../shared/user';

/**
 * What the user may do with a resource's records (SPEC §6: a button needing a missing right is not
 * rendered); a fixed set of rows is never created or deleted.
 */
export function useResourceRights(def: ResourceDefinition): { canCreate: boolean; canEdit: boolean; canDelete: boolean } {
  const rights = useRights();
  const canEdit = hasRight(rights, def.rights.edit);
  return {
    canCreate: canEdit && !def.fixed,
    canEdit,
    canDelete: !def.fixed && hasRight(rights, def.rights.delete ?? def.rights.edit),
  };
}
