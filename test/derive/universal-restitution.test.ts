// The universal restitution law of Kuleshov et al. (kuleshov2011 §5–§7):
// the disk's vertical impact reduced to the scattering problem (6.1)–(6.3)
//   h″ + 2√2 h^{1/2}h′ + (4√2/3)h^{3/2} = 0   while h′ ≥ 0,
//   h″ + (4√2/3)(h + h′)^{3/2} = 0            while h′ ≤ 0 and h + h′ ≥ 0,
//   h(0) = 0, h′(0) = v, H(v) = −h′ at separation (h + h′ = 0),
// first derived from the patch law of src/derive/compliant/patch.ts, then integrated
// with the runtime's DOPRI5 and event location. Proposition 11 (H
// increasing, H(v)/v decreasing from 1 to 0, exponents 1/5 at 0 and 2/3 at
// ∞), the contact duration of Fig. 4, and the oblique impact of §7
// (Proposition 9, first integral 2v − γ).
import { describe, expect, it } from 'vitest';
import { div, mul, type Expr } from '../../src/core/expr.js';
import { evaluate } from '../../src/core/evaluate.js';
import { parseExpr } from '../../src/core/parse.js';
import { subs } from '../../src/core/subs.js';
import { simplify } from '../../src/core/trig.js';
import { derivePatchLaw, type PatchRegime } from '../../src/derive/compliant/patch.js';
import { integrate } from '../../src/runtime/integrators/dopri5.js';
import { locateEvent } from '../../src/runtime/hybrid/events.js';
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

/** H(v), the contact duration, and the time of deepest penetration. */
function scatter(v: number): { H: number; duration: number } {
  const vertical =
    (acc: (y: Float64Array) => number): Rhs =>
    (y, out) => {
      out[0] = y[1]!;
      out[1] = acc(y);
    };
  const down = until(vertical(compressing), [0, v], [{ name: 'deepest', g: (y) => y[1]! }], [hScale(v), v]);
  const up = until(vertical(restituting), [down.y[0]!, 0], [{ name: 'separation', g: (y) => y[0]! + y[1]! }], [down.y[0]!, v]);
  return { H: -up.y[1]!, duration: down.t + up.t };
}

const slope = (f: (v: number) => number, v0: number, v1: number): number => Math.log(f(v1) / f(v0)) / Math.log(v1 / v0);

describe('the scaled problem (6.1)–(6.2) from the patch law', () => {
  // q = a h, t = b τ with b = ν/k, a = (mk/(ν²r))² turn mq̈ r = −F_y into
  // (6.1)–(6.2) (u_y = −r q̇, (5.2)): h″ = −(b²/a)F_y/(mr).
  const scaled = (regime: PatchRegime): Expr => {
    const a = p('(m*k/(nu^2*r))^2');
    const b = p('nu/k');
    const F = subs(
      regime.resultants.Fy!,
      new Map([
        ['q', mul(a, p('h'))],
        ['qd', mul(div(a, b), p('hd'))],
      ]),
    );
    return simplify(mul(p('-1/(m*r)'), div(mul(b, b), a), F));
  };
  it('compression gives h″ = −2√2 h^{1/2}h′ − (4√2/3)h^{3/2}, restitution h″ = −(4√2/3)(h + h′)^{3/2}, for any m, k, ν, r', () => {
    const g = rng(21);
    for (let i = 0; i < 20; i++) {
      const env = {
        m: uniform(g, 0.1, 3),
        k: uniform(g, 0.5, 5),
        nu: uniform(g, 0.2, 3),
        r: uniform(g, 0.1, 2),
        h: uniform(g, 0.01, 2),
        hd: uniform(g, -1, 1),
      };
      const y = Float64Array.of(env.h, env.hd);
      expectClose(evaluate(scaled(compression), env), compressing(y), 1e-12);
      if (env.h + env.hd > 0) expectClose(evaluate(scaled(restitution), env), restituting(y), 1e-12);
    }
  });
});

describe('Proposition 11: the universal restitution H(v)', () => {
  // Fig. 2's range and the asymptotic decades.
  const grid = Array.from({ length: 40 }, (_, i) => 0.5 * (i + 1)); // 0.5 … 20
  const table = grid.map((v) => ({ v, ...scatter(v) }));
  it('H is increasing and H(v)/v strictly decreasing on (0, 20]', () => {
    for (let i = 1; i < table.length; i++) {
      expect(table[i]!.H).toBeGreaterThan(table[i - 1]!.H);
      expect(table[i]!.H / table[i]!.v).toBeLessThan(table[i - 1]!.H / table[i - 1]!.v);
    }
    for (const { v, H } of table) expect(H / v).toBeLessThan(1);
  });
  it('the contact duration decreases with the impact speed (Fig. 4)', () => {
    const speeds = [1e-6, 1e-4, 1e-2, 0.1, 0.25, ...grid, 1e2, 1e4];
    const durations = speeds.map((v) => scatter(v).duration);
    for (let i = 1; i < durations.length; i++) expect(durations[i]).toBeLessThan(durations[i - 1]!);
  });
  it('H(v)/v → 1 as v → 0 with 1 − H(v)/v ∝ v^{1/5}: fitted slope over 1e-11 … 1e-9 within 0.03 of 1/5', () => {
    const loss = (v: number): number => 1 - scatter(v).H / v;
    expect(Math.abs(slope(loss, 1e-11, 1e-9) - 0.2)).toBeLessThan(0.03);
    expect(loss(1e-11)).toBeLessThan(0.03);
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
      const ratio = (1 - scatter(v).H / v) / (C * v ** 0.2);
      expect(Math.abs(ratio - 1)).toBeLessThan(3 * v ** 0.2);
    }
  });
  it('H(v)/v → 0 as v → ∞ with H(v) ∝ v^{2/3}: fitted slope over 1e6 … 1e8 within 0.03 of 2/3', () => {
    const H = (v: number): number => scatter(v).H;
    expect(Math.abs(slope(H, 1e6, 1e8) - 2 / 3)).toBeLessThan(0.03);
    expect(H(1e8) / 1e8).toBeLessThan(1e-2);
  });
});

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
      expectClose(out.H, scatter(hd).H, 1e-9);
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
