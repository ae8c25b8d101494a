import { useTranslation } from 'react-i18next';
import { Redirect, useLocation } from 'wouter';
import { ANALYSIS_RIGHTS } from '../../../contract/rights';
import { allowedSections, ANALYSIS_SECTIONS, fallThrough, sectionOf } from '../../shared/sections';
import { AdminPageScope } from '../admin/AdminProviders';
import { ENERGY_PAGES } from './energy/energyPages';
import { ENVIRONMENT_PAGES } from './environment/environmentPages';
import { LIFE_PAGES } from './life/lifePages';
import { SectionButton, SectionLayout, SectionSelect, SubLink } from '../../shared/ui/SectionLayout';
import { useMediaQuery } from '../../shared/useMediaQuery';
import { useHasAnyRight, useRights } from '../../shared/user';

/** At this width or less a dropdown replaces the section buttons (SPEC §2, §9). */
export const ANALYSIS_DROPDOWN_MAX_WIDTH = 1366;

/** Each page's component (its own lazy chunk, in antd's providers). */
const PAGE_VIEWS = { ...ENERGY_PAGES, ...LIFE_PAGES, ...ENVIRONMENT_PAGES };

/** The pages of each section; the first is where the section's button goes. */
const PAGES: Record<string, { path: string; titleKey: string }[]> = {
  energy: [{ path: '/nv_energy_analysis/index', titleKey: 'route.nv_energy_analysis' }],
  life: [
    { path: '/nv_life_analysis/nv_device_life_analysis', titleKey: 'route.nv_device_life_analysis' },
    { path: '/nv_life_analysis/nv_life_set', titleKey: 'route.nv_life_set' },
    { path: '/nv_life_analysis/nv_life_formula', titleKey: 'route.nv_life_formula' },
  ],
  environment: [
    { path: '/nv_environment_analysis/index', titleKey: 'route.nv_environment_index' },
    { path: '/nv_environment_analysis/nv_aqi_analysis', titleKey: 'route.nv_aqi_analysis' },
    { path: '/nv_environment_analysis/nv_filter_analysis', titleKey: 'route.nv_filter_analysis' },
  ],
};

/**
 * The analysis layout and its routes (SPEC §2): energy, life and environment analysis as top
 * buttons, a dropdown at 1366 px or less; a section without its right falls through to the next
 * allowed one (energy → life → environment).
 */
export function AnalysisBranch() {
  const { t } = useTranslation();
  const [location, navigate] = useLocation();
  const rights = useRights();
  const narrow = useMediaQuery(`(max-width: ${ANALYSIS_DROPDOWN_MAX_WIDTH}px)`);
  const mayAnalyse = useHasAnyRight(ANALYSIS_RIGHTS);
  const path = location.replace(/\/+$/, '');
  if (!mayAnalyse) return <Redirect to="/404" replace />;
  const section = sectionOf(ANALYSIS_SECTIONS, path) ?? ANALYSIS_SECTIONS[0];
  const shown = fallThrough(ANALYSIS_SECTIONS, section, rights);
  if (shown !== section) return <Redirect to={shown.path} replace />;
  if (path === section.base) return <Redirect to={section.path} replace />;
  const pages = PAGES[section.key];
  const page = pages.find((p) => p.path === path);
  const view = page && PAGE_VIEWS[page.path];
  if (!page || !view) return <Redirect to="/404" replace />;

  const sections = allowedSections(ANALYSIS_SECTIONS, rights);
  const nav = narrow ? (
    <SectionSelect aria-label={t('analysis.choose')} value={section.key} onChange={(e) => {
      const next = ANALYSIS_SECTIONS.find((s) => s.key === e.target.value);
      if (next) navigate(next.path);
    }}>
      {sections.map((s) => <option key={s.key} value={s.key}>{t(s.labelKey)}</option>)}
    </SectionSelect>
  ) : (
    sections.map((s) => (
      <SectionButton key={s.key} href={s.path} $active={s.key === section.key} aria-current={s.key === section.key ? 'page' : undefined}>
        {t(s.labelKey)}
      </SectionButton>
    ))
  );
  const subNav = pages.length > 1
    ? pages.map((p) => <SubLink key={p.path} href={p.path} $active={p.path === path}>{t(p.titleKey)}</SubLink>)
    : undefined;
  return (
    <SectionLayout title={t('analysis.title')} nav={nav} subNav={subNav}>
      <AdminPageScope>{view({ title: t(page.titleKey) })}</AdminPageScope>
    </SectionLayout>
  );
}
