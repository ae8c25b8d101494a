import { Flex, Progress, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SyncCounts } from '../../../../../contract/product-sync';
import { failedOf, pendingOf, progressOf } from './syncView';

/**
 * A sync's devices as one bar — green succeeded, red failed or timed out, the rest still waiting —
 * with the counts in words beneath.
 */
export function SyncProgress({ counts, width }: { counts: SyncCounts; width?: number | string }) {
  const { t } = useTranslation('admin');
  const { token } = theme.useToken();
  const { succeeded, failed } = progressOf(counts);
  const text = t('productSync.progressText', {
    succeeded: counts.succeeded, failed: failedOf(counts), pending: pendingOf(counts), total: counts.total,
  });
  return (
    <Flex vertical gap={2} style={{ width, minWidth: '12rem' }} data-sync-progress>
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
