import { Progress, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { Card } from '../../../../contract/cards';

const TONES: Record<number, string> = { 1: 'gold', 2: 'green', 4: 'red', 6: 'blue', 7: 'default', 8: 'volcano' };

/** A card status as a coloured tag. */
export function StatusTag({ status, t }: { status: number; t: TFunction }) {
  return <Tag color={TONES[status] ?? 'default'} data-card-status={status}>{t(`cards.statuses.${status}`, { defaultValue: String(status) })}</Tag>;
}

/** Data used of the limit, as a small bar and numbers. */
export function UsageCell({ card, t }: { card: Card; t: TFunction }) {
  if (card.dataLimitMb <= 0) return <span style={{ whiteSpace: 'nowrap' }}>{card.dataUsedMb.toFixed(1)} / {t('cards.unlimited')}</span>;
  const pct = Math.min(100, Math.round((card.dataUsedMb / card.dataLimitMb) * 100));
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: '0.5rem', whiteSpace: 'nowrap' }}>
      <Progress percent={pct} size={[48, 6]} showInfo={false} status={pct >= 90 ? 'exception' : 'normal'} style={{ margin: 0, lineHeight: 1 }} />
      <Typography.Text>{card.dataUsedMb.toFixed(1)} / {card.dataLimitMb.toFixed(0)}</Typography.Text>
    </span>
  );
}

/** A date (day only) or a dash. */
export const formatDay = (ms: number | null): string => {
  if (ms === null) return '—';
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
