import { useTranslation } from 'react-i18next';
import styled, { keyframes } from 'styled-components';
import { Link } from 'wouter';
import type { DeviceListItem } from '../../../contract/devices';
import { deviceDetailPath, formatShortDateTime, stateColour, stateKey } from './monitorFormat';

const flash = keyframes`
  from { box-shadow: 0 0 0 0.25rem rgba(255, 176, 32, 0.75); }
  to { box-shadow: 0 0 0 0 rgba(255, 176, 32, 0); }
`;

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(17rem, 1fr));
  gap: 0.875rem;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Card = styled.li<{ $colour: string }>`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: 0.375rem;
  min-width: 0;
  padding: 0.75rem 1rem;
  border-radius: 0.5rem;
  border: 1px solid ${({ theme }) => theme.surfaceBorder};
  border-top: 0.1875rem solid ${({ $colour }) => $colour};
  background: ${({ theme }) => (theme.mode === 'dark' ? 'rgba(6, 16, 31, 0.45)' : '#ffffff')};
  font-size: 0.875rem;
  &[data-changed='true'] { animation: ${flash} 2s ease-out 2; }
  a { color: ${({ theme }) => theme.textStrong}; font-weight: 600; font-size: 1rem; text-decoration: none; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  a:hover { color: ${({ theme }) => theme.accentText}; }
`;

const Line = styled.div`
  display: flex;
  justify-content: space-between;
  gap: 0.5rem;
  min-width: 0;
  color: ${({ theme }) => theme.textMuted};
  span:last-child { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; text-align: end; color: ${({ theme }) => theme.text}; }
`;

export const StateBadge = styled.span<{ $colour: string }>`
  display: inline-flex;
  align-items: center;
  gap: 0.375rem;
  flex: none;
  padding: 0 0.5rem;
  border-radius: 0.625rem;
  font-size: 0.8125rem;
  line-height: 1.25rem;
  color: ${({ $colour }) => $colour};
  background: ${({ $colour }) => `${$colour}22`};
  &::before { content: ''; width: 0.4375rem; height: 0.4375rem; border-radius: 50%; background: ${({ $colour }) => $colour}; }
`;

/**
 * The device monitor's card grid: per device its name (to the device detail), code, state, project,
 * model and last data; a device whose state just changed flashes (`data-changed`).
 */
export function DeviceCards({ devices, changed }: { devices: readonly DeviceListItem[]; changed: ReadonlyMap<number, number> }) {
  const { t } = useTranslation('monitoring');
  return (
    <Grid data-device-cards="">
      {devices.map((d) => {
        const mark = changed.get(d.id);
        return (
          <Card key={mark ? `${d.id}:${mark}` : d.id} $colour={stateColour(d.state)} data-device-id={d.id} data-device-state={stateKey(d.state)} data-changed={mark ? 'true' : undefined}>
            <Line>
              <Link href={deviceDetailPath(d.id)} title={t('openDevice')}>{d.name}</Link>
              <StateBadge $colour={stateColour(d.state)}>{t(stateKey(d.state))}</StateBadge>
            </Line>
            <Line><span>{t('code')}</span><span>{d.code}</span></Line>
            <Line><span>{t('project')}</span><span>{d.projectName || '—'}</span></Line>
            <Line><span>{t('model')}</span><span>{d.deviceModelName}</span></Line>
            <Line><span>{t('lastSeen')}</span><span>{d.lastSeenAt === null ? t('never') : formatShortDateTime(d.lastSeenAt)}</span></Line>
          </Card>
        );
      })}
    </Grid>
  );
}
