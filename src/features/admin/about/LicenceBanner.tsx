import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Link } from 'wouter';
import type { LicenceInfo } from '../../../../contract/licence';
import { Right } from '../../../../contract/rights';
import { useHasRight } from '../../../shared/user';
import { fetchLicence, LICENCE_CHANGED_EVENT } from './aboutApi';
import { registerAboutStrings } from './aboutStrings';
import { licenceWarningText } from './licenceWarnings';

registerAboutStrings();

const REFRESH_MS = 10 * 60_000;

const Banner = styled.div`
  margin: 1.25rem 1.25rem 0;
  padding: 0.6rem 1rem;
  border: 1px solid ${({ theme }) => theme.danger};
  border-radius: 4px;
  color: ${({ theme }) => theme.danger};
  background: ${({ theme }) => theme.dangerBg};
  font-size: 0.875rem;
  line-height: 1.5;
  & a { margin-left: 0.75rem; color: inherit; text-decoration: underline; }
`;

/**
 * The licence warning for the people who can act on it (holders of licence-edit): expired,
 * invalid or missing licence, a limit reached, expiry near. Read on mount, every ten minutes and
 * after an import; nothing is shown to others or while nothing is wrong.
 */
export function LicenceBanner() {
  const canManage = useHasRight(Right.LicenceEdit);
  const { t } = useTranslation('admin');
  const [info, setInfo] = useState<LicenceInfo | null>(null);

  useEffect(() => {
    if (!canManage) return undefined;
    let controller: AbortController | null = null;
    const load = () => {
      controller?.abort();
      const current = new AbortController();
      controller = current;
      fetchLicence(current.signal).then((next) => { if (!current.signal.aborted) setInfo(next); }, () => {
        // A failed read keeps the last answer; the next timer tick or import tries again.
      });
    };
    load();
    const timer = window.setInterval(load, REFRESH_MS);
    window.addEventListener(LICENCE_CHANGED_EVENT, load);
    return () => {
      controller?.abort();
      window.clearInterval(timer);
      window.removeEventListener(LICENCE_CHANGED_EVENT, load);
    };
  }, [canManage]);

  if (!canManage || !info?.warnings.length) return null;
  return (
    <Banner role="alert" data-testid="licence-warning">
      {info.warnings.map((w) => licenceWarningText(t, w, info)).join(' ')}
      <Link href="/nv_about/nv_authorize">{t('about.bannerLink')}</Link>
    </Banner>
  );
}
