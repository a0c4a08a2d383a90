// The universal restitution of kuleshov2011 §6 computed by
// src/studies/restitution.ts from the derived universal problem of the disk:
// against the paper's energy integral (6.4) and its dissipative first
// integral (§6, proof of Proposition 11), against Proposition 11 and the
// duration of Fig. 4.
import { describe, expect, it } from 'vitest';
import { deriveSystem } from '../../src/derive/system.js';
import { buildModel } from '../../src/model/model.js';
import { restitutionStudies, scatter } from '../../src/studies/restitution.js';
import disk from '../../derivations/viscoelastic-disk.js';

const S2 = Math.SQRT2;
const system = deriveSystem(buildModel(disk));
const problem = system.patches!.terms[0]!.universal!;
const [study] = restitutionStudies(system);

describe('one impact of the universal problem', () => {
  it('at small speeds the motion is elastic: the deepest h is (15v²/(16√2))^{2/5} of the energy integral (6.4)', () => {
    for (const v of [1e-12, 1e-10]) {
      const { depth } = scatter(problem, v);
      const elastic = ((15 * v * v) / (16 * S2)) ** 0.4;
      // The dissipated work is O(v^{11/5}) of the energy v²/2 (§6, item 3).
      expect(Math.abs(depth / elastic - 1)).toBeLessThan(3 * v ** 0.2);
    }
  });

  it('at large speeds the compression is viscous: the deepest h is (3v/(4√2))^{2/3} of 3h′ + 4√2h^{3/2} = 3h′₋ (§6, item 4)', () => {
    for (const v of [1e6, 1e8]) {
      const { depth } = scatter(problem, v);
      const viscous = ((3 * v) / (4 * S2)) ** (2 / 3);
      // The elastic force is smaller by h^{3/2}/(h^{1/2}h′) ~ v^{-1/3}.
      expect(Math.abs(depth / viscous - 1)).toBeLessThan(3 * v ** (-1 / 3));
    }
  });

  it('the loss at small v is the work of the dissipative terms on the elastic motion (§6 proof, item 3)', () => {
    // Unperturbed: h′²/2 + (8√2/15)h^{5/2} = v²/2, h reaching hₘ = (15v²/(16√2))^{2/5}.
    // Each half loses 2√2∫h^{1/2}h′ dh (restitution's force expands to the
    // same damping), so 1 − H/v ≈ 4√2 hₘ^{3/2} I / v = C v^{1/5} with
    // I = ∫₀¹ s^{1/2}(1 − s^{5/2})^{1/2} ds (midpoint rule in s = t²).
    let I = 0;
    const N = 200_000;
    for (let i = 0; i < N; i++) {
      const t = (i + 0.5) / N;
      I += (2 * t * t * Math.sqrt(1 - t ** 5)) / N;
    }
    const C = 4 * S2 * (15 / (16 * S2)) ** 0.6 * I;
    for (const v of [1e-12, 1e-10]) {
      const ratio = (1 - scatter(problem, v).H / v) / (C * v ** 0.2);
      expect(Math.abs(ratio - 1)).toBeLessThan(3 * v ** 0.2);
    }
  });

  it('the contact duration decreases with the impact speed over twenty decades (Fig. 4)', () => {
    const speeds = [1e-6, 1e-4, 1e-2, 0.1, 0.25, 1, 5, 20, 1e2, 1e4];
    const durations = speeds.map((v) => scatter(problem, v).duration);
    for (let i = 1; i < durations.length; i++) expect(durations[i]).toBeLessThan(durations[i - 1]!);
  });
});

describe('the study: Proposition 11 and Figs. 2 and 4', () => {
  it('runs over Fig. 2’s range (0, 20]', () => {
    expect(study!.patch).toBe('foundation');
    expect(study!.grid[0]!.v).toBe(0.25);
    expect(study!.grid.at(-1)!.v).toBe(20);
  });
  it('H increasing, H(v)/v and the duration decreasing on the grid (Prop. 11.1, 11.2, Fig. 4), H(v) < v', () => {
    expect(study!.monotone).toEqual({ H: true, ratio: true, duration: true });
    for (const s of study!.grid) expect(s.H).toBeLessThan(s.v);
  });
  it('1 − H(v)/v ∝ v^{1/5} as v → 0 and H(v) ∝ v^{2/3} as v → ∞ (Prop. 11.3, 11.4)', () => {
    expect(Math.abs(study!.lossExponent.value - 1 / 5)).toBeLessThan(0.01);
    expect(Math.abs(study!.growthExponent.value - 2 / 3)).toBeLessThan(0.02);
    expect(1 - study!.ratioAtSmallest).toBeLessThan(0.02);
    expect(study!.ratioAtLargest).toBeLessThan(0.01);
  });
  it('H(v)/v extrapolated to v → 0 is 1 (Prop. 11.3) and to v → ∞ is 0 (Cor. 1), far closer than at the speeds it is extrapolated from', () => {
    expect(Math.abs(study!.limitAtZero.value - 1)).toBeLessThan(1e-3);
    expect(Math.abs(study!.limitAtZero.value - 1)).toBeLessThan((1 - study!.ratioAtSmallest) / 20);
    // Δ² as it came, and the limit within [0, H/v at 10⁸] where a positive falling ratio's lies.
    expect(Math.abs(study!.limitAtInfinity.aitken)).toBeLessThan(1e-4);
    expect(Math.abs(study!.limitAtInfinity.aitken)).toBeLessThan(study!.ratioAtLargest / 20);
    expect(study!.limitAtInfinity.value).toBeGreaterThanOrEqual(0);
    expect(study!.limitAtInfinity.value).toBeLessThanOrEqual(study!.ratioAtLargest);
    expect(study!.limitAtInfinity.value).toBeLessThan(1e-4);
  });
});
