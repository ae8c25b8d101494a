import { errorText } from '../../../shared/errorText';
/** What a batch delete did: the ids it deleted and, for each one it could not, the server's reason. */
export interface BatchDeleteResult {
  deleted: number[];
  failed: { id: number; error: string }[];
}

/**
 * Deletes the records one after another and goes on past a refusal (a manufacturer still in use,
 * a record someone else deleted), so one bad row does not keep the others.
 */
export async function deleteMany(ids: readonly number[], remove: (id: number) => Promise<unknown>): Promise<BatchDeleteResult> {
  const result: BatchDeleteResult = { deleted: [], failed: [] };
  for (const id of ids) {
    try {
      await remove(id);
      result.deleted.push(id);
    } catch (err) {
      result.failed.push({ id, error: errorText(err) });
    }
  }
  return result;
}
