// The rigid compass of Rubanovich–Formalsky §1 (derivations/compass.ts):
// foot D strikes the line plastically and sticks while foot B stands. The
// derived impact map must reproduce (1.12)–(1.16), its mode conditions
// (1.17), the static indeterminacy of the horizontal impulses, and the
// critical half-angle α₀ = arcsin(1/√3) at which B stops lifting off.
import { describe, expect, it } from 'vitest';
import * as compass from '../../generated/compass.js';
import spec from '../../derivations/compass.js';
import { sym, type Expr } from '../../src/core/expr.js';
import { evaluate } from '../../src/core/evaluate.js';
import { parseExpr } from '../../src/core/parse.js';
import { toText } from '../../src/core/print.js';
import { subs } from '../../src/core/subs.js';
import { buildModel } from '../../src/model/index.js';
import { deriveSystem } from '../../src/derive/system.js';
import { preImpactName, type ImpactMode } from '../../src/derive/unilateral/unilateral.js';
import { rng, uniform } from '../helpers/random.js';

const ALPHA0 = Math.asin(1 / Math.sqrt(3));
const PSI_MINUS = preImpactName('psi');

/** A formula of the paper; `psim` stands for the pre-impact angular velocity ψ̇⁻ (symbol "psi'-"). */
const paper = (source: string): Expr => subs(parseExpr(source), new Map([['psim', sym(PSI_MINUS)]]));

const formulas = {
  // (1.12), (1.13): B stays.
  staysPsiPlus: '0',
  staysImpulseD: '-(m*l*psim/(3*sin(alpha)))*(1 + 3*sin(alpha)^2)',
  staysImpulseB: '(m*l*psim/(3*sin(alpha)))*(1 - 3*sin(alpha)^2)',
  // (1.15), (1.16): B leaves.
  leavesImpulseD: '-m*l*psim*4*sin(alpha)/(1 + 3*sin(alpha)^2)',
  leavesPsiPlus: 'psim*(1 - 3*sin(alpha)^2)/(1 + 3*sin(alpha)^2)',
  // Horizontal momentum: E_R1x + E_R2x = 2m(ẋc⁺ − ẋc⁻) = −2m ẋc⁻ with ẋc⁻ = −(l/2)ψ̇⁻ cos α.
  staysTangentSum: 'm*l*psim*cos(alpha)',
};

/** Numeric value of a formula (psi'- in env as PSI_MINUS). */
const num = (source: string, env: Record<string, number>): number => evaluate(paper(source), env);

describe('rigid compass impact map (Rubanovich–Formalsky (1.12)–(1.17))', () => {
  const sys = deriveSystem(buildModel(spec));
  const map = sys.unilateral!.impactMaps[0]!;
  const mode = (stays: boolean): ImpactMode => map.modes.find((md) => (md.stays.length === 1) === stays)!;
  const stays = mode(true);
  const leaves = mode(false);
  const psi = 2; // index of psi in q = [xc, yc, psi]

  it('has one scenario, D arriving while B stands, with the two modes "B stays" and "B leaves"', () => {
    expect(sys.unilateral!.impactMaps).toHaveLength(1);
    expect(map.modes).toHaveLength(2);
    expect(stays.stays).toEqual([1]); // footB, contact 2 (R–F §1: R₂ at B)
    expect(leaves.stays).toEqual([]);
    // Before the impact B is at rest: ẋc⁻ = −(l/2)ψ̇⁻ cos α, ẏc⁻ = l ψ̇⁻ sin α.
    expect(map.qdMinus[0]).toBe(paper('-(l/2)*psim*cos(alpha)'));
    expect(map.qdMinus[1]).toBe(paper('l*psim*sin(alpha)'));
    expect(map.qdMinus[2]).toBe(sym(PSI_MINUS));
  });

  // The derived expressions come out in exactly the paper's printed form, so
  // they are compared as interned nodes (structural identity).
  it('B stays: ψ̇⁺ = 0 and the impulses are (1.12), (1.13), structurally', () => {
    expect(toText(stays.qdPlus[psi]!)).toBe('0');
    expect(stays.qdPlus.every((v) => toText(v) === '0')).toBe(true);
    expect(stays.impulses.get('footD.n')).toBe(paper(formulas.staysImpulseD));
    expect(stays.impulses.get('footB.n')).toBe(paper(formulas.staysImpulseB));
  });

  it('B leaves: E_R2 = 0, the impulse (1.15) and ψ̇⁺ (1.16), structurally', () => {
    expect(leaves.impulses.has('footB.n')).toBe(false);
    expect(leaves.impulses.has('footB.t')).toBe(false);
    expect(leaves.impulses.get('footD.n')).toBe(paper(formulas.leavesImpulseD));
    expect(leaves.qdPlus[psi]).toBe(paper(formulas.leavesPsiPlus));
  });

  it('B stays: only the sum of the horizontal impulses footD.t + footB.t is determined (statically indeterminate)', () => {
    expect(stays.indeterminate).toHaveLength(1);
    expect([...stays.indeterminate[0]!.labels].sort()).toEqual(['footB.t', 'footD.t']);
    expect(['footB.t', 'footD.t']).toContain(stays.indeterminate[0]!.dropped);
    const sum =
      evaluate(stays.impulses.get('footD.t')!, { m: 1, l: 1, alpha: 0.4, [PSI_MINUS]: -1 }) +
      evaluate(stays.impulses.get('footB.t')!, { m: 1, l: 1, alpha: 0.4, [PSI_MINUS]: -1 });
    expect(sum).toBeCloseTo(num(formulas.staysTangentSum, { m: 1, l: 1, alpha: 0.4, [PSI_MINUS]: -1 }), 14);
    // B leaves: nothing is indeterminate.
    expect(leaves.indeterminate).toEqual([]);
  });

  it('agrees numerically with (1.12)–(1.16) at 40 random α ∈ (0, π/2), m, l, ψ̇⁻ < 0, to 1e-12', () => {
    const r = rng(1216);
    let worst = 0;
    for (let i = 0; i < 40; i++) {
      const env = { m: uniform(r, 0.1, 10), l: uniform(r, 0.1, 5), alpha: uniform(r, 1e-3, Math.PI / 2 - 1e-3), [PSI_MINUS]: -uniform(r, 0.01, 20) };
      const scale = (env.m * env.l * Math.abs(env[PSI_MINUS])) / Math.sin(env.alpha);
      const pairs: [Expr, string, number][] = [
        [stays.qdPlus[psi]!, formulas.staysPsiPlus, Math.abs(env[PSI_MINUS])],
        [stays.impulses.get('footD.n')!, formulas.staysImpulseD, scale],
        [stays.impulses.get('footB.n')!, formulas.staysImpulseB, scale],
        [leaves.impulses.get('footD.n')!, formulas.leavesImpulseD, scale],
        [leaves.qdPlus[psi]!, formulas.leavesPsiPlus, Math.abs(env[PSI_MINUS])],
      ];
      for (const [derived, formula, s] of pairs) {
        const err = Math.abs(evaluate(derived, env) - num(formula, env)) / s;
        worst = Math.max(worst, err);
      }
      // D is pinned after the impact in both modes (ẋ_D = ẏ_D = 0).
      for (const md of [stays, leaves]) {
        const qd = md.qdPlus.map((v) => evaluate(v, env));
        const { alpha, l } = env;
        expect(Math.abs(qd[1]! + l * Math.sin(alpha) * qd[2]!)).toBeLessThan(1e-12 * Math.abs(env[PSI_MINUS]) * l);
        expect(Math.abs(qd[0]! + (l / 2) * Math.cos(alpha) * qd[2]!)).toBeLessThan(1e-12 * Math.abs(env[PSI_MINUS]) * l);
      }
    }
    expect(worst).toBeLessThan(1e-12);
  });

  it('mode conditions (1.17): with ψ̇⁻ < 0 exactly one mode is admissible, "leaves" below α₀ and "stays" above', () => {
    const r = rng(117);
    for (let i = 0; i < 40; i++) {
      const alpha = i < 20 ? uniform(r, 1e-3, ALPHA0 - 1e-6) : uniform(r, ALPHA0 + 1e-6, Math.PI / 2 - 1e-3);
      const env = { m: uniform(r, 0.1, 10), l: uniform(r, 0.1, 5), alpha, [PSI_MINUS]: -uniform(r, 0.01, 20) };
      const admissible = (md: ImpactMode): boolean => md.conditions.every((c) => evaluate(c.expr, env) >= 0);
      expect(admissible(leaves), `alpha = ${alpha}`).toBe(alpha < ALPHA0);
      expect(admissible(stays), `alpha = ${alpha}`).toBe(alpha > ALPHA0);
    }
    expect(stays.conditions.map((c) => c.meaning)).toEqual(['impulse of footD ≥ 0', 'impulse of footB ≥ 0']);
    expect(leaves.conditions.map((c) => c.meaning)).toEqual(['impulse of footD ≥ 0', 'footB separates (normal velocity ≥ 0)']);
  });
});

describe('rigid compass: generated impact() with mode selection', () => {
  // The contacts' indices in the generated module (footD is contact 1 of R–F §1, footB contact 2).
  const D = compass.model.unilateral.findIndex((c) => c.name === 'footD');
  const B = compass.model.unilateral.findIndex((c) => c.name === 'footB');
  /** Impact at ψ = 0, yc = (l/2) cos α, foot B at rest before (both feet on the line). */
  const strike = (alpha: number, psid: number, p: { l?: number; m?: number; g?: number } = {}) => {
    const l = p.l ?? 1;
    const params = { alpha, l, m: p.m ?? 1, g: p.g ?? 9.81 };
    const q = [0, (l / 2) * Math.cos(alpha), 0];
    const qd = [-(l / 2) * psid * Math.cos(alpha), l * psid * Math.sin(alpha), psid];
    return { params, q, qd, result: compass.impact(0, q, qd, params) };
  };

  it('sees both feet on the line and D approaching at the impact configuration', () => {
    const { params, q, qd } = strike(0.5, -1);
    const g = compass.gaps(0, q, params);
    expect(Math.abs(g[B]!)).toBeLessThan(1e-15);
    expect(Math.abs(g[D]!)).toBeLessThan(1e-15);
    const G = compass.gapJacobian(0, q, params);
    const U = [0, 1].map((j) => G[3 * j]! * qd[0]! + G[3 * j + 1]! * qd[1]! + G[3 * j + 2]! * qd[2]!);
    expect(Math.abs(U[B]!)).toBeLessThan(1e-15); // B at rest
    expect(U[D]).toBeCloseTo(2 * Math.sin(0.5) * -1, 14); // D: 2 l ψ̇⁻ sin α < 0
  });

  it('selects "B leaves" below α₀ and "B stays" above, with ψ̇⁺ and the impulses of (1.12)–(1.16)', () => {
    const r = rng(35);
    let worst = 0;
    for (let i = 0; i < 60; i++) {
      const below = i % 2 === 0;
      const alpha = below ? uniform(r, 0.02, ALPHA0 - 1e-4) : uniform(r, ALPHA0 + 1e-4, Math.PI / 2 - 0.02);
      const psid = -uniform(r, 0.05, 20);
      const l = uniform(r, 0.2, 3),
        m = uniform(r, 0.2, 5);
      const { result } = strike(alpha, psid, { l, m, g: uniform(r, 0, 20) });
      expect(result.status).toBe('ok');
      const env = { alpha, l, m, [PSI_MINUS]: psid };
      const scale = (m * l * Math.abs(psid)) / Math.sin(alpha);
      if (below) {
        expect([result.active[B], result.active[D]], `alpha = ${alpha}`).toEqual([false, true]);
        worst = Math.max(worst, Math.abs(result.qdPlus[2]! - num(formulas.leavesPsiPlus, env)) / Math.abs(psid));
        worst = Math.max(worst, Math.abs(result.impulses[D]! - num(formulas.leavesImpulseD, env)) / scale);
        expect(result.impulses[B]).toBe(0);
      } else {
        expect([result.active[B], result.active[D]], `alpha = ${alpha}`).toEqual([true, true]);
        worst = Math.max(worst, Math.abs(result.qdPlus[2]!) / Math.abs(psid));
        worst = Math.max(worst, Math.abs(result.impulses[D]! - num(formulas.staysImpulseD, env)) / scale);
        worst = Math.max(worst, Math.abs(result.impulses[B]! - num(formulas.staysImpulseB, env)) / scale);
      }
    }
    expect(worst).toBeLessThan(1e-12);
  });

  /** α at which the selected mode switches from "B leaves" to "B stays", by bisection on impact().active[B]. */
  const switchAngle = (psid: number, p: { l?: number; m?: number; g?: number } = {}): number => {
    let lo = 0.3,
      hi = 0.9;
    expect(strike(lo, psid, p).result.active[B]).toBe(false);
    expect(strike(hi, psid, p).result.active[B]).toBe(true);
    for (let i = 0; i < 80 && hi - lo > 1e-15; i++) {
      const mid = 0.5 * (lo + hi);
      const { result } = strike(mid, psid, p);
      expect(result.status).toBe('ok');
      if (result.active[B]) hi = mid;
      else lo = mid;
    }
    return 0.5 * (lo + hi);
  };

  // impact() calls a closed contact active after the impact when its normal
  // velocity is below 1e-9 of the largest approach speed, so the switch found
  // here sits at |1 − 3 sin²α|/(1 + 3 sin²α) = 1e-9, i.e. 1e-9·2/(3 sin 2α₀)
  // = 7.1e-10 below α₀ (measured: −7.07e-10).
  it('switches mode at α₀ = arcsin(1/√3) ≈ 35°16′ to 1e-9', () => {
    const a = switchAngle(-1);
    expect(Math.abs(a - ALPHA0)).toBeLessThan(1e-9);
    expect((ALPHA0 * 180) / Math.PI).toBeCloseTo(35 + 16 / 60, 1);
  });

  it('α₀ is independent of the speed, l, m and gravity', () => {
    const angles: number[] = [];
    for (const psid of [-0.01, -1, -50]) {
      for (const [l, m, g] of [
        [0.3, 0.5, 0],
        [1, 1, 9.81],
        [4, 20, 1.62],
      ] as const)
        angles.push(switchAngle(psid, { l, m, g }));
    }
    for (const a of angles) expect(Math.abs(a - ALPHA0)).toBeLessThan(1e-9);
    expect(Math.max(...angles) - Math.min(...angles)).toBeLessThan(1e-9);
  });
});
