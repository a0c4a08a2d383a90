// The exact bound of Kane's gain for an end of the falling rod striking alone
// and sticking (src/studies/stick-gain.ts), against the hand derivation:
// W = C M⁻¹ Cᵀ for N = (0, 1, −l cos θ), S = (1, 0, l sin θ), M = diag(m, m, m l²/3)
// has W_nn = (1 + 3 cos²θ)/m, W_tt = (1 + 3 sin²θ)/m, W_nt = −3 sin θ cos θ/m,
// det W = 4/m², so ρ = 16/(16 + 9 sin²2θ) ≥ 16/25: e* = 4/5, sup = 25e²/16 − 1
// (9/16 at e = 1), with |Δν|/ΔΛ = 15e/(16 + 25e) (15/41). And the derived
// map's sticking outcomes at random states never beat max(0, e²/ρ − 1).
import { describe, expect, it } from 'vitest';
import rod from '../../derivations/falling-rod.js';
import { evaluate } from '../../src/core/evaluate.js';
import { stickGainBounds } from '../../src/studies/stick-gain.js';
import { derived } from '../helpers/examples.js';
import { expectClose } from '../helpers/numeric.js';
import { rng, uniform } from '../helpers/random.js';

describe('the sticking strike of the falling rod', () => {
  const system = derived(rod);
  const bounds = stickGainBounds(system, 1);
  it('ρ = 16/(16 + 9 sin²2θ), least 16/25 at 45°: e* = 4/5, supremum 9/16 needing μ ≥ 15/41', () => {
    expect(bounds.map((b) => b.map)).toEqual([0, 1]);
    for (const b of bounds) {
      for (const th of [0.1, 0.7, 2.3, -1.2]) expectClose(evaluate(b.ratio, { theta: th }), 16 / (16 + 9 * Math.sin(2 * th) ** 2), 1e-12);
      expectClose(b.least, 16 / 25, 1e-12);
      expectClose(Math.abs(Math.sin(2 * b.at)), 1, 1e-9);
      expectClose(b.threshold, 4 / 5, 1e-12);
      expectClose(b.supremum, 9 / 16, 1e-12);
      expectClose(b.mu, 15 / 41, 1e-7);
    }
  });
  it('the derived sticking outcome at random approaching states gains at most max(0, e²/ρ − 1), and nothing at e ≤ 4/5', () => {
    const im = system.unilateral!.impactMaps[0]!;
    const stick = im.modes.find((mode) => mode.friction === 'stick')!;
    const r = rng(41);
    let best = 0;
    for (let k = 0; k < 4000; k++) {
      const th = uniform(r, -Math.PI, Math.PI);
      const env = {
        m: uniform(r, 0.5, 2),
        l: uniform(r, 0.2, 2),
        e: uniform(r, 0, 1),
        mu: 5,
        theta: th,
        "x'-": uniform(r, -2, 2),
        "y'-": uniform(r, -2, 2),
        "theta'-": uniform(r, -3, 3),
      };
      if (evaluate(im.approach, env) >= 0 || stick.conditions.some((c) => evaluate(c.expr, env) < 0)) continue;
      const T = (v: readonly number[]) => (env.m * (v[0]! ** 2 + v[1]! ** 2) + (env.m * env.l ** 2 * v[2]! ** 2) / 3) / 2;
      const before = T([env["x'-"], env["y'-"], env["theta'-"]]);
      const gain = T(stick.qdPlus.map((x) => evaluate(x, env))) / before - 1;
      const rho = 16 / (16 + 9 * Math.sin(2 * th) ** 2);
      expect(gain).toBeLessThanOrEqual(Math.max(0, env.e ** 2 / rho - 1) + 1e-9);
      if (env.e <= 0.8) expect(gain).toBeLessThanOrEqual(1e-9);
      best = Math.max(best, gain);
    }
    expect(best).toBeGreaterThan(0);
  });
});
