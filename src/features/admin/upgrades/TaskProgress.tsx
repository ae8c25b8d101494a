import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UpgradeCounts } from '../../../../contract/upgrades';
import { failedOf, pendingOf } from '../kit/batchCounts';
import { BatchProgress } from '../kit/BatchProgress';

/** A task's devices as one bar (green succeeded, red failed or timed out) with the counts in words. */
export function TaskProgress({ counts }: { counts: UpgradeCounts }) {
  const { t } = useTranslation('admin');
  if (counts.waiting && counts.waiting === counts.total) {
    return <Typography.Text type="secondary" data-task-progress>{t('upgrades.waitingAudit', { total: counts.total })}</Typography.Text>;
  }
  if (counts.cancelled && counts.cancelled === counts.total) {
    return <Typography.Text type="secondary" data-task-progress>{t('upgrades.cancelledAll')}</Typography.Text>;
  }
  const text = t('upgrades.progressText', { succeeded: counts.succeeded, failed: failedOf(counts), pending: pendingOf(counts), total: counts.total });
  return <BatchProgress counts={counts} text={text} marker="data-task-progress" />;
}
