import type { Simulator } from './simulator';

/**
 * The demo simulator's drills, reachable from the routes: the routes are registered before the
 * simulator starts (after the server listens), so it attaches itself here when it does.
 */
export class SimulatorDrills {
  private simulator: Simulator | null = null;

  attach(simulator: Simulator | null): void {
    this.simulator = simulator;
  }

  /** See Simulator.haze; null without a running simulator or a simulated device at the project. */
  haze(projectId: number, minutes: number, level: number): { until: number; level: number } | null {
    return this.simulator?.haze(projectId, minutes, level) ?? null;
  }

  get running(): boolean {
    return this.simulator !== null;
  }
}
