import { useTranslation } from 'react-i18next';
import { Redirect, useLocation } from 'wouter';
import { allowedSections, PURCHASE_SECTIONS, sectionOf } from '../../shared/sections';
import { AdminPageScope } from '../admin/AdminProviders';
import { PURCHASE_PAGES } from './pages/purchasePages';
import { SectionButton, SectionLayout } from '../../shared/ui/SectionLayout';
import { useRights } from '../../shared/user';

const TITLES: Record<string, string> = { apply: 'route.nv_life_buy', record: 'route.nv_life_buy_record' };

/**
 * The purchase layout and its routes (SPEC §2): smart purchase application and purchase
 * records as top buttons, the active one highlighted; each needs buy or its own right.
 */
export function PurchaseBranch() {
  const { t } = useTranslation();
  const [location] = useLocation();
  const rights = useRights();
  const path = location.replace(/\/+$/, '');
  const sections = allowedSections(PURCHASE_SECTIONS, rights);
  if (!sections.length) return <Redirect to="/404" replace />;
  const section = sectionOf(PURCHASE_SECTIONS, path);
  if (!section || path !== section.path) {
    return <Redirect to={section && path.startsWith(`${section.path}/`) ? '/404' : sections[0].path} replace />;
  }
  if (!sections.includes(section)) return <Redirect to={sections[0].path} replace />;
  return (
    <SectionLayout
      title={t('purchase.title')}
      nav={sections.map((s) => (
        <SectionButton key={s.key} href={s.path} $active={s === section} aria-current={s === section ? 'page' : undefined}>
          {t(s.labelKey)}
        </SectionButton>
      ))}
    >
      <AdminPageScope>{PURCHASE_PAGES[section.path]({ title: t(TITLES[section.key]) })}</AdminPageScope>
    </SectionLayout>
  );
}
