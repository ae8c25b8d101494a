import { describe, expect, it } from 'vitest';
import {
  airSpeed, CLEAN_FROM_X, drawnFanRps, easeToward, FAN, fitCamera, FLOW_BOX, pleatLayout, pulse, seededRandom, seedParticles, stepParticles,
} from './purifierLayout';

describe('pleatLayout', () => {
  it('zig-zags sheets edge to edge across the depth, each spanning the thickness', () => {
    const pleats = pleatLayout(10, 0.2, 1);
    expect(pleats).toHaveLength(10);
    expect(pleats[0].z).toBeCloseTo(-0.45);
    expect(pleats[9].z).toBeCloseTo(0.45);
    expect(Math.sign(pleats[0].rotY)).toBe(-Math.sign(pleats[1].rotY));
    // A sheet turned by rotY spans thickness along x and one step along z.
    expect(pleats[0].width * Math.sin(pleats[0].rotY)).toBeCloseTo(0.2);
    expect(pleats[0].width * Math.cos(pleats[0].rotY)).toBeCloseTo(0.1);
  });
});

describe('easeToward', () => {
  it('approaches the target independent of the frame rate and lands on it', () => {
    const oneStep = easeToward(0, 2, 1, 1);
    let stepped = 0;
    for (let i = 0; i < 30; i++) stepped = easeToward(stepped, 2, 1 / 30, 1);
    expect(stepped).toBeCloseTo(oneStep, 6);
    let v = 2;
    for (let i = 0; i < 1000 && v !== 0; i++) v = easeToward(v, 0, 1 / 30, 1);
    expect(v).toBe(0);
    expect(easeToward(1, 0, 0, 1)).toBe(1);
  });
});

describe('drawnFanRps', () => {
  it('keeps a blade within a third of the blade spacing per frame, in proportion to the speed', () => {
    const spacing = 1 / FAN.blades;
    for (const fps of [30, 20, 15, 10]) expect(drawnFanRps(2, fps) / fps).toBeLessThanOrEqual(spacing / 3 + 1e-9);
    expect(drawnFanRps(1, 15)).toBe(drawnFanRps(2, 15) / 2);
    expect(drawnFanRps(1.5, 60)).toBe(1.5);
  });
});

describe('pulse', () => {
  it('stays within a visible range', () => {
    for (let t = 0; t < 2; t += 0.05) {
      expect(pulse(t)).toBeGreaterThanOrEqual(0.25);
      expect(pulse(t)).toBeLessThanOrEqual(1);
    }
  });
});

describe('airflow particles', () => {
  it('are seeded the same way every time, inside the flow box', () => {
    const a = new Float32Array(300);
    const b = new Float32Array(300);
    seedParticles(a, seededRandom(7));
    seedParticles(b, seededRandom(7));
    expect(a).toEqual(b);
    for (let i = 0; i < a.length; i += 3) {
      expect(a[i]).toBeGreaterThanOrEqual(FLOW_BOX.xMin);
      expect(a[i]).toBeLessThanOrEqual(FLOW_BOX.xMax);
      expect(Math.abs(a[i + 2])).toBeLessThanOrEqual(FLOW_BOX.zHalf);
    }
  });

  it('move downstream, wrap past the outlet and turn clean after the HEPA stage', () => {
    const positions = new Float32Array([FLOW_BOX.xMin, 1, 0, FLOW_BOX.xMax - 0.01, 1, 0, CLEAN_FROM_X - 0.01, 1, 0]);
    const colours = new Float32Array(9);
    stepParticles(positions, colours, 1, 0.1);
    expect(positions[0]).toBeGreaterThan(FLOW_BOX.xMin);
    expect(positions[3]).toBeLessThan(FLOW_BOX.xMin + 0.2);
    expect(positions[6]).toBeGreaterThan(CLEAN_FROM_X);
    expect(colours[6]).not.toBe(colours[0]);
    expect(positions[1]).toBe(1);
  });

  it('stand still when there is no flow', () => {
    expect(airSpeed(0)).toBe(0);
    expect(airSpeed(1)).toBeGreaterThan(airSpeed(0.2));
  });
});

describe('fitCamera', () => {
  it('fits the model in the band between the overlays and centres it there', () => {
    const fit = fitCamera(420, 516, 64, 104, 30, 2, 1.4);
    const band = 516 - 64 - 104;
    const tan = Math.tan((15 * Math.PI) / 180);
    // The model's projected half-height and half-width (px) stay inside the band and the canvas.
    expect(((1.4 / fit.distance) / tan) * (516 / 2)).toBeLessThanOrEqual(band / 2 + 1e-6);
    expect(((2 / fit.distance) / tan) * (516 / 2)).toBeLessThanOrEqual(420 / 2 + 1e-6);
    expect(fit.offsetY).toBe(516 / 2 - (64 + band / 2));
  });

  it('moves back for a narrow canvas', () => {
    expect(fitCamera(200, 516, 64, 104, 30, 2, 1.4).distance).toBeGreaterThan(fitCamera(420, 516, 64, 104, 30, 2, 1.4).distance);
  });
});
