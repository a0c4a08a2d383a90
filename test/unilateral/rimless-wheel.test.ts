// The "wheel with legs" of Rubanovich–Formalsky §2 (derivations/rimless-wheel.ts):
// k spokes, total mass 2m at the hub, I* = I/(2ml²), α = π/k. Spoke 2 strikes
// plastically and sticks while spoke 1 stands. Checked: ψ̇⁺/ψ̇⁻ =
// (I* + cos 2α)/(I* + 1) (2.6) when spoke 1 lifts off, the per-revolution
// factor ν = [(I* + cos(2π/k))/(I* + 1)]ᵏ (2.9) with its monotonicity, and
// the lift-off criterion α < α₀ = π/2 − ½ arccos I*.
import { beforeAll, describe, expect, it } from 'vitest';
import { together } from '../../src/core/together.js';
import { rimlessWheel } from '../../derivations/rimless-wheel.js';
import { sym } from '../../src/core/expr.js';
import { evaluate } from '../../src/core/evaluate.js';
import { parseExpr } from '../../src/core/parse.js';
import { subs } from '../../src/core/subs.js';
import { buildModel, defineModel } from '../../src/model/index.js';
import { deriveSystem, type DerivedSystem } from '../../src/derive/system.js';
import { preImpactName, type ImpactMode } from '../../src/derive/unilateral/unilateral.js';
import type { LoadedModule, ImpactResult } from '../../src/runtime/contract.js';
import { loadGenerated } from '../helpers/generated-module.js';

const KS = [4, 5, 6, 7, 8, 9, 10, 11, 12];
const ISTARS = [0, 0.25, 0.75, 1];
const PSI_MINUS = preImpactName('psi');

/** (2.6): ψ̇⁺/ψ̇⁻ when spoke 1 lifts off. */
const ratio = (Istar: number, alpha: number): number => (Istar + Math.cos(2 * alpha)) / (Istar + 1);
/** (2.9): the angular-speed factor per full revolution. */
const nu = (Istar: number, k: number): number => ratio(Istar, Math.PI / k) ** k;
/** Critical half-angle between spokes: spoke 1 lifts off iff α < α₀. */
const alpha0 = (Istar: number): number => Math.PI / 2 - 0.5 * Math.acos(Istar);

/**
 * Impact configuration of a wheel whose stance spoke j sits at angle −α
 * (ψ = −α − 2πj/k; for the sector model j = 0) and arriving spoke j+1 at +α,
 * stance tip at rest: ẋ = −l cos α ψ̇, ẏ = l sin α ψ̇ (ψ̇ < 0 rolls towards +x).
 */
function strike(mod: LoadedModule, alpha: number, psid: number, params: Record<string, number>, psi = -alpha) {
  const l = params.l ?? 1;
  const q = [0, l * Math.cos(alpha), psi];
  const qd = [-l * Math.cos(alpha) * psid, l * Math.sin(alpha) * psid, psid];
  return mod.impact!(0, q, qd, params);
}

/** The symbolic impact map of the k-spoke wheel: both modes, in terms of Istar, m, l and ψ̇⁻. */
function symbolicModes(k: number): { leaves: ImpactMode; stays: ImpactMode } {
  const map = deriveSystem(buildModel(rimlessWheel(k))).unilateral!.impactMaps[0]!;
  return { leaves: map.modes.find((md) => md.stays.length === 0)!, stays: map.modes.find((md) => md.stays.length === 1)! };
}
const admissible = (md: ImpactMode, env: Record<string, number>): boolean => md.conditions.every((c) => evaluate(c.expr, env) >= 0);

describe('rimless wheel: symbolic impact map, k = 4…12', () => {
  const maps = new Map(KS.map((k) => [k, symbolicModes(k)] as const));

  it('ψ̇⁺ of the lift-off mode is (2.6) with α = π/k, structurally', () => {
    for (const k of KS) {
      const expected = subs(
        parseExpr('psim*(Istar + cos(2*alpha))/(Istar + 1)'),
        new Map([
          ['psim', sym(PSI_MINUS)],
          ['alpha', parseExpr(`pi/${k}`)],
        ]),
      );
      // Both in rational normal form (cos(2π/k) is exact for k = 4, 6, 12).
      expect(together(maps.get(k)!.leaves.qdPlus[2]!), `k = ${k}`).toBe(together(expected));
    }
  });

  it('ν from the derived ψ̇⁺/ψ̇⁻ equals (2.9) for every I* ∈ {0, 1/4, 3/4, 1} to 1e-14, is < 1 and increases in k and in I*', () => {
    const table = ISTARS.map((Istar) =>
      KS.map((k) => {
        const r = evaluate(maps.get(k)!.leaves.qdPlus[2]!, { Istar, [PSI_MINUS]: 1 });
        expect(Math.abs(r ** k - nu(Istar, k)), `k = ${k}, I* = ${Istar}`).toBeLessThan(1e-14);
        return r ** k;
      }),
    );
    for (const row of table)
      for (let c = 0; c < row.length; c++) {
        expect(row[c]).toBeLessThan(1);
        if (c > 0) expect(row[c]).toBeGreaterThan(row[c - 1]!);
      }
    for (let c = 0; c < KS.length; c++) for (let r = 1; r < ISTARS.length; r++) expect(table[r]![c]).toBeGreaterThan(table[r - 1]![c]!);
    // ν → 1 as k → ∞ (a wheel with many spokes rolls like a disc): −ln ν ≈ 2π²/(k(1 + I*)).
    for (const Istar of ISTARS) expect((-Math.log(nu(Istar, 1e4)) * 1e4 * (1 + Istar)) / (2 * Math.PI ** 2)).toBeCloseTo(1, 5);
  });

  it('I* = 0: for k ≥ 5 only "spoke 1 lifts off" is admissible; k = 4 sits at α = α₀, where both modes give ψ̇⁺ = 0', () => {
    for (const k of KS) {
      const env = { Istar: 0, m: 1, l: 1, [PSI_MINUS]: -1 };
      const { leaves, stays } = maps.get(k)!;
      if (k >= 5) {
        expect(admissible(leaves, env), `k = ${k}`).toBe(true);
        expect(admissible(stays, env), `k = ${k}`).toBe(false);
      } else {
        expect(Math.abs(evaluate(leaves.qdPlus[2]!, env))).toBeLessThan(1e-16);
        expect(evaluate(stays.qdPlus[2]!, env)).toBe(0);
        expect(Math.abs(evaluate(stays.impulses.get('spoke1.n')!, env))).toBeLessThan(1e-15);
      }
    }
  });
});

// The generated modules are checked at I* ∈ {1/4, 3/4, 1}; I* = 0 (a point
// hub with massless spokes: M singular, but the engaged spoke pins the
// massless direction) has its own test below.
const ISTARS_GEN = [0.25, 0.75, 1];

describe('rimless wheel: generated impact() for k = 4…12', () => {
  const modules = new Map<number, LoadedModule>();
  beforeAll(async () => {
    for (const k of [3, ...KS]) modules.set(k, await loadGenerated(deriveSystem(buildModel(rimlessWheel(k)))));
  });

  it('ψ̇⁺/ψ̇⁻ = (I* + cos 2α)/(I* + 1) (2.6) to 1e-13 with spoke 1 lifting off, I* ∈ {1/4, 3/4, 1}', () => {
    let worst = 0;
    for (const k of KS) {
      const alpha = Math.PI / k;
      for (const Istar of ISTARS_GEN) {
        for (const psid of [-0.3, -2, -15]) {
          const res = strike(modules.get(k)!, alpha, psid, { Istar, l: 1.3, m: 0.7, gamma: 0 });
          expect(res.status).toBe('ok');
          worst = Math.max(worst, Math.abs(res.qdPlus[2]! / psid - ratio(Istar, alpha)));
          expect(res.active, `k = ${k}, I* = ${Istar}`).toEqual(Array.from({ length: k }, (_, j) => j === 1));
          expect(res.impulses[0]).toBe(0);
          expect(res.impulses[1]).toBeGreaterThan(0);
        }
      }
    }
    expect(worst).toBeLessThan(1e-13);
  });

  // M is only semidefinite here: the generated code solves the saddle-point
  // system instead of factoring M.
  it('I* = 0 (point hub, massless spokes): ψ̇⁺/ψ̇⁻ = cos 2α with spoke 1 lifting off', () => {
    const res = strike(modules.get(6)!, Math.PI / 6, -1, { Istar: 0 });
    expect(res.status).toBe('ok');
    expect(res.qdPlus[2]! / -1).toBeCloseTo(Math.cos(Math.PI / 3), 12);
    expect(res.active).toEqual([false, true, false, false, false, false]);
  });

  it('one revolution, impact by impact around the wheel (stance j, arriving j+1), multiplies ψ̇ by ν (2.9) to 1e-12', () => {
    // On level ground the stance phase from +α to −α returns the hub to the
    // same height, so energy conservation gives the same speed at the next
    // impact: only the k impacts change ψ̇ over a revolution.
    let worst = 0;
    for (const k of KS) {
      const alpha = Math.PI / k;
      for (const Istar of ISTARS_GEN) {
        let psid = -1;
        for (let j = 0; j < k; j++) {
          const res = strike(modules.get(k)!, alpha, psid, { Istar, gamma: 0 }, -alpha - (2 * Math.PI * j) / k);
          expect(res.status).toBe('ok');
          expect(
            res.active.flatMap((a, i) => (a ? [i] : [])),
            `k = ${k}, j = ${j}`,
          ).toEqual([(j + 1) % k]);
          psid = res.qdPlus[2]!;
        }
        worst = Math.max(worst, Math.abs(-psid - nu(Istar, k)) / nu(Istar, k));
      }
    }
    expect(worst).toBeLessThan(1e-12);
  });

  it('ν < 1, increasing in k (k > 3) and in I*', () => {
    const measured = (k: number, Istar: number): number => Math.abs(strike(modules.get(k)!, Math.PI / k, -1, { Istar }).qdPlus[2]!) ** k;
    for (const Istar of ISTARS_GEN) {
      let prev = 0;
      for (const k of KS) {
        expect(measured(k, Istar)).toBeLessThan(1);
        expect(measured(k, Istar), `I* = ${Istar}, k = ${k}`).toBeGreaterThan(prev);
        prev = measured(k, Istar);
      }
    }
    for (const k of KS) {
      let prev = 0;
      for (const Istar of ISTARS_GEN) {
        expect(measured(k, Istar), `k = ${k}, I* = ${Istar}`).toBeGreaterThan(prev);
        prev = measured(k, Istar);
      }
    }
  });

  it('for k ≥ 5 spoke 1 always lifts off, I* from 0.05 to 1', () => {
    for (const k of KS.filter((k) => k >= 5)) {
      expect(Math.PI / k).toBeLessThan(alpha0(0)); // α₀ ≥ π/4 for every I* ∈ [0, 1]
      for (let i = 1; i <= 20; i++) {
        const res = strike(modules.get(k)!, Math.PI / k, -1, { Istar: i / 20 });
        expect(res.status).toBe('ok');
        expect(res.active[0], `k = ${k}, I* = ${i / 20}`).toBe(false);
        expect(res.active[1]).toBe(true);
      }
    }
  });

  it('k = 3 (α = 60°; α₀ = 60° at I* = 1/2): spoke 1 stays for I* = 1/4 and lifts off for I* ∈ {3/4, 1}', () => {
    const { leaves, stays } = symbolicModes(3);
    for (const Istar of ISTARS) {
      const lifts = Math.PI / 3 < alpha0(Istar);
      expect(lifts).toBe(Istar > 0.5);
      const env = { Istar, m: 1, l: 1, [PSI_MINUS]: -1 };
      expect(admissible(leaves, env), `I* = ${Istar}`).toBe(lifts);
      expect(admissible(stays, env), `I* = ${Istar}`).toBe(!lifts);
      const res = strike(modules.get(3)!, Math.PI / 3, -1, { Istar });
      expect(res.status).toBe('ok');
      expect(res.active, `I* = ${Istar}`).toEqual([!lifts, true, false]);
      if (lifts) expect(res.qdPlus[2]! / -1).toBeCloseTo(ratio(Istar, Math.PI / 3), 14);
      else for (const v of res.qdPlus) expect(Math.abs(v)).toBeLessThan(1e-15);
    }
  });
});

/**
 * Two neighbouring spokes of the wheel with the half-angle α as a parameter,
 * so that α can cross α₀ continuously (in the wheel itself α = π/k).
 */
const sector = defineModel({
  name: 'rimless-wheel-sector',
  coordinates: ['x', 'y', 'psi'],
  parameters: { m: 1, l: 1, Istar: 0.5, alpha: 0.5, g: 9.81 },
  kinetic: "m*(x'^2 + y'^2) + m*l^2*Istar*psi'^2",
  potential: '2*m*g*y',
  unilateral: [
    { name: 'spoke0', constraint: 'y - l*cos(psi) >= 0', law: { stick: 'x + l*sin(psi)' } },
    { name: 'spoke1', constraint: 'y - l*cos(psi + 2*alpha) >= 0', law: { stick: 'x + l*sin(psi + 2*alpha)' } },
  ],
  impactScenarios: [
    { name: 'spoke 1 strikes while spoke 0 stands', arriving: 'spoke1', closed: ['spoke0'], at: { psi: '-alpha', y: 'l*cos(alpha)' }, independent: ['psi'] },
  ],
  // Above the ground (a model's own initial state must not penetrate a contact).
  initial: { q: { y: 2 } },
});

describe('rimless wheel: lift-off iff α < α₀ = π/2 − ½ arccos I* (two spokes, α continuous)', () => {
  let sys: DerivedSystem;
  let mod: LoadedModule;
  beforeAll(async () => {
    sys = deriveSystem(buildModel(sector));
    mod = await loadGenerated(sys);
  });

  it('the symbolic mode conditions hold for "lifts off" below α₀ and for "stays" above', () => {
    const map = sys.unilateral!.impactMaps[0]!;
    const leaves = map.modes.find((md) => md.stays.length === 0)!;
    const stays = map.modes.find((md) => md.stays.length === 1)!;
    for (const Istar of ISTARS) {
      const a0 = alpha0(Istar);
      for (let i = 1; i < 40; i++) {
        const alpha = (i / 40) * (Math.PI / 2);
        if (Math.abs(alpha - a0) < 1e-6) continue;
        const env = { m: 1.1, l: 0.8, Istar, alpha, [PSI_MINUS]: -2 };
        expect(admissible(leaves, env), `I* = ${Istar}, α = ${alpha}`).toBe(alpha < a0);
        expect(admissible(stays, env), `I* = ${Istar}, α = ${alpha}`).toBe(alpha > a0);
      }
    }
  });

  it('generated impact(), I* ∈ {1/4, 3/4}: spoke 0 lifts off below α₀ and stays above; the switch found by bisection is α₀ to 1e-8', () => {
    const lifts = (alpha: number, Istar: number, psid = -1): boolean => {
      const res: ImpactResult = strike(mod, alpha, psid, { Istar, alpha });
      expect(res.status).toBe('ok');
      return !res.active[0];
    };
    for (const Istar of [0.25, 0.75]) {
      const a0 = alpha0(Istar);
      for (const d of [1e-3, 0.05, 0.2]) {
        expect(lifts(a0 - d, Istar), `I* = ${Istar}, α₀ − ${d}`).toBe(true);
        if (a0 + d < Math.PI / 2) expect(lifts(a0 + d, Istar), `I* = ${Istar}, α₀ + ${d}`).toBe(false);
      }
      for (const psid of [-0.1, -5]) {
        let lo = a0 - 0.2,
          hi = Math.min(a0 + 0.2, Math.PI / 2 - 1e-3);
        for (let i = 0; i < 60; i++) {
          const mid = 0.5 * (lo + hi);
          if (lifts(mid, Istar, psid)) lo = mid;
          else hi = mid;
        }
        expect(Math.abs(0.5 * (lo + hi) - a0), `I* = ${Istar}, ψ̇⁻ = ${psid}`).toBeLessThan(1e-8);
      }
    }
    // I* = 1: α₀ = π/2, so every admissible α lifts off.
    for (const alpha of [0.1, 0.8, 1.5, Math.PI / 2 - 1e-3]) expect(lifts(alpha, 1)).toBe(true);
    expect(alpha0(1)).toBe(Math.PI / 2);
  });
});
