import { Flex, Progress, theme, Typography } from 'antd';
import { progressOf, type BatchCounts } from './batchCounts';

/**
 * A batch's devices as one bar — green succeeded, red failed or timed out, the rest still waiting —
 * with `text` (the counts in words) beneath. `marker` is the data attribute tests find it by.
 */
export function BatchProgress({ counts, text, marker, width }: { counts: BatchCounts; text: string; marker: string; width?: number | string }) {
  const { token } = theme.useToken();
  const { succeeded, failed } = progressOf(counts);
  return (
    <Flex vertical gap={2} style={{ width, minWidth: '12rem' }} {...{ [marker]: '' }}>
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
