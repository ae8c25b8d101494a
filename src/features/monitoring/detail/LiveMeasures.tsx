import { LineChartOutlined } from '@ant-design/icons';
import { Button, Empty, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { DetailMeasure } from '../../../../contract/device-detail';
import { formatDateTime } from '../../admin/kit/cellValue';
import { measureText } from './measureText';

/** Warn levels (SPEC §3) as antd tag colours: hint, minor, important. */
export const LEVEL_COLORS: Record<number, string> = { 0: 'processing', 1: 'warning', 2: 'error' };
const LEVEL_BORDER: Record<number, string> = { 0: '#1677ff', 1: '#faad14', 2: '#ff4d4f' };

const Group = styled.section`
  & + & {
    margin-top: 1.25rem;
  }
  h3 {
    margin: 0 0 0.625rem;
    font-size: 0.9375rem;
    color: ${({ theme }) => theme.textMuted};
  }
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr));
  gap: 0.75rem;
`;

const Card = styled.div<{ $level: number | null }>`
  position: relative;
  padding: 0.875rem 1rem 0.75rem;
  border-radius: 0.375rem;
  border: 1px solid ${({ theme, $level }) => ($level === null ? theme.surfaceBorder : LEVEL_BORDER[$level] ?? theme.danger)};
  box-shadow: ${({ $level }) => ($level === null ? 'none' : `inset 3px 0 0 ${LEVEL_BORDER[$level] ?? '#ff4d4f'}`)};
  background: ${({ theme }) => theme.inputBg};
  min-width: 0;
`;

const Name = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 0.5rem;
  color: ${({ theme }) => theme.textMuted};
  font-size: 0.875rem;
  span:first-child {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

const Value = styled.div<{ $alarm: boolean }>`
  margin: 0.375rem 0 0.25rem;
  font-size: 1.625rem;
  line-height: 1.2;
  font-weight: 600;
  font-variant-numeric: tabular-nums;
  color: ${({ theme, $alarm }) => ($alarm ? theme.danger : theme.textStrong)};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  small {
    margin-left: 0.375rem;
    font-size: 0.875rem;
    font-weight: 400;
    color: ${({ theme }) => theme.textMuted};
  }
`;

const Foot = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 0.5rem;
  min-height: 1.5rem;
  font-size: 0.75rem;
  color: ${({ theme }) => theme.textMuted};
`;

/**
 * The device's points as cards, by measure group: the value as its printf says (bit labels, a
 * formula's text, or the number with its unit), alarm colouring by warn level with the alarm's
 * text, the sample's time, and a way to its trend.
 */
export function LiveMeasures({ measures, stale, onTrend }: { measures: readonly DetailMeasure[]; stale: boolean; onTrend(measureId: number): void }) {
  const { t } = useTranslation('admin');
  if (!measures.length) return <Empty description={t('deviceDetail.noMeasures')} />;
  const groups = new Map<string, DetailMeasure[]>();
  for (const m of measures) groups.set(m.groupName, [...(groups.get(m.groupName) ?? []), m]);
  return (
    <div data-live-measures style={{ opacity: stale ? 0.6 : 1 }}>
      {[...groups].map(([group, list]) => (
        <Group key={group}>
          {groups.size > 1 && <h3>{group || t('deviceDetail.ungrouped')}</h3>}
          <Grid>
            {list.map((m) => {
              const shown = measureText(m, m.value);
              const level = m.alarm ? m.alarm.warnLevel : null;
              return (
                <Card key={m.measureId} $level={level} data-measure={m.name} data-alarm-level={level ?? undefined}>
                  <Name>
                    <span title={m.name}>{m.name}</span>
                    {m.alarm && (
                      <Tooltip title={m.alarm.alarmContent}>
                        <Tag color={LEVEL_COLORS[m.alarm.warnLevel] ?? 'error'} style={{ marginInlineEnd: 0 }}>
                          {t(`deviceDetail.levels.${m.alarm.warnLevel}`, { defaultValue: String(m.alarm.warnLevel) })}
                        </Tag>
                      </Tooltip>
                    )}
                  </Name>
                  <Value $alarm={m.alarm !== null} data-measure-value title={shown.text}>
                    {shown.text}{shown.unit && <small>{shown.unit}</small>}
                  </Value>
                  {m.alarm && <Typography.Text type="danger" ellipsis style={{ display: 'block', fontSize: '0.75rem' }}>{m.alarm.alarmContent}</Typography.Text>}
                  <Foot>
                    <span>{m.ts === null ? '—' : formatDateTime(m.ts)}</span>
                    {m.value !== null && (
                      <Tooltip title={t('deviceDetail.trend')}>
                        <Button size="small" type="text" aria-label={`${t('deviceDetail.trend')} ${m.name}`} icon={<LineChartOutlined aria-hidden />} onClick={() => onTrend(m.measureId)} />
                      </Tooltip>
                    )}
                  </Foot>
                </Card>
              );
            })}
          </Grid>
        </Group>
      ))}
    </div>
  );
}
