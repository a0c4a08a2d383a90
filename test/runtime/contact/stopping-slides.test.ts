// A Coulomb slide that stops within a Moreau–Jean step (src/runtime/contact/
// stopping-slides.ts): the rows it stops, by hand on a unit point mass, and
// the block on the incline sent up the slope, which must stop where
// Coulomb's law stops it and stay there (tan α < μs), or come back down with
// g(sin α − μk cos α) (tan α > μs), without a step that gains energy.
import { describe, expect, it } from 'vitest';
import type { FrictionContact } from '../../../src/runtime/complementarity/friction-lcp.js';
import { stoppingRows, stopSlides, withinCones, type SlideRows } from '../../../src/runtime/contact/stopping-slides.js';
import { simulateMoreauJean } from '../../../src/runtime/hybrid/moreau-jean.js';
import { committedModule } from '../../helpers/examples.js';

// A unit point mass on a floor: normal row (0, 1), slip row (1, 0), M = I, μ = ½.
const contact: FrictionContact = { slip: 1, mu: 0.5 };
const rows = (before: number[], after: number[], free: number[], normal = 0.01, stuck = false): SlideRows => ({
  n: 2,
  H: [0, 1, 1, 0],
  before,
  after,
  free,
  contacts: [contact],
  normalImpulses: [normal],
  stuck: [stuck],
  restVelocity: 1e-6,
});
const unitMass = (): void => {};

describe('the rows whose slide stops within the step', () => {
  it('a held contact sliding at −0.002 and stuck or turned after it: its slip row', () => {
    expect(stoppingRows(rows([0, -0.002], [0, 0], [-0.01, 0.003]))).toEqual([1]);
    expect(stoppingRows(rows([0, -0.002], [0, 1e-4], [-0.01, 0.003]))).toEqual([1]);
  });

  it("stuck by the solve's phase though U_T⁺ keeps a rounding residue on the slide's side: its slip row", () => {
    expect(stoppingRows(rows([0, -0.002], [0, -1e-19], [-0.01, 0.003], 0.01, true))).toEqual([1]);
  });

  it('none where the slide goes on, the contact is not pressed, or it arrives faster than the forces move it (an impact)', () => {
    expect(stoppingRows(rows([0, -0.002], [0, -1e-4], [-0.01, -0.001]))).toEqual([]);
    expect(stoppingRows(rows([0, -0.002], [0, 0], [-0.01, 0.003], 0))).toEqual([]);
    expect(stoppingRows(rows([-1, -0.002], [0, 0], [-1.01, 0.003]))).toEqual([]);
    expect(stoppingRows({ ...rows([0, -0.002], [0, 0], [-0.01, 0.003]), contacts: [{ slip: 1, mu: Infinity }] })).toEqual([]);
  });

  it('stops the slip with P_S = −W⁻¹U_T = 0.002 and keeps it only inside the cone |P_S + Λ_T| ≤ μΛ_N', () => {
    const slides = rows([0, -0.002], [0, 0], [-0.01, 0.003]);
    const stop = stopSlides(slides, [1], unitMass)!;
    expect(Array.from(stop.impulses)).toEqual([0.002]);
    expect(Array.from(stop.dv)).toEqual([0.002, 0]);
    // Λ_N = 0.01 holds up to 0.005: −0.006 + 0.002 lies inside, −0.008 + 0.002 does not.
    expect(withinCones(stop, [{ ...contact, staticMu: 0.5 }], [0.01, -0.006])).toBe(true);
    expect(withinCones(stop, [{ ...contact, staticMu: 0.5 }], [0.01, -0.008])).toBe(false);
  });
});

describe('the block sent up its incline at 0.5 m/s (Moreau–Jean, θ = ½)', async () => {
  const block = (await committedModule('block-on-incline'))!;
  const g = 9.81,
    alpha = 0.5,
    u = 0.5;
  const run = (h: number, params: Record<string, number>) => {
    const steps = Math.round(0.4 / h);
    return simulateMoreauJean(block, { q0: [0, 0], qd0: [-u, 0], t1: steps * h, h, params, samples: steps + 1 });
  };
  const rises = (E: number[]): number => Math.max(...E.slice(1).map((x, k) => x - E[k]!));

  for (const h of [1e-2, 1e-3, 1e-4]) {
    it(`tan α = 0.55 < μs = 0.6: stops at x = −u²/(2g(sin α + μk cos α)) within u h and stays, no step gaining energy (h = ${h})`, () => {
      const { q, qd, energy } = run(h, { alpha, muk: 0.4, mus: 0.6 });
      const stop = -(u * u) / (2 * g * (Math.sin(alpha) + 0.4 * Math.cos(alpha)));
      expect(Math.abs(q.at(-1)![0]! - stop)).toBeLessThanOrEqual(u * h);
      expect(qd.at(-1)).toEqual([0, 0]);
      expect(rises(energy!)).toBeLessThanOrEqual(1e-12 * Math.abs(energy![0]!) + 1e-15);
    });

    it(`tan α = 0.55 > μs = 0.5: turns and comes back down with g(sin α − μk cos α) to 2 g h, no step gaining energy (h = ${h})`, () => {
      const { t, qd, energy } = run(h, { alpha, muk: 0.4, mus: 0.5 });
      const up = u / (g * (Math.sin(alpha) + 0.4 * Math.cos(alpha)));
      const down = g * (Math.sin(alpha) - 0.4 * Math.cos(alpha));
      expect(Math.abs(qd.at(-1)![0]! - down * (t.at(-1)! - up))).toBeLessThanOrEqual(2 * g * h);
      expect(rises(energy!)).toBeLessThanOrEqual(1e-12 * Math.abs(energy![0]!) + 1e-15);
    });
  }
});
