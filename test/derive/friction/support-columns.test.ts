// The spatial prism's columns of (1.1) in the bearing side εᵢ and its coefficient κᵢ^{εᵢ}
// (src/derive/friction/support-columns.ts) against the columns written by hand from the geometry:
// y-pairs at (aᵢ, ∓w, cᵢ), z-pairs at (aᵢ, bᵢ, ∓h) for side ±, friction −σκN along x (σ = sgn ẋ).
import { describe, expect, it } from 'vitest';
import planar from '../../../derivations/prism-in-guides-planar.js';
import spatial from '../../../derivations/prism-in-guides.js';
import { evaluate } from '../../../src/core/evaluate.js';
import { supportCoefficientSymbol, supportSideSymbol } from '../../../src/model/names.js';
import { derived } from '../../helpers/examples.js';
import { expectClose } from '../../helpers/numeric.js';
import { rng, uniform } from '../../helpers/random.js';

describe('the prism’s columns of (1.1) in εᵢ and κᵢ^{εᵢ}', () => {
  const s = derived(spatial).supports!;
  const r = rng(2103);
  const byHand = (i: number, env: Record<string, number>, eps: number, kappa: number, sigma: number): number[] => {
    const a = env[`a${i}`]!;
    return i <= 2
      ? [eps, 0, -eps * env[`c${i}`]!, -env[`c${i}`]! * kappa * sigma, eps * (a - env.w! * kappa * sigma)]
      : [0, eps, eps * env[`b${i}`]!, eps * (env.h! * kappa * sigma - a), env[`b${i}`]! * kappa * sigma];
  };
  it('every pair’s column is one form for both sides, equal to the geometry’s at 20 random points per pair and side', () => {
    expect(s.sided).toHaveLength(5);
    s.sided!.forEach((column, k) => {
      const i = k + 1;
      for (let trial = 0; trial < 20; trial++) {
        const env: Record<string, number> = { w: uniform(r, 0.05, 0.2), h: uniform(r, 0.05, 0.2) };
        for (const p of ['a', 'b', 'c']) env[`${p}${i}`] = uniform(r, -0.5, 0.5);
        const [eps, sigma] = [r() < 0.5 ? -1 : 1, r() < 0.5 ? -1 : 1];
        const kappa = uniform(r, 0, 0.6);
        const at = { ...env, [supportSideSymbol(i).name]: eps, [supportCoefficientSymbol(i).name]: kappa, "x'": sigma };
        const hand = byHand(i, env, eps, kappa, sigma);
        column.forEach((entry, j) => expectClose(evaluate(entry, at), hand[j]!, 1e-12));
      }
    });
  });
  it('the planar prism has them too, one per pair', () => {
    expect(derived(planar).supports!.sided).toHaveLength(2);
  });
});
