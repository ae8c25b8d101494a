import { describe, expect, it } from 'vitest';
import { ANALYSIS_SECTIONS, allowedSections, fallThrough, PURCHASE_SECTIONS, sectionOf } from './sections';

const [energy, life, environment] = ANALYSIS_SECTIONS;

describe('analysis fall-through', () => {
  it('keeps the section the user has the right for', () => {
    expect(fallThrough(ANALYSIS_SECTIONS, energy, ['energy-analysis']).key).toBe('energy');
  });

  it('falls from energy to life, then to environment', () => {
    expect(fallThrough(ANALYSIS_SECTIONS, energy, ['life-analysis', 'environment-analysis']).key).toBe('life');
    expect(fallThrough(ANALYSIS_SECTIONS, energy, ['environment-analysis']).key).toBe('environment');
    expect(fallThrough(ANALYSIS_SECTIONS, life, ['energy-analysis']).key).toBe('energy');
  });

  it('stays put when no section is allowed', () => {
    expect(fallThrough(ANALYSIS_SECTIONS, environment, ['data-analysis-system']).key).toBe('environment');
  });
});

describe('sections', () => {
  it('finds the section of a path', () => {
    expect(sectionOf(ANALYSIS_SECTIONS, '/nv_life_analysis/nv_life_set')?.key).toBe('life');
    expect(sectionOf(ANALYSIS_SECTIONS, '/nv_energy_analysis')?.key).toBe('energy');
    expect(sectionOf(PURCHASE_SECTIONS, '/nv_buy/nv_life_buy_record')?.key).toBe('record');
    expect(sectionOf(PURCHASE_SECTIONS, '/nv_buy/nv_life_buy')?.key).toBe('apply');
  });

  it('shows purchase sections for buy or their own right', () => {
    expect(allowedSections(PURCHASE_SECTIONS, ['buy']).map((s) => s.key)).toEqual(['apply', 'record']);
    expect(allowedSections(PURCHASE_SECTIONS, ['buy-record']).map((s) => s.key)).toEqual(['record']);
    expect(allowedSections(PURCHASE_SECTIONS, [])).toEqual([]);
  });
});
