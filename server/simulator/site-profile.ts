/**
 * What sets one site (project) apart from another in the simulation: its size, its air, how worn
 * its filters are and how often something goes wrong there. The demo seed gives each demo project
 * one (server/seed/demo-sites.ts) and writes its history from it; the simulator goes on from it.
 */
export interface SiteProfile {
  /** Mean active power (kW) the site's electricity meter reads: the size of the plant. */
  powerKw: number;
  /** Daily swing of that power as a fraction of it, peaking at 14:00: offices swing, data centres hardly. */
  powerSwing: number;
  /** Ambient PM2.5 (μg/m³) of the city on a clear day, before the rush hours. */
  pm25Base: number;
  /** Mean load (0..1) of the site's filters now: how long ago the bank was changed. */
  filterLoad: number;
  /** Incident rate relative to an average site: old or badly kept plants have more. */
  incidents: number;
}

/** A project the demo does not know (one created by hand): an average site. */
export const DEFAULT_SITE_PROFILE: SiteProfile = { powerKw: 100, powerSwing: 0.2, pm25Base: 32, filterLoad: 0.4, incidents: 1 };
