// Lagrange II and Hamilton's ṗ with Smirnov's support reactions and their
// friction (src/derive/friction/support-equations.ts), against the paper:
// smirnov1981 §2 example 1, m ẍ = F_x − Φ sgn ẋ with
// Φ = (f2 (1 + sgn F_z)/2 − f1 (1 − sgn F_z)/2) F_z; example 2, planar case,
// m ẍ = P_x − Φ sgn ẋ with Φ = ¼ Σᵢⱼ (1 + sgn Nᵢⱼ₁)(1 + sgn Nᵢⱼ₂)(fᵢ₁Nᵢⱼ₁ + fⱼ₂Nᵢⱼ₂),
// and the y and moment rows of (2.1) balanced by the paper's Nᵢⱼ₁, Nᵢⱼ₂. The
// accelerations are also those of a run of the generated module.
import { beforeAll, describe, expect, it } from 'vitest';
import planes from '../../../derivations/point-between-planes.js';
import planar from '../../../derivations/prism-in-guides-planar.js';
import { evaluate } from '../../../src/core/evaluate.js';
import { symbolsIn } from '../../../src/core/expr.js';
import type { DerivedSystem } from '../../../src/derive/system.js';
import { supportFrictionSymbol, supportReactionSymbol, supportSideSymbol } from '../../../src/model/names.js';
import type { LoadedModule } from '../../../src/runtime/contract.js';
import { simulate } from '../../../src/runtime/hybrid/simulate.js';
import { derived } from '../../helpers/examples.js';
import { loadGenerated } from '../../helpers/generated-module.js';
import { expectClose } from '../../helpers/numeric.js';

const defaults = (spec: { parameters?: object }): Record<string, number> =>
  Object.fromEntries(Object.entries(spec.parameters ?? {}).map(([k, v]) => [k, typeof v === 'number' ? v : (v as { default: number }).default]));

/** The acceleration of a run from x = 0, ẋ = 1 that slides at constant acceleration: 2(x(t) − t)/t². */
function simulatedAcceleration(mod: LoadedModule, n: number, params: Record<string, number>): number {
  const qd0 = new Array<number>(n).fill(0);
  qd0[0] = 1;
  const tr = simulate(mod, { q0: new Array<number>(n).fill(0), qd0, t1: 1, samples: 3, params });
  const t = tr.t.at(-1)!;
  return (2 * (tr.q.at(-1)![0]! - t)) / (t * t);
}

/** Each row's right side minus its left at q̈ = accelerations, by the derived equations. */
function residuals(sys: DerivedSystem, env: Record<string, number>, accelerations: readonly number[]): number[] {
  const e = sys.supportEquations!;
  const at = { ...env, ...Object.fromEntries(sys.model.coordinates.map((c, i) => [c.qdd.name, accelerations[i]!])) };
  return e.lagrange2.rhs.map((r, i) => evaluate(r, at) - evaluate(e.lagrange2.lhs[i]!, at));
}

describe('point between two rough planes (smirnov1981 §2, example 1)', () => {
  const sys = derived(planes);
  let mod: LoadedModule;
  beforeAll(async () => {
    mod = await loadGenerated(sys);
  });
  const paperPhi = (p: Record<string, number>): number => ((p.f2! * (1 + Math.sign(p.Fz!))) / 2 - (p.f1! * (1 - Math.sign(p.Fz!))) / 2) * p.Fz!;
  it('writes the reaction as N₁ with its friction Φ, no multiplier λ', () => {
    const names = sys.supportEquations!.lagrange2.rhs.flatMap((r) => symbolsIn(r).map((s) => s.name));
    expect(names).toContain(supportFrictionSymbol(0).name);
    expect(names).toContain(supportReactionSymbol(1).name);
    expect(names.some((s) => s.startsWith('lambda'))).toBe(false);
  });
  it('m ẍ = F_x − Φ sgn ẋ with the paper’s Φ, F_z of either sign: ẍ = 2 at the defaults, as simulated', () => {
    for (const Fz of [2, -3, 0.5]) {
      const p: Record<string, number> = { ...defaults(planes), Fz, Fx: Fz === 2 ? 3 : 4 };
      // The bearing side: the lower plane (ε = +1) where the load presses down, N = −ε F_z ≥ 0.
      const eps = Fz < 0 ? 1 : -1;
      const env = {
        ...p,
        "x'": 1,
        "z'": 0,
        [supportFrictionSymbol(0).name]: paperPhi(p),
        [supportSideSymbol(1).name]: eps,
        [supportReactionSymbol(1).name]: -eps * Fz,
      };
      const a = simulatedAcceleration(mod, 2, p);
      expectClose(a, (p.Fx! - paperPhi(p)) / p.m!, 1e-9, 1);
      if (Fz === 2) expectClose(a, 2, 1e-9, 1);
      // z̈ = 0 on the planes: both rows hold at the simulated accelerations.
      for (const r of residuals(sys, env, [a, 0])) expect(Math.abs(r)).toBeLessThan(1e-9);
      // The canonical ṗ_x is the same force.
      const canonical = { ...env, 'p[x]': p.m! };
      expectClose(evaluate(sys.supportEquations!.canonical![0]!, canonical), -paperPhi(p), 1e-12);
    }
  });
});

describe('prism in guides, planar symmetric case (smirnov1981 §2, example 2)', () => {
  const sys = derived(planar);
  let mod: LoadedModule;
  beforeAll(async () => {
    mod = await loadGenerated(sys);
  });
  /** The paper's variant ij (faces 1: y = +w, reaction −y, ε = −1; 2: y = −w, ε = +1) at sgn ẋ = σ. */
  const paperVariant = (p: Record<string, number>, i: 1 | 2, j: 1 | 2, sigma: number) => {
    const b = (q: number): number => (q === 1 ? p.w! : -p.w!);
    const f = (q: number, s: number): number => p[`f${q}${s}`]!;
    const delta = p.a2! - p.a1! + (f(j, 2) * b(j) * (-1) ** j - f(i, 1) * b(i) * (-1) ** i) * sigma;
    const N1 = ((-1) ** i * (p.Mz! - p.Py! * (p.a2! + (-1) ** j * f(j, 2) * b(j) * sigma))) / delta;
    const N2 = ((-1) ** j * (-p.Mz! + p.Py! * (p.a1! + (-1) ** i * f(i, 1) * b(i) * sigma))) / delta;
    return { N1, N2, Phi1: f(i, 1) * N1, Phi2: f(j, 2) * N2, eps1: i === 2 ? 1 : -1, eps2: j === 2 ? 1 : -1 };
  };
  const faces = [
    [1, 1],
    [1, 2],
    [2, 1],
    [2, 2],
  ] as const;
  it('m ẍ = Pₓ − Φ sgn ẋ, Φ the paper’s switched sum; the y and moment rows balance with the paper’s N of the realized variant', () => {
    for (const [Py, Mz] of [
      [2, 0.5],
      [-2, 0.3],
      [1, -0.8],
    ] as const) {
      const p: Record<string, number> = { ...defaults(planar), Py, Mz };
      const all = faces.map(([i, j]) => paperVariant(p, i, j, 1));
      const Phi = all.reduce((s, v) => s + ((1 + Math.sign(v.N1)) * (1 + Math.sign(v.N2)) * (v.Phi1 + v.Phi2)) / 4, 0);
      const realized = all.find((v) => v.N1 > 0 && v.N2 > 0)!;
      const a = simulatedAcceleration(mod, 3, p);
      expectClose(a, (p.Px! - Phi) / p.m!, 1e-8, 1);
      if (Py === 2) expectClose(a, 0.559, 1e-3);
      const env = {
        ...p,
        x: 0,
        "x'": 1,
        "y'": 0,
        "theta'": 0,
        [supportFrictionSymbol(0).name]: Phi,
        [supportFrictionSymbol(1).name]: realized.Phi1,
        [supportFrictionSymbol(2).name]: realized.Phi2,
        [supportSideSymbol(1).name]: realized.eps1,
        [supportSideSymbol(2).name]: realized.eps2,
        [supportReactionSymbol(1).name]: realized.N1,
        [supportReactionSymbol(2).name]: realized.N2,
      };
      for (const r of residuals(sys, env, [a, 0, 0])) expect(Math.abs(r)).toBeLessThan(1e-8);
    }
  });
});

describe('self-locking of the planar prism’s variants (smirnov1981 §1, §2)', () => {
  // §2: Δᵢⱼ = a₂ − a₁ + [fⱼ₂bⱼ₂(−1)ʲ − fᵢ₁bᵢ₁(−1)ⁱ] sgn ẋ, b₁ₛ = w, b₂ₛ = −w; without friction a₂ − a₁.
  const paperLeast = (p: Record<string, number>, sigma: number): number => {
    const b = (q: number): number => (q === 1 ? p.w! : -p.w!);
    const f = (q: number, s: number): number => p[`f${q}${s}`]!;
    const ratios = [1, 2].flatMap((i) =>
      [1, 2].map((j) => (p.a2! - p.a1! + (f(j, 2) * b(j) * (-1) ** j - f(i, 1) * b(i) * (-1) ** i) * sigma) / (p.a2! - p.a1!)),
    );
    return Math.min(...ratios);
  };
  it('at the defaults no variant locks: the least Δᵢⱼ/(a₂ − a₁) is Δ₂₂ = 0.98', () => {
    const s = derived(planar).supports!;
    expect(s.variants!.every((v) => evaluate(v.frictionless, { ...defaults(planar), x: 0 }) === 1)).toBe(true);
    expectClose(s.locking!.least, paperLeast(defaults(planar), 1), 1e-12);
    expectClose(s.locking!.least, 0.98, 1e-12);
    expect(s.locking!.variant).toEqual([1, 1]);
  });
  it('a short prism with unequal friction on face 2 locks: Δ₂₂ = 0.1 − 0.5 < 0', () => {
    const parameters = { ...planar.parameters, a1: { default: -0.05 }, a2: { default: 0.05 }, w: { default: 1 }, f21: { default: 0 }, f22: { default: 0.5 } };
    const s = derived({ ...planar, name: 'prism-in-guides-planar-short', paper: undefined, parameters }).supports!;
    const p = Object.fromEntries(Object.entries(parameters).map(([k, v]) => [k, typeof v === 'number' ? v : v.default]));
    expectClose(s.locking!.least, paperLeast(p, 1), 1e-12);
    expect(s.locking!.least).toBeLessThan(0);
  });
});
