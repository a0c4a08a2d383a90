// Painlevé's threshold (src/derive/friction/painleve.ts) of the falling rod,
// against the classical closed form derived here by hand. End A sliding with
// sgn ṡ = d has the coefficient (coulomb.test.ts)
//   Δ = (1 + 3cos²θ + 3μ d sin θ cos θ)/m,
// which vanishes for d = −1 at μ*(θ) = (1 + 3cos²θ)/(3 sin θ cos θ)
// = (tan²θ + 4)/(3 tan θ) for tan θ > 0 (divide by cos²θ). By AM–GM,
// (t + 4/t)/3 ≥ (2·2)/3 with equality at t = 2:
//   μ_P = 4/3, reached at tan θ = 2,
// and, by θ → π − θ, at tan θ = −2 for d = +1. Below μ_P the generated
// reaction matrix keeps det > 0 at every angle; just above it, det < 0 at
// tan θ = 2 sliding backwards.
import { describe, expect, it } from 'vitest';
import disk from '../../../derivations/rough-disk.js';
import rod from '../../../derivations/falling-rod.js';
import { evaluate } from '../../../src/core/evaluate.js';
import * as generated from '../../../generated/falling-rod.js';
import { derived } from '../../helpers/examples.js';

const MU_P = 4 / 3;
const TAN_P = 2;

describe("Painlevé's threshold of the falling rod", () => {
  const { coulomb } = derived(rod).unilateral!;

  it('is μ_P = 4/3 exactly, at tan θ = 2 sliding backwards and tan θ = −2 forwards, for either end', () => {
    expect(coulomb).toHaveLength(2);
    for (const c of coulomb) {
      const byDirection = new Map(c.painleve!.map((t) => [t.direction, t]));
      expect([...byDirection.keys()].sort()).toEqual([-1, 1]);
      for (const [d, tangent] of [
        [-1, TAN_P],
        [1, -TAN_P],
      ] as const) {
        const t = byDirection.get(d)!;
        expect(t.coordinate).toBe('theta');
        // Closed forms free of the parameters: the mass and the length cancel.
        expect(evaluate(t.threshold, {})).toBe(MU_P);
        expect(evaluate(t.tangent!, {})).toBe(tangent);
        expect(t.numeric).toBe(MU_P);
        expect(Math.tan(t.angle)).toBeCloseTo(tangent, 12);
      }
    }
  });

  it('is the minimum of μ*(θ) = (1 + 3cos²θ)/(3 sin θ cos θ) over a fine grid of θ ∈ (0, π/2)', () => {
    let best = Infinity,
      at = 0;
    for (let k = 1; k < 100_000; k++) {
      const th = (k / 100_000) * (Math.PI / 2);
      const mu = (1 + 3 * Math.cos(th) ** 2) / (3 * Math.sin(th) * Math.cos(th));
      if (mu < best) [best, at] = [mu, th];
    }
    expect(best).toBeCloseTo(MU_P, 9);
    expect(Math.tan(at)).toBeCloseTo(TAN_P, 4);
  });

  it('is where the generated reaction matrix of end A sliding backwards first changes sign: det > 0 at every θ for μ = 0.999 μ_P, < 0 at tan θ = 2 for 1.001 μ_P', () => {
    const det = (mu: number, th: number): number => generated.frictionPhase(0, [0, Math.sin(th), th], [-1, 0, 0], { mu }, [-1, 0]).at(-1)!;
    let lowest = Infinity;
    for (let k = 1; k < 2000; k++) lowest = Math.min(lowest, det(0.999 * MU_P, (k / 2000) * Math.PI));
    expect(lowest).toBeGreaterThan(0);
    expect(det(1.001 * MU_P, Math.atan(TAN_P))).toBeLessThan(0);
  });

  it('is absent where friction cannot make the coefficient vanish: the rough disk (Δ = 1/m at every μ)', () => {
    const [c] = derived(disk).unilateral!.coulomb;
    expect(c!.slidingDeterminant).toBeDefined();
    expect(c!.painleve).toBeUndefined();
  });
});
