// The oblique impact of Kuleshov et al. (kuleshov2011 §7, Proposition 9):
// the patch law of src/derive/compliant/patch.ts gives F_x = −σλF_y and
// M = −σλrF_y, so the slip changes with the normal velocity, v′ = σλh″,
// γ′ = 2σλh″ (7.4), integrated beside the universal problem
//   h″ + 2√2 h^{1/2}h′ + (4√2/3)h^{3/2} = 0   while h′ ≥ 0,       (6.1)
//   h″ + (4√2/3)(h + h′)^{3/2} = 0            while h + h′ ≥ 0    (6.2)
// typed from the paper, with the runtime's DOPRI5 and event location, until
// the slip stops (event A): the first integral 2v − γ and Proposition 9's
// outcome. The universal problem itself: test/derive/compliant/universal.test.ts,
// its restitution H(v): test/studies/restitution.test.ts.
import { describe, expect, it } from 'vitest';
import { mul, type Expr } from '../../src/core/expr.js';
import { evaluate } from '../../src/core/evaluate.js';
import { parseExpr } from '../../src/core/parse.js';
import { simplify } from '../../src/core/trig.js';
import { derivePatchLaw } from '../../src/derive/compliant/patch.js';
import { integrate } from '../../src/runtime/integrators/dopri5.js';
import { locateEvent } from '../../src/runtime/hybrid/events.js';
import { deriveSystem } from '../../src/derive/system.js';
import { buildModel } from '../../src/model/model.js';
import { scatter } from '../../src/studies/restitution.js';
import disk from '../../derivations/viscoelastic-disk.js';
import { expectClose } from '../helpers/numeric.js';
import { rng, uniform } from '../helpers/random.js';

const p = (s: string): Expr => parseExpr(s);
const S2 = Math.SQRT2;

// The vertical impact's patch law (the disk of test/derive/compliant/patch.test.ts with uₓ = 0).
const law = derivePatchLaw({
  variable: 'theta',
  geometry: { penetration: p('r*(cos(theta) - 1 + q)') },
  density: p('(k*r*(cos(theta) - 1 + q) + nu*r*qd)*r*cos(theta)'),
  resultants: { Fy: p('1'), Fx: p('-(sigma*lambda + theta)'), M: p('-sigma*lambda*r') },
  expansion: { orders: { theta: 1, q: 2, qd: 2 }, keep: 2 },
  positive: ['k', 'r', 'nu', 'q', 'lambda', 'm'],
});
if (law.kind !== 'patch-law') throw new Error(law.reason);
const compression = law.regimes.find((r) => r.name === 'whole')!;
const restitution = law.regimes.find((r) => r.name === 'both-inner')!;
// The vertical impact alone, for H: the study's scattering of the disk's universal problem.
const universal = deriveSystem(buildModel(disk)).patches!.terms[0]!.universal!;

// ---------------------------------------------------------------- the scattering problem
type Rhs = (y: Float64Array, out: Float64Array) => void;
interface Guard {
  readonly name: string;
  readonly g: (y: Float64Array) => number;
}

/** Integrate from y0 until the first guard falls through zero; the guard, time and state there. */
function until(rhs: Rhs, y0: ArrayLike<number>, guards: readonly Guard[], scale: readonly number[]): { name: string; t: number; y: Float64Array } {
  let hit: { name: string; t: number; y: Float64Array } | undefined;
  const res = integrate((_t, y, out) => rhs(y, out), 0, y0, 1e7, {
    rtol: 1e-11,
    // Relative to the size of each component (h ~ v^{4/5} at small v, v^{2/3} at large v).
    atol: scale.map((s) => 1e-13 * s),
    maxSteps: 1e6,
    onStep: (step) => {
      for (const { name, g } of guards) {
        const at = locateEvent((_t, y) => g(y), step, 'falling');
        if (at.status === 'found' && (!hit || at.t < hit.t)) hit = { name, t: at.t, y: at.y };
      }
      return hit ? 'stop' : undefined;
    },
  });
  if (!hit) throw new Error(`no event (${res.status})`);
  return hit;
}

// (6.1) and (6.2) on y = [h, h′, …]; the rest of y follows with its own rates.
const compressing = (y: Float64Array): number => -2 * S2 * Math.sqrt(Math.max(y[0]!, 0)) * y[1]! - ((4 * S2) / 3) * Math.max(y[0]!, 0) ** 1.5;
const restituting = (y: Float64Array): number => -((4 * S2) / 3) * Math.max(y[0]! + y[1]!, 0) ** 1.5;
const hScale = (v: number): number => Math.min(((15 * v * v) / (16 * S2)) ** 0.4, v ** (2 / 3));

describe('oblique impact (§7, Proposition 9)', () => {
  // (7.3): muₓ′ = F_x, (mr²/2)ω′ = M with F_x = −σλF_y and M = −σλrF_y from
  // the patch law; in the scaled variables of (2.2) v′ = −(F_x/F_y)h″ and
  // γ′ = −2(M/(rF_y))h″, i.e. v′ = σλh″, γ′ = 2σλh″ (7.4), until the slip
  // v + γ vanishes (event A) and σ becomes 0.
  it('the patch law gives F_x = −σλF_y and M = −σλrF_y in both regimes', () => {
    for (const r of [compression, restitution]) {
      expect(simplify(mul(r.resultants.Fx!, p('-1/(sigma*lambda)')))).toBe(simplify(r.resultants.Fy!));
      expect(simplify(mul(r.resultants.M!, p('-1/(sigma*lambda*r)')))).toBe(simplify(r.resultants.Fy!));
    }
  });
  /** F_x/F_y and M/(rF_y) of the patch law at a state in contact (they depend on σ and λ only, as checked above). */
  const ratios = (sigma: number, lambda: number): [number, number] => {
    const env = { k: 1.3, r: 0.7, nu: 0.4, q: 1e-3, qd: 2e-3, sigma, lambda };
    const Fy = evaluate(compression.resultants.Fy!, env);
    return [evaluate(compression.resultants.Fx!, env) / Fy, evaluate(compression.resultants.M!, env) / (env.r * Fy)];
  };

  /** Scatter with the slip: y = [h, h′, v, γ]. */
  function oblique(hd: number, v0: number, g0: number, lambda: number): { H: number; v: number; gamma: number; conserved: number[] } {
    let sigma = Math.sign(v0 + g0);
    const coefficients = (): [number, number] => {
      const [fx, m] = ratios(sigma, lambda);
      return [-fx, -2 * m];
    };
    let [cv, cg] = coefficients();
    const rhs =
      (acc: (y: Float64Array) => number): Rhs =>
      (y, out) => {
        const a = acc(y);
        out[0] = y[1]!;
        out[1] = a;
        out[2] = cv * a;
        out[3] = cg * a;
      };
    const slip: Guard = { name: 'A', g: (y) => sigma * (y[2]! + y[3]!) };
    const scale = [hScale(hd), hd, Math.abs(v0) + 1, Math.abs(g0) + 1];
    const conserved: number[] = [];
    let y: Float64Array = Float64Array.of(0, hd, v0, g0);
    for (const [acc, end] of [
      [compressing, { name: 'end', g: (u: Float64Array) => u[1]! }],
      [restituting, { name: 'end', g: (u: Float64Array) => u[0]! + u[1]! }],
    ] as const) {
      for (;;) {
        const hit = until(rhs(acc), y, sigma === 0 ? [end] : [end, slip], scale);
        y = hit.y;
        conserved.push(2 * y[2]! - y[3]!);
        if (hit.name === 'end') break;
        sigma = 0;
        [cv, cg] = coefficients();
      }
    }
    return { H: -y[1]!, v: y[2]!, gamma: y[3]!, conserved };
  }

  it('2v − γ is a first integral, and the outcome is Proposition 9: v⁺ = (2v⁻ − γ⁻ + σA)/3, γ⁺ = (γ⁻ − 2v⁻ + 2σA)/3', () => {
    const g = rng(31);
    let stopped = 0;
    for (let i = 0; i < 16; i++) {
      const hd = uniform(g, 0.2, 5);
      const v0 = uniform(g, -3, 3);
      const g0 = uniform(g, -3, 3);
      const lambda = uniform(g, 0.02, 0.6);
      const out = oblique(hd, v0, g0, lambda);
      for (const c of out.conserved) expectClose(c, 2 * v0 - g0, 1e-9, 1);
      // The vertical motion decouples: H is the vertical impact's.
      expectClose(out.H, scatter(universal, hd).H, 1e-9);
      const sigma = Math.sign(v0 + g0);
      const A = Math.max(0, Math.abs(v0 + g0) - 3 * lambda * (hd + out.H));
      if (A === 0) stopped++;
      expectClose(out.v, (2 * v0 - g0 + sigma * A) / 3, 1e-8, 1);
      expectClose(out.gamma, (g0 - 2 * v0 + 2 * sigma * A) / 3, 1e-8, 1);
    }
    // Both outcomes occur: slip stopped during the impact (A = 0) and not.
    expect(stopped).toBeGreaterThan(2);
    expect(stopped).toBeLessThan(14);
  });
});
