import type { ReactNode } from 'react';
import styled from 'styled-components';
import { AlarmBell } from '../../features/alarms/AlarmBell';
import { MessageBell } from '../../features/messages/MessageBell';
import { Hamburger } from '../../features/shell/Hamburger';
import { UserMenu } from '../../features/shell/UserMenu';
import { ClosePageButton, FullscreenToggle } from '../../features/shell/WindowButtons';
import { HubStatusIndicator } from '../hub/HubStatusIndicator';

const Bar = styled.header`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  height: 4rem;
  padding: 0 1rem;
  border-bottom: 1px solid ${({ theme }) => theme.surfaceBorder};
  background: ${({ theme }) => (theme.mode === 'dark' ? 'rgba(15, 33, 61, 0.92)' : '#ffffff')};
  color: ${({ theme }) => theme.text};
  box-shadow: 0 0.0625rem 0.5rem rgba(0, 0, 0, 0.12);
  @media (max-width: 575px) { gap: 0.25rem; padding: 0 0.25rem; }
`;

const Title = styled.div`
  flex: 1;
  min-width: 0;
  display: flex;
  align-items: center;
  gap: 0.5rem;
  font-size: 1rem;
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
  & strong { color: ${({ theme }) => theme.textStrong}; font-weight: 600; }
`;

const Tools = styled.div`
  display: flex;
  align-items: center;
  gap: 0.25rem;
  font-size: 1.25rem;
  @media (max-width: 575px) { gap: 0; }
`;

const Divider = styled.span`
  width: 1px;
  height: 1.5rem;
  margin: 0 0.5rem;
  background: ${({ theme }) => theme.surfaceBorder};
  @media (max-width: 575px) { display: none; }
`;

/** Tools a phone does without (SPEC §4 mobile class), so the bar fits 375 px: full screen, close page. */
const NotOnPhone = styled.span`
  display: contents;
  @media (max-width: 575px) { display: none; }
`;

/**
 * The top bar of the main and super layouts (SPEC §1, §2): sidebar toggle, where you are, the
 * launchers, the realtime-connection marker, the alarm and message bells, full screen, the user
 * menu and the close button.
 */
export function Navbar({ crumbs, launchers }: { crumbs: string[]; launchers?: ReactNode }) {
  return (
    <Bar>
      <Hamburger />
      <Title data-testid="breadcrumb">
        {crumbs.map((crumb, i) => (
          <span key={`${crumb}-${i}`}>
            {i > 0 && <span aria-hidden="true" style={{ opacity: 0.5, marginRight: '0.5rem' }}>/</span>}
            {i === crumbs.length - 1 ? <strong>{crumb}</strong> : crumb}
          </span>
        ))}
      </Title>
      {launchers}
      {launchers && <Divider />}
      <Tools>
        <HubStatusIndicator />
        <AlarmBell />
        <MessageBell />
        <NotOnPhone><FullscreenToggle /></NotOnPhone>
        <UserMenu />
        <NotOnPhone><ClosePageButton /></NotOnPhone>
      </Tools>
    </Bar>
  );
}
