import { useTranslation } from 'react-i18next';
import type { SyncCounts } from '../../../../../contract/product-sync';
import { failedOf, pendingOf } from '../../kit/batchCounts';
import { BatchProgress } from '../../kit/BatchProgress';

/** A sync's devices as one bar with the counts in words beneath. */
export function SyncProgress({ counts, width }: { counts: SyncCounts; width?: number | string }) {
  const { t } = useTranslation('admin');
  const text = t('productSync.progressText', {
    succeeded: counts.succeeded, failed: failedOf(counts), pending: pendingOf(counts), total: counts.total,
  });
  return <BatchProgress counts={counts} text={text} marker="data-sync-progress" width={width} />;
}
