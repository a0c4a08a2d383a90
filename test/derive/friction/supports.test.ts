// Smirnov's support pairs derived from models (src/derive/friction/supports.ts):
// the point between two rough planes (|Φ| rule), the planar symmetric prism
// against the paper's closed forms Δᵢⱼ, Nᵢⱼ₁, Nᵢⱼ₂, Φ (smirnov1981 §2, with
// its face numbering: i = 1 the face y = +w, whose reaction is −N), the rest
// condition |Pₓ| ≤ Φ, and the spatial prism's 32 full variants in closed
// form against its Newton–Euler balance written by hand.
import { describe, expect, it } from 'vitest';
import planes from '../../../derivations/point-between-planes.js';
import planar from '../../../derivations/prism-in-guides-planar.js';
import spatial from '../../../derivations/prism-in-guides.js';
import { evaluate, type Env } from '../../../src/core/evaluate.js';
import { frictionBound, solveNumeric } from '../../../src/derive/friction/support-reactions.js';
import { selectVariant, twoTries } from '../../../src/derive/friction/support-selection.js';
import { switching } from '../../../src/derive/friction/support-variants.js';
import { derived } from '../../helpers/examples.js';
import { expectClose } from '../../helpers/numeric.js';
import { rng, uniform } from '../../helpers/random.js';

const defaults = (spec: { parameters?: object }): Env =>
  Object.fromEntries(Object.entries(spec.parameters ?? {}).map(([k, v]) => [k, typeof v === 'number' ? v : (v as { default: number }).default]));

describe('point between two rough planes (example 1)', () => {
  const sys = derived(planes);
  const s = sys.supports!;
  it("one pair: 3 variants, 2 full, each in closed form; the friction bounds Φ⁺ = −f1 F_z, Φ⁻ = f2 F_z (the paper's rule)", () => {
    expect(s.counts).toEqual({ all: 3, full: 2, bySupports: [1, 2] });
    expect(s.variants!.length).toBe(2);
    const env = { ...defaults(planes), Fz: 1.7 };
    const byVariant = new Map(s.variants!.map((v) => [v.variant[0], evaluate(v.friction, env)]));
    expectClose(byVariant.get(1)!, -0.2 * 1.7, 1e-15);
    expectClose(byVariant.get(-1)!, 0.5 * 1.7, 1e-15);
  });
  it('|Φ| = f2 F_z for F_z > 0 and −f1 F_z for F_z < 0, by the realized variant', () => {
    for (const Fz of [2, -3, 0.7, -0.1]) {
      const env = { ...defaults(planes), Fz, "x'": 1 };
      const sel = selectVariant(s.system, env);
      expect(sel.kind).toBe('realized');
      if (sel.kind !== 'realized') continue;
      const bound = frictionBound(s.system, sel.solved.variant, sel.solved.reactions, env);
      expectClose(bound, Fz > 0 ? 0.5 * Fz : -0.2 * Fz, 1e-14);
    }
  });
});

describe('prism in guides, planar symmetric case (example 2)', () => {
  const sys = derived(planar);
  const s = sys.supports!;
  const r = rng(2101);
  // The paper's closed forms, i, j = 1, 2 the bearing face of pairs 1, 2 (1: y = +w, reaction −N; 2: y = −w),
  // b_{ps} the signed y of the bearing point, f_{ps} its friction, σ = sgn ẋ; a pair whose points are fixed
  // on the guides (g_s = 1) is at a_s − x along the prism (§2, the paper's a⁰ + x with its sign corrected).
  const paper = (env: Env, i: 1 | 2, j: 1 | 2, sigma: number) => {
    const a1 = env.a1! - env.g1! * env.x!,
      a2 = env.a2! - env.g2! * env.x!,
      w = env.w!;
    const b = (p: 1 | 2) => (p === 1 ? w : -w);
    const f1 = i === 1 ? env.f11! : env.f21!,
      f2 = j === 1 ? env.f12! : env.f22!;
    const sgn = (p: number) => (p % 2 === 0 ? 1 : -1);
    const delta = a2 - a1 + (f2 * b(j) * sgn(j) - f1 * b(i) * sgn(i)) * sigma;
    const N1 = (sgn(i) * (env.Mz! - env.Py! * (a2 + sgn(j) * f2 * b(j) * sigma))) / delta;
    const N2 = (sgn(j) * (-env.Mz! + env.Py! * (a1 + sgn(i) * f1 * b(i) * sigma))) / delta;
    return { delta, N1, N2, friction: f1 * N1 + f2 * N2 };
  };
  it('9 variants, 4 full ones, each in closed form', () => {
    expect(s.counts).toEqual({ all: 9, full: 4, bySupports: [1, 4, 4] });
    expect(s.variants!.length).toBe(4);
  });
  it("the closed forms Δᵢⱼ, Nᵢⱼ₁, Nᵢⱼ₂ of the engine equal the paper's at 500 random loads and geometries, both directions of sliding", () => {
    for (let trial = 0; trial < 500; trial++) {
      const sigma = r() < 0.5 ? -1 : 1;
      const env: Env = {
        ...defaults(planar),
        Py: uniform(r, -3, 3),
        Mz: uniform(r, -2, 2),
        a1: uniform(r, -1, -0.2),
        a2: uniform(r, 0.2, 1),
        w: uniform(r, 0.05, 0.5),
        f11: uniform(r, 0, 1),
        f21: uniform(r, 0, 1),
        f12: uniform(r, 0, 1),
        f22: uniform(r, 0, 1),
        m: uniform(r, 0.5, 2),
        J: uniform(r, 0.05, 1),
        g1: r() < 0.5 ? 0 : 1,
        g2: r() < 0.5 ? 0 : 1,
        x: uniform(r, -0.15, 0.15),
        // Every bearing point slides at ẋ (θ̇ = 0 while the constraints hold): the engine's sgn ṡᵢ is sgn ẋ.
        "x'": sigma,
      };
      for (const v of s.variants!) {
        // Engine side +1 (reaction +y) is the paper's face 2, side −1 its face 1.
        const i = v.variant[0] === 1 ? 2 : 1,
          j = v.variant[1] === 1 ? 2 : 1;
        const ref = paper(env, i, j, sigma);
        const N = v.reactions.map((e) => evaluate(e, env));
        expectClose(N[0]!, ref.N1, 1e-9, Math.abs(ref.N1) + 1);
        expectClose(N[1]!, ref.N2, 1e-9, Math.abs(ref.N2) + 1);
        // (1.1) in its balance form, Δ in the signed reactions: the paper's Δᵢⱼ itself.
        expectClose(evaluate(v.det, env), ref.delta, 1e-12, 1);
      }
    }
  });
  it("each variant's locking bound Δ₀ − Δᵢⱼ is w(f_{j2} − f_{i1}) sgn ẋ (Δᵢⱼ ≤ 0 ⇔ a₂ − a₁ + x(g₁ − g₂) ≤ it), 0 at equal coefficients", () => {
    for (let trial = 0; trial < 50; trial++) {
      const sigma = r() < 0.5 ? -1 : 1;
      const f = Object.fromEntries(['f11', 'f21', 'f12', 'f22'].map((k) => [k, uniform(r, 0, 1)]));
      const env: Env = { ...defaults(planar), ...f, w: uniform(r, 0.05, 0.5), x: uniform(r, -1, 1), g1: 1, g2: 0, "x'": sigma };
      for (const v of s.variants!) {
        const fi1 = v.variant[0] === 1 ? env.f21! : env.f11!,
          fj2 = v.variant[1] === 1 ? env.f22! : env.f12!;
        expectClose(evaluate(v.lockingBound, env), env.w! * (fj2 - fi1) * sigma, 1e-12, 1);
        expectClose(evaluate(v.frictionless, env), env.a2! - env.a1! + env.x! * (env.g1! - env.g2!), 1e-12, 1);
      }
    }
    expect(s.lockingNeedsUnequal).toBe(true);
  });
  it("the variants' locking bounds in one form, w(f_{j2} − f_{i1}) sgn ẋ (smirnov1981 §2's Δᵢⱼ), in pair 1's face i and pair 2's face j", () => {
    const form = s.lockingForm!;
    expect(form.faces).toEqual(['i', 'j']);
    for (let trial = 0; trial < 20; trial++) {
      const sigma = r() < 0.5 ? -1 : 1;
      const [fi1, fj2, w] = [uniform(r, 0, 1), uniform(r, 0, 1), uniform(r, 0.05, 0.5)];
      const env: Env = { ...defaults(planar), w, "x'": sigma, 'f_face[f_{i1}]': fi1, 'f_face[f_{j2}]': fj2 };
      expectClose(evaluate(form.bound, env), w * (fj2 - fi1) * sigma, 1e-12, 1);
    }
  });
  it('Φ of the paper (the switched sum over the 4 variants) equals the friction bound of the variant selectVariant realizes; rest iff |Pₓ| ≤ Φ', () => {
    let realized = 0,
      rests = 0;
    for (let trial = 0; trial < 400; trial++) {
      const env: Record<string, number> = {
        ...defaults(planar),
        Py: uniform(r, -3, 3),
        Mz: uniform(r, -2, 2),
        Px: uniform(r, -2, 2),
        x: uniform(r, -0.3, 0.3),
      };
      // From rest the direction is sgn Pₓ (the paper, after the planar formulas).
      const sigma = Math.sign(env.Px!);
      env["x'"] = sigma;
      let phi = 0;
      for (const i of [1, 2] as const)
        for (const j of [1, 2] as const) {
          const ref = paper(env, i, j, sigma);
          phi += switching([ref.N1]) * switching([ref.N2]) * ref.friction;
        }
      const sel = selectVariant(s.system, env);
      if (sel.kind !== 'realized') continue;
      realized++;
      expectClose(frictionBound(s.system, sel.solved.variant, sel.solved.reactions, env), phi, 1e-12, 1);
      const num = solveNumeric(s.system, sel.solved.variant, env);
      expect(num.kind).toBe('solved');
      if (Math.abs(env.Px!) <= phi) rests++;
    }
    expect(realized).toBeGreaterThan(350);
    expect(rests).toBeGreaterThan(0);
    expect(rests).toBeLessThan(realized);
  });
});

describe('prism in guides, spatial (example 2, five pairs)', () => {
  const sys = derived(spatial);
  const s = sys.supports!;
  const r = rng(2102);
  /** y, z, Mx, My, Mz of the reactions written by hand: y-pairs at (a, ∓w, c), z-pairs at (a, b, ∓h) for side ±; normal side·N, friction −σ f N along x; plus the load. */
  const residual = (env: Env, variant: readonly number[], reactions: readonly number[], sigma: number): number[] => {
    const F = [0, 0, 0],
      M = [0, 0, 0];
    for (let k = 0; k < 5; k++) {
      const p = k + 1,
        side = variant[k]!,
        N = reactions[k]!;
      const f = env[side === 1 ? `f2${p}` : `f1${p}`]!;
      const point = p <= 2 ? [env[`a${p}`]!, -side * env.w!, env[`c${p}`]!] : [env[`a${p}`]!, env[`b${p}`]!, -side * env.h!];
      const force = p <= 2 ? [-sigma * f * N, side * N, 0] : [-sigma * f * N, 0, side * N];
      for (let c = 0; c < 3; c++) F[c] += force[c]!;
      M[0] += point[1]! * force[2]! - point[2]! * force[1]!;
      M[1] += point[2]! * force[0]! - point[0]! * force[2]!;
      M[2] += point[0]! * force[1]! - point[1]! * force[0]!;
    }
    return [F[1]! + env.Py!, F[2]! + env.Pz!, M[0]! + env.Mx!, M[1]! + env.My!, M[2]! + env.Mz!];
  };
  const randomLoads = (): Record<string, number> => ({
    ...defaults(spatial),
    Py: uniform(r, -3, 3),
    Pz: uniform(r, -30, 5),
    Mx: uniform(r, -0.5, 0.5),
    My: uniform(r, -1, 1),
    Mz: uniform(r, -1, 1),
  });
  it('243 variants, 32 full ones, all 32 in closed form (1.1) in the balance form along y, z, φ, θ, ψ', () => {
    expect(s.counts).toEqual({ all: 243, full: 32, bySupports: [1, 10, 40, 80, 80, 32] });
    expect(s.form).toEqual({ kind: 'balance', coordinates: ['y', 'z', 'phi', 'theta', 'psi'] });
    expect(s.variants).toHaveLength(32);
  });
  it('every closed-form variant balances the load as Newton–Euler written by hand, at 20 random loads and frictions per variant', () => {
    for (const v of s.variants!) {
      for (let trial = 0; trial < 20; trial++) {
        const sigma = r() < 0.5 ? -1 : 1;
        const env: Record<string, number> = { ...randomLoads(), "x'": sigma };
        for (let p = 1; p <= 5; p++) [env[`f2${p}`], env[`f1${p}`]] = [uniform(r, 0, 0.6), uniform(r, 0, 0.6)];
        const N = v.reactions.map((e) => evaluate(e, env));
        for (const x of residual(env, v.variant, N, sigma)) expectClose(x, 0, 1e-9, 30);
      }
    }
  });
  it("the realized variant's reactions balance the load (y, z and the three moments), at 300 random loads; two tries find it mostly", () => {
    let realized = 0,
      twoTriesFound = 0;
    for (let trial = 0; trial < 300; trial++) {
      const sigma = r() < 0.5 ? -1 : 1;
      const env: Record<string, number> = { ...randomLoads(), "x'": sigma };
      const sel = selectVariant(s.system, env);
      if (sel.kind !== 'realized') continue;
      realized++;
      for (const x of residual(env, sel.solved.variant, sel.solved.reactions, sigma)) expectClose(x, 0, 1e-12, 30);
      if (twoTries(s.system, env, [1, 1, 1, 1, 1]).found) twoTriesFound++;
    }
    expect(realized).toBeGreaterThan(250);
    // Smirnov's rule finds it in at most two tries in most cases; its misses with friction are pinned in support-variants.test.ts.
    expect(twoTriesFound / realized).toBeGreaterThan(0.8);
  });
});
