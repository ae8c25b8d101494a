import styled from 'styled-components';
import { pct } from './energyFormat';

const GOOD = '#52c41a';
const BAD = '#ff4d4f';

const ChangeText = styled.span<{ $colour?: string }>`
  font-weight: 600;
  white-space: nowrap;
  color: ${({ $colour, theme }) => $colour ?? theme.textMuted};
`;

/**
 * A change against the previous period: arrow and percentage, green when it went the good way
 * (`better`: which way is good), — when there is no ratio (nothing the period before).
 */
export function Change({ ratio, better, testId }: { ratio: number | null; better: 'up' | 'down'; testId?: string }) {
  if (ratio === null) return <ChangeText data-testid={testId}>—</ChangeText>;
  const arrow = ratio > 0 ? '↑' : ratio < 0 ? '↓' : '→';
  const good = ratio === 0 ? undefined : (ratio > 0) === (better === 'up') ? GOOD : BAD;
  return <ChangeText data-testid={testId} $colour={good}>{arrow} {pct(Math.abs(ratio))}</ChangeText>;
}

const HeadUnit = styled.span`
  display: block;
  font-size: 0.75rem;
  font-weight: 400;
  color: ${({ theme }) => theme.textMuted};
`;

/** A column title with its unit on a line of its own (the tables stay narrow enough to read at once). */
export function Head({ label, unit }: { label: string; unit?: string }) {
  return <span>{label}{unit ? <HeadUnit>{unit}</HeadUnit> : null}</span>;
}
