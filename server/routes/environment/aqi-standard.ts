import type { Kysely } from 'kysely';
import { DEFAULT_AQI_STANDARD, type AqiStandardId } from '../../../contract/analysis/aqi-tables';
import type { DB } from '../../db/schema';

/**
 * The AQI standard in force: the settings' `aqiStandard` (contract/settings.ts). Until the settings
 * family lands this reads the default (HJ 633—2026); it then becomes `(await loadSettings(db)).aqiStandard`.
 */
export async function configuredAqiStandard(db: Kysely<DB>): Promise<AqiStandardId> {
  void db;
  return DEFAULT_AQI_STANDARD;
}
