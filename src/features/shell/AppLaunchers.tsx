import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useLocation } from 'wouter';
import { ANALYSIS_RIGHTS, BUY_RIGHTS, Right } from '../../../contract/rights';
import { getRuntimeConfig } from '../../shared/config';
import { deviceClassAtom } from '../../shared/device';
import { showToast } from '../../shared/feedback';
import { ApiRequestError, apiPost } from '../../shared/http';
import { openInNewTab, openResolvedInNewTab } from '../../shared/openWindow';
import { allowedSections, ANALYSIS_SECTIONS, PURCHASE_SECTIONS } from '../../shared/sections';
import { getToken } from '../../shared/session';
import { Icon, type IconName } from '../../shared/ui/Icon';
import { useHasAnyRight, useHasRight, useRights } from '../../shared/user';
import { iotCardUrl, projectMonitorUrl } from './launchUrls';

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  @media (max-width: 575px) { gap: 0.125rem; }
`;

const Launch = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 0.375rem;
  height: 2.125rem;
  padding: 0 0.75rem;
  border-radius: 1.0625rem;
  border: 1px solid ${({ theme }) => theme.surfaceBorder};
  background: transparent;
  color: inherit;
  font-size: 0.875rem;
  white-space: nowrap;
  cursor: pointer;
  transition: border-color 0.2s, color 0.2s, background 0.2s;
  @media (max-width: 575px) { padding: 0 0.5rem; border-color: transparent; }
  &:hover { border-color: ${({ theme }) => theme.primary}; color: ${({ theme }) => theme.accentText}; background: ${({ theme }) => theme.glow}; }
`;

function Launcher({ icon, label, compact, onClick }: { icon: IconName; label: string; compact: boolean; onClick: () => void }) {
  return (
    <Launch type="button" onClick={onClick} aria-label={compact ? label : undefined} title={label}>
      <Icon name={icon} size="1.125rem" />
      {!compact && <span>{label}</span>}
    </Launch>
  );
}

/** POST /api/t_card/login: the IoT card platform's login; `data` is JSON text (SPEC §3). */
function iotCardLogin(): Promise<unknown> {
  return apiPost<unknown>('/t_card/login');
}

/**
 * The navbar's way into the other parts of the product (SPEC §2): the big screen in place;
 * project monitoring, purchasing, data analysis and the IoT card platform in a new tab, each
 * shown only with its rights and, for outside applications, a configured address.
 */
export function AppLaunchers() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const rights = useRights();
  const device = useAtomValue(deviceClassAtom);
  const compact = device !== 'desktop';
  const canBuy = useHasAnyRight(BUY_RIGHTS);
  const canAnalyse = useHasAnyRight(ANALYSIS_RIGHTS);
  const canCard = useHasRight(Right.IotCardSysPreview);
  const config = getRuntimeConfig();

  const openSection = (sections: typeof ANALYSIS_SECTIONS) => {
    const first = allowedSections(sections, rights)[0] ?? sections[0];
    openInNewTab(first.path);
  };
  const openIotCard = () => {
    const target = iotCardLogin().then((data) => iotCardUrl(config.iotCardHomeUrl, data));
    openResolvedInNewTab(target, device === 'desktop').catch((err: unknown) => {
      if (err instanceof ApiRequestError && err.status !== 404 && err.status !== 401 && !err.requireLogin) {
        showToast('error', err.status === 0 ? t('errors.network') : err.message);
      }
    });
  };

  const items: ReactNode[] = [
    <Launcher key="monitor" icon="screen" label={t('launch.monitor')} compact={compact} onClick={() => navigate('/monitor')} />,
  ];
  if (config.projectMonitorUrl) {
    items.push(<Launcher key="project" icon="project" label={t('launch.projectMonitor')} compact={compact}
      onClick={() => openInNewTab(projectMonitorUrl(config.projectMonitorUrl, getToken() ?? ''))} />);
  }
  if (canBuy) items.push(<Launcher key="buy" icon="cart" label={t('launch.purchase')} compact={compact} onClick={() => openSection(PURCHASE_SECTIONS)} />);
  if (canAnalyse) items.push(<Launcher key="analysis" icon="chart" label={t('launch.analysis')} compact={compact} onClick={() => openSection(ANALYSIS_SECTIONS)} />);
  if (canCard && config.iotCardHomeUrl) {
    items.push(<Launcher key="card" icon="card" label={t('launch.iotCard')} compact={compact} onClick={openIotCard} />);
  }
  return <Row data-testid="app-launchers">{items}</Row>;
}
