import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceDefinition } from '../../../../contract/resources/kit';
import { deleteMany } from './deleteMany';
import { deleteRow, type ResourceRow } from './resourceApi';
import { errorText } from '../../../shared/errorText';


/**
 * Deleting one record or the selected ones, each confirmed by the caller first. The outcome is
 * reported (how many went, and each refusal with the server's reason), then the resource's lists
 * and names are read again.
 */
export function useDeleteActions(def: ResourceDefinition) {
  const { t } = useTranslation('admin');
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['resource', def.name] });
  const labelOf = (row: ResourceRow) => String(row[def.label] ?? row.id);
  // A soft delete (回收站) says 移出, not 删除.
  const done = def.softDelete ? 'kit.removed' : 'kit.deleted';

  const deleteOne = async (row: ResourceRow) => {
    try {
      await deleteRow(def, row.id);
      message.success(t(done, { count: 1 }));
    } catch (err) {
      message.error(t('kit.deleteFailed', { error: errorText(err) }));
    }
    await refresh();
  };

  const deleteSelected = async (rows: readonly ResourceRow[]) => {
    const result = await deleteMany(rows.map((r) => r.id), (id) => deleteRow(def, id));
    await refresh();
    if (!result.failed.length) {
      message.success(t(done, { count: result.deleted.length }));
      return result;
    }
    const byId = new Map(rows.map((r) => [r.id, r]));
    modal.warning({
      title: t('kit.partlyDeleted', { deleted: result.deleted.length, failed: result.failed.length }),
      content: (
        <ul data-testid="delete-failures" style={{ paddingLeft: '1.25em', margin: 0 }}>
          {result.failed.map((f) => <li key={f.id}>{t('kit.failure', { name: labelOf(byId.get(f.id)!), error: f.error })}</li>)}
        </ul>
      ),
    });
    return result;
  };

  return { deleteOne, deleteSelected };
}
