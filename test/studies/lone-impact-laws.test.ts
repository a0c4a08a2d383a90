// The falling rod's first impact (end A striking alone at θ = 0.7 after a fall from y = 1, ẋ⁻ = 1) under the
// incremental and Glocker's laws, against a separate implementation (a stage-by-stage Python integration) and a
// referee's numbers: incremental (ΔΛ, Δν, ṡ⁺) = (1.536, 0.182, −0.862), Glocker (1.670, 0.431, −0.500).
import { describe, expect, it } from 'vitest';
import { glockerImpact, incrementalImpact, type LoneImpact } from '../../src/studies/lone-impact-laws.js';

// A uniform rod of half length 1, mass 1 (I = 1/3): end A's rows N = (0, 1, −cos θ), S = (1, 0, sin θ) through
// M⁻¹ = diag(1, 1, 3) give W by hand.
const theta = 0.7;
const [c, s] = [Math.cos(theta), Math.sin(theta)];
const rod = (e: number, mu: number): LoneImpact => ({
  W: [
    [1 + 3 * c * c, -3 * s * c],
    [-3 * s * c, 1 + 3 * s * s],
  ],
  before: [-Math.sqrt(2 * 9.81 * (1 - s)), 1],
  e,
  mu,
});

describe('one end of a rod striking alone, under the incremental law and Glocker’s', () => {
  it('the incremental law slips, stops, and slips on reversed (|W_tn/W_tt| > μ): (1.5362, 0.1820, −0.8621)', () => {
    const o = incrementalImpact(rod(0.5, 0.3));
    expect(o.normal).toBeCloseTo(1.536186, 5);
    expect(o.tangential).toBeCloseTo(0.182005, 5);
    expect(o.slipAfter).toBeCloseTo(-0.86214, 5);
    expect(o.normalAfter).toBeCloseTo(0.5 * Math.sqrt(2 * 9.81 * (1 - s)), 10);
    // Its friction opposes the slip throughout: the impact dissipates.
    expect(o.work).toBeLessThan(0);
  });
  it('Glocker’s law sticks here, leaving ṡ⁺ = −e ṡ⁻: (1.6700, 0.4314, −0.5)', () => {
    const o = glockerImpact(rod(0.5, 0.3))!;
    expect(o.normal).toBeCloseTo(1.670013, 5);
    expect(o.tangential).toBeCloseTo(0.431425, 5);
    expect(o.slipAfter).toBeCloseTo(-0.5, 10);
    expect(o.work).toBeLessThan(0);
  });
  it('frictionless, both are Newton’s: ΔΛ = −(1 + e) ḟ⁻/W_nn, no friction impulse', () => {
    const x = rod(0.7, 0);
    for (const o of [incrementalImpact(x), glockerImpact(x)!]) {
      expect(o.normal).toBeCloseTo((-1.7 * x.before[0]) / x.W[0][0], 10);
      expect(o.tangential).toBeCloseTo(0, 12);
    }
  });
});
