import { hasRight } from '../../../../contract/rights';
import type { ResourceDefinition } from '../../../../contract/resources/kit';
import { usePlatformUser, useRights } from '../../../shared/user';

/**
 * What the user may do with a resource's records (SPEC §6: a button needing a missing right is not
 * rendered); a fixed set of rows is never created or deleted; the platform's only by the platform.
 */
export function useResourceRights(def: ResourceDefinition): { canCreate: boolean; canEdit: boolean; canDelete: boolean } {
  const rights = useRights();
  const platform = usePlatformUser();
  // The platform's records (the catalogue, dictionaries, organisation types) are changed only by a
  // user who sees all data, whatever its rights (the server refuses the others).
  const writable = def.scope.kind !== 'global' || platform;
  const canEdit = writable && hasRight(rights, def.rights.edit);
  return {
    canCreate: canEdit && !def.fixed,
    canEdit,
    canDelete: writable && !def.fixed && hasRight(rights, def.rights.delete ?? def.rights.edit),
  };
}
