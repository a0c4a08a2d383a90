// leastNormReactions on rows with a known dependency: the four lower
// corners of a flat box, whose gap rows (∂g/∂(z, θ, φ) = (1, −x_j, y_j))
// satisfy G_A − G_B + G_C − G_D = 0 for the corners taken round the face.
import { describe, expect, it } from 'vitest';
import { leastNormWeights } from '../../../src/numeric/sliding-support.js';
import { hasDependentRows, leastNormImpulses, leastNormReactions } from '../../../src/runtime/contact/indeterminate-reactions.js';
import { rng, uniform } from '../../helpers/random.js';

const [a, b] = [0.2, 0.15];
// Corners round the face: (a, b), (−a, b), (−a, −b), (a, −b); rows over (z, θ, φ).
const corners = [
  [a, b],
  [-a, b],
  [-a, -b],
  [a, -b],
];
const rows = Float64Array.from(corners.flatMap(([x, y]) => [1, -x!, y!]));
const resultant = (sigma: ArrayLike<number>): number[] => [0, 1, 2].map((i) => [0, 1, 2, 3].reduce((s, j) => s + rows[3 * j + i]! * sigma[j]!, 0));

describe('the least-norm split of a flat box’s four corner reactions', () => {
  it('the weight on three corners (the fourth dropped) becomes m g/4 on each: the symmetric split', () => {
    // Rows 0, 1, 2 carry the weight W with zero moment: σ = (W/2, 0, W/2, 0) is one split.
    const W = 9.81;
    const sigma = Float64Array.of(W / 2, 0, W / 2, 0);
    leastNormReactions(3, 4, rows, sigma);
    for (const s of sigma) expect(Math.abs(s - W / 4)).toBeLessThan(1e-14 * W);
  });

  it('keeps Rᵀσ, removes the null direction (1, −1, 1, −1) and never grows |σ|: 100 random splits', () => {
    const R = rng(4);
    for (let trial = 0; trial < 100; trial++) {
      const sigma = Float64Array.from({ length: 4 }, () => uniform(R, -5, 5));
      const before = resultant(sigma);
      const norm = Math.hypot(...sigma);
      leastNormReactions(3, 4, rows, sigma);
      resultant(sigma).forEach((v, i) => expect(Math.abs(v - before[i]!)).toBeLessThan(1e-13 * (1 + norm)));
      expect(Math.abs(sigma[0]! - sigma[1]! + sigma[2]! - sigma[3]!)).toBeLessThan(1e-13 * (1 + norm));
      expect(Math.hypot(...sigma)).toBeLessThanOrEqual(norm * (1 + 1e-15));
    }
  });

  it('leaves the reactions of independent rows as they are (three corners)', () => {
    const sigma = Float64Array.of(1.5, -0.25, 2);
    leastNormReactions(3, 3, rows.subarray(0, 9), sigma);
    for (const [j, s] of sigma.entries()) expect(Math.abs(s - [1.5, -0.25, 2][j]!)).toBeLessThan(1e-14);
  });
});

describe('dependent rows and the least-norm point of a family of splits', () => {
  it('finds the four corners’ rows dependent and any three of them not', () => {
    expect(hasDependentRows(3, 4, rows)).toBe(true);
    for (const drop of [0, 1, 2, 3]) {
      const three = Float64Array.from([0, 1, 2, 3].filter((j) => j !== drop).flatMap((j) => Array.from(rows.subarray(3 * j, 3 * j + 3))));
      expect(hasDependentRows(3, 3, three)).toBe(false);
    }
  });

  it('weighs the three-corner splits (each with one corner at 0) into the symmetric one; equal and roundoff differences add nothing', () => {
    const W = 9.81;
    // The splits with corner 0, 1, 2, 3 unloaded: (0, W/2, 0, W/2) and (W/2, 0, W/2, 0) twice each, one off by roundoff.
    const splits = [
      [0, W / 2, 0, W / 2],
      [W / 2, 0, W / 2, 0],
      [W / 2, 3e-16, W / 2, 0],
      [0, W / 2, 1e-16, W / 2],
    ];
    const weights = new Float64Array(4);
    const reals = (size: number): Float64Array => new Float64Array(size);
    leastNormWeights(4, 4, splits.flat(), weights, reals(16), reals(16), reals(4), reals(16), reals(4), new Int32Array(4));
    expect(Math.abs(weights.reduce((x, y) => x + y, 0) - 1)).toBeLessThan(1e-15);
    for (let a = 0; a < 4; a++) expect(Math.abs(splits.reduce((x, p, i) => x + weights[i]! * p[a]!, 0) - W / 4)).toBeLessThan(1e-14 * W);
  });
});

describe('the least-norm split of an impact on the four corners (leastNormImpulses)', () => {
  const frictionless = (phases: ('open' | 'closed')[]) => phases.map((phase) => ({ slip: 0, mu: 0, staticMu: 0, phase }));
  const P = 2.3;

  it('two corners engaged, two open at ξ_N = 0: each of the four takes P/4', () => {
    const out = leastNormImpulses(3, rows, frictionless(['closed', 'open', 'closed', 'open']), [P / 2, 0, P / 2, 0], [0, 0, 0, 0], 1)!;
    for (const s of out) expect(Math.abs(s - P / 4)).toBeLessThan(1e-14 * P);
  });

  it('leaves an open corner that separates (ξ_N > 0) out: three rows, independent, no split', () => {
    expect(leastNormImpulses(3, rows, frictionless(['closed', 'open', 'closed', 'closed']), [P / 2, 0, P / 2, 0], [0, 0.1, 0, 0], 1)).toBeUndefined();
  });

  it('refuses a split that would pull: P on one corner has the least-norm split (3, 1, −1, 1)P/4', () => {
    // Projection of e₀ onto the columns: e₀ − (e₀·ν)ν, ν = (1, −1, 1, −1)/2 spanning null(Rᵀ).
    expect(leastNormImpulses(3, rows, frictionless(['closed', 'closed', 'closed', 'closed']), [P, 0, 0, 0], [0, 0, 0, 0], 1)).toBeUndefined();
  });
});
