import { hasAnyRight, Right } from '../../contract/rights';

/** A top-level section of the analysis or purchase layout, with the rights that show it. */
export interface Section {
  key: string;
  /** Translation key of its button. */
  labelKey: string;
  /** Path prefix of its pages. */
  base: string;
  /** Where its button goes. */
  path: string;
  /** Any one of these shows it (SPEC §6). */
  rights: readonly string[];
}

/** The analysis layout's buttons, in fall-through order (SPEC §2). */
export const ANALYSIS_SECTIONS: readonly Section[] = [
  { key: 'energy', labelKey: 'analysis.energy', base: '/nv_energy_analysis', path: '/nv_energy_analysis/index', rights: [Right.EnergyAnalysis] },
  { key: 'life', labelKey: 'analysis.life', base: '/nv_life_analysis', path: '/nv_life_analysis/nv_device_life_analysis', rights: [Right.LifeAnalysis] },
  { key: 'environment', labelKey: 'analysis.environment', base: '/nv_environment_analysis', path: '/nv_environment_analysis/index', rights: [Right.EnvironmentAnalysis] },
];

/** The purchase layout's buttons (SPEC §2); buy alone opens both. */
export const PURCHASE_SECTIONS: readonly Section[] = [
  { key: 'apply', labelKey: 'purchase.apply', base: '/nv_buy/nv_life_buy', path: '/nv_buy/nv_life_buy', rights: [Right.Buy, Right.BuyApply] },
  { key: 'record', labelKey: 'purchase.record', base: '/nv_buy/nv_life_buy_record', path: '/nv_buy/nv_life_buy_record', rights: [Right.Buy, Right.BuyRecord] },
];

/** The section a path belongs to. */
export function sectionOf(sections: readonly Section[], path: string): Section | undefined {
  return sections.find((s) => path === s.base || path.startsWith(`${s.base}/`));
}

/** The sections the user may open. */
export function allowedSections(sections: readonly Section[], rights: readonly string[]): Section[] {
  return sections.filter((s) => hasAnyRight(rights, s.rights));
}

/**
 * The section to show for `current`: itself when allowed, else the first allowed one in order
 * (energy without its right falls through to life, then environment); itself when none is.
 */
export function fallThrough(sections: readonly Section[], current: Section, rights: readonly string[]): Section {
  if (hasAnyRight(rights, current.rights)) return current;
  return allowedSections(sections, rights)[0] ?? current;
}
