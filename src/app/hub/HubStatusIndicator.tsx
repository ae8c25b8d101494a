import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled, { keyframes } from 'styled-components';
import { hubStatusAtom } from '../../shared/hub/hubAtoms';
import { CONNECT_GRACE_MS, hubMarker } from './hubMarker';

const pulse = keyframes`
  0%, 100% { opacity: 1; }
  50% { opacity: 0.35; }
`;

const Spot = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 1.5rem;
  height: 2.5rem;
  cursor: help;
  &::after {
    content: '';
    width: 0.625rem;
    height: 0.625rem;
    border-radius: 50%;
    background: #f5a524;
    box-shadow: 0 0 0 0.1875rem rgba(245, 165, 36, 0.25);
    animation: ${pulse} 1.6s ease-in-out infinite;
  }
  @media (prefers-reduced-motion: reduce) { &::after { animation: none; } }
`;

/**
 * A small amber dot in the navbar while the realtime connection is down (or its first connect is
 * overdue): the bells and live values may be stale. Its tooltip says why.
 */
export function HubStatusIndicator() {
  const { t } = useTranslation();
  const status = useAtomValue(hubStatusAtom);
  const [overdue, setOverdue] = useState(false);
  useEffect(() => {
    if (status !== 'connecting') return undefined;
    const timer = setTimeout(() => setOverdue(true), CONNECT_GRACE_MS);
    return () => {
      clearTimeout(timer);
      setOverdue(false);
    };
  }, [status]);

  const marker = hubMarker(status, overdue);
  if (!marker) return null;
  const text = t(`hub.${marker}`);
  return <Spot role="status" aria-label={text} title={text} data-testid="hub-status" />;
}
