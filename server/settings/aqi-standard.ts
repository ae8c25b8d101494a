import type { Kysely } from 'kysely';
import type { AqiStandardId } from '../../contract/analysis/aqi-tables';
import type { DB } from '../db/schema';
import { loadSettings } from './settings-repository';

/**
 * The AQI standard in force: the settings' `aqiStandard` (contract/settings.ts; default HJ 633—2026),
 * for the environment analysis and the big-screen overview.
 */
export async function configuredAqiStandard(db: Kysely<DB>): Promise<AqiStandardId> {
  return (await loadSettings(db)).aqiStandard;
}
