import { FILTER_INITIAL_PA } from '../../contract/screen-data';

/*
 * How a filter's load shows in its readings: the simulator samples these, the demo history draws
 * them, and a restarted simulator reads the load back from them.
 */

/**
 * Filter load gained per hour with the fan on: a bank lasts about ten days in the demo (months in
 * a plant), so the 24 h trend shows resistance creeping up without every filter reaching its limit.
 */
export const FILTER_LOAD_PER_HOUR = 0.004;
/** Resistance added by a full load (Pa): a load of 0.925 reaches the 450 Pa final resistance. */
const PA_PER_LOAD = 400;

/** Resistance (Pa) of a filter at `load`, from a clean filter's FILTER_INITIAL_PA. */
export function resistancePa(load: number): number {
  return FILTER_INITIAL_PA + PA_PER_LOAD * load;
}

/** The load that reads `pa`: resistancePa backwards. */
export function loadOfResistance(pa: number): number {
  return (pa - FILTER_INITIAL_PA) / PA_PER_LOAD;
}

/** Air volume (m³/h) of a running fan at `load`, for a point whose max is `max`: 60 % of it when clean. */
export function airVolumeM3h(max: number | null, load: number): number {
  return (max ?? 12000) * 0.6 * (1 - 0.45 * load);
}

/** The load that gives air volume `v`: airVolumeM3h backwards. */
export function loadOfAirVolume(max: number | null, v: number): number {
  return (1 - v / ((max ?? 12000) * 0.6)) / 0.45;
}
