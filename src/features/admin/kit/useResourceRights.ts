import { hasRight } from '../../../../contract/rights';
import type { ResourceDefinition } from '../../../../contract/resources/kit';
import { useRights } from '../../../shared/user';

/** What the user may do with a resource's records (SPEC §6: a button needing a missing right is not rendered). */
export function useResourceRights(def: ResourceDefinition): { canEdit: boolean; canDelete: boolean } {
  const rights = useRights();
  return {
    canEdit: hasRight(rights, def.rights.edit),
    canDelete: hasRight(rights, def.rights.delete ?? def.rights.edit),
  };
}
