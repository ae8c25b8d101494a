import { useEffect, useId, useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { useOutsideClick } from '../useOutsideClick';

const Wrap = styled.div`
  position: relative;
  display: inline-flex;
`;

export const TriggerButton = styled.button<{ $active?: boolean }>`
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.5rem;
  height: 2.5rem;
  min-width: 2.5rem;
  padding: 0 0.5rem;
  border: none;
  border-radius: 0.375rem;
  background: ${({ $active, theme }) => ($active ? theme.glow : 'transparent')};
  color: inherit;
  font-size: 1.25rem;
  cursor: pointer;
  transition: background 0.2s, color 0.2s;
  &:hover { background: ${({ theme }) => theme.glow}; color: ${({ theme }) => theme.accentText}; }
`;

export const Badge = styled.span`
  position: absolute;
  top: 0.125rem;
  right: -0.125rem;
  min-width: 1.125rem;
  height: 1.125rem;
  padding: 0 0.3125rem;
  border-radius: 0.5625rem;
  background: #f5484d;
  color: #fff;
  font-size: 0.6875rem;
  font-weight: 600;
  line-height: 1.125rem;
  text-align: center;
  box-shadow: 0 0 0 0.125rem ${({ theme }) => (theme.mode === 'dark' ? '#0f213d' : '#fff')};
`;

const Panel = styled.div<{ $width: string }>`
  position: absolute;
  top: calc(100% + 0.5rem);
  right: 0;
  z-index: 2000;
  width: ${({ $width }) => $width};
  border-radius: 0.5rem;
  border: 1px solid ${({ theme }) => theme.surfaceBorder};
  background: ${({ theme }) => (theme.mode === 'dark' ? '#10223d' : '#ffffff')};
  box-shadow: 0 1rem 3rem rgba(0, 0, 0, ${({ theme }) => (theme.mode === 'dark' ? 0.5 : 0.15)});
  color: ${({ theme }) => theme.text};
  font-size: 0.9375rem;
  overflow: hidden;
  @media (max-width: 575px) {
    position: fixed;
    top: 4rem;
    left: 0.5rem;
    right: 0.5rem;
    width: auto;
  }
`;

export interface DropdownProps {
  /** Accessible name of the trigger button. */
  label: string;
  trigger: ReactNode;
  /** Text of the count badge; nothing is shown when empty. */
  badge?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
  width?: string;
  testId?: string;
}

/** A top-bar button with a panel under it; a click outside or Escape closes the panel. */
export function Dropdown({ label, trigger, badge, open, onOpenChange, children, width = '22rem', testId }: DropdownProps) {
  const wrapRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  useOutsideClick([wrapRef], () => onOpenChange(false), open);
  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onOpenChange(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onOpenChange]);
  return (
    <Wrap ref={wrapRef} data-testid={testId}>
      <TriggerButton
        type="button"
        aria-label={label}
        title={label}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        $active={open}
        onClick={() => onOpenChange(!open)}
      >
        {trigger}
        {badge && <Badge data-testid={testId ? `${testId}-badge` : undefined}>{badge}</Badge>}
      </TriggerButton>
      {open && <Panel id={panelId} role="region" aria-label={label} $width={width}>{children}</Panel>}
    </Wrap>
  );
}

export const PanelHeader = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  padding: 0.75rem 1rem;
  border-bottom: 1px solid ${({ theme }) => theme.surfaceBorder};
  font-weight: 600;
  color: ${({ theme }) => theme.textStrong};
`;

export const PanelFooter = styled.div`
  padding: 0.625rem 1rem;
  border-top: 1px solid ${({ theme }) => theme.surfaceBorder};
  text-align: center;
`;

export const LinkButton = styled.button`
  border: none;
  background: none;
  padding: 0.25rem 0.5rem;
  color: ${({ theme }) => theme.accentText};
  font-size: 0.9375rem;
  cursor: pointer;
  &:hover { text-decoration: underline; }
`;

export const PanelEmpty = styled.p`
  margin: 0;
  padding: 2rem 1rem;
  text-align: center;
  color: ${({ theme }) => theme.textMuted};
`;
