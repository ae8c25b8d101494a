import { Flex, Progress, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UpgradeCounts } from '../../../../contract/upgrades';
import { failedOf, pendingOf, progressOf } from './upgradeView';

/** A task's devices as one bar (green succeeded, red failed or timed out) with the counts in words. */
export function TaskProgress({ counts }: { counts: UpgradeCounts }) {
  const { t } = useTranslation('admin');
  const { token } = theme.useToken();
  if (counts.waiting && counts.waiting === counts.total) {
    return <Typography.Text type="secondary" data-task-progress>{t('upgrades.waitingAudit', { total: counts.total })}</Typography.Text>;
  }
  if (counts.cancelled && counts.cancelled === counts.total) {
    return <Typography.Text type="secondary" data-task-progress>{t('upgrades.cancelledAll')}</Typography.Text>;
  }
  const { succeeded, failed } = progressOf(counts);
  const text = t('upgrades.progressText', { succeeded: counts.succeeded, failed: failedOf(counts), pending: pendingOf(counts), total: counts.total });
  return (
    <Flex vertical gap={2} style={{ minWidth: '12rem' }} data-task-progress>
      <Progress
        percent={succeeded + failed}
        success={{ percent: succeeded, strokeColor: token.colorSuccess }}
        strokeColor={token.colorError}
        showInfo={false}
        size="small"
        aria-label={text}
      />
      <Typography.Text type="secondary" style={{ fontSize: '0.8125rem' }}>{text}</Typography.Text>
    </Flex>
  );
}
