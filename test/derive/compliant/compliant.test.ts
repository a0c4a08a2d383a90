// The derivation of realized constraints (src/derive/compliant/compliant.ts): the
// added mass against Lagrange II of the augmented Lagrangian, the compliant
// force against −∂V_c/∂q − ∂D/∂q̇ written by hand, the residual increments
// against finite differences, Theorem 1 terms, gap potentials, and the rigid
// limits (Theorem 3's restitution and duration, with and without adhesion,
// against a direct integration).
import { describe, expect, it } from 'vitest';
import { add, neg, ZERO } from '../../../src/core/expr.js';
import { evaluate } from '../../../src/core/evaluate.js';
import { simplify } from '../../../src/core/trig.js';
import { deriveLagrange2 } from '../../../src/derive/lagrange/lagrange2.js';
import { deriveSystem } from '../../../src/derive/system.js';
import { buildModel, type ModelSpec } from '../../../src/model/index.js';
import type { CompliantTerm } from '../../../src/derive/compliant/compliant.js';
import { expectClose } from '../../helpers/numeric.js';
import { rng, uniform } from '../../helpers/random.js';

// A unit point above the parabola y ≥ x²/2 (G = (−x, 1), f̈ = G q̈ − ẋ²).
const parabola = (law: unknown, extra: Partial<ModelSpec> = {}): ModelSpec => ({
  name: 'parabola',
  coordinates: ['x', 'y'],
  parameters: { g: 9.81, k: 400, c: 3, a: 2.5, N: 50 },
  kinetic: "(x'^2 + y'^2)/2",
  potential: 'g*y',
  unilateral: [{ name: 'bowl', constraint: 'y - x^2/2 >= 0', law } as never],
  initial: { q: { y: 1 } },
  ...extra,
});
const termOf = (spec: ModelSpec): CompliantTerm => deriveSystem(buildModel(spec)).compliant!.terms[0]!;
const randomState = (r: () => number) => {
  const x = uniform(r, -1, 1),
    xd = uniform(r, -2, 2),
    yd = uniform(r, -2, 2);
  const y = (x * x) / 2 - uniform(r, 0.01, 0.3);
  return { x, y, "x'": xd, "y'": yd, "x''": uniform(r, -3, 3), "y''": uniform(r, -3, 3), g: 9.81, k: 400, c: 3, a: 2.5, N: 50, t: 0 };
};

describe('added mass a ḟ²/2', () => {
  it('adds a GᵀG to M and −a β Gᵀ to the forcing: Lagrange II of T + a ḟ²/2 written out, symbolically and at 50 random states', () => {
    const term = termOf(parabola({ compliant: { addedMass: 'a' } }));
    const augmented = deriveLagrange2(buildModel({ ...parabola({ plastic: true }), unilateral: [], kinetic: "(x'^2 + y'^2)/2 + a*(y' - x*x')^2/2" }));
    const plain = deriveLagrange2(buildModel({ ...parabola({ plastic: true }), unilateral: [] }));
    // Symbolically: the differences simplify to 0.
    for (let i = 0; i < 2; i++) {
      for (let j = 0; j < 2; j++) expect(simplify(add(plain.massMatrix[i]![j]!, term.inertia!.mass[i]![j]!, neg(augmented.massMatrix[i]![j]!)))).toBe(ZERO);
      expect(simplify(add(plain.forcing[i]!, term.inertia!.forcing[i]!, neg(augmented.forcing[i]!)))).toBe(ZERO);
    }
    const r = rng(13);
    for (let s = 0; s < 50; s++) {
      const env = randomState(r);
      for (let i = 0; i < 2; i++) {
        for (let j = 0; j < 2; j++)
          expectClose(
            evaluate(plain.massMatrix[i]![j]!, env) + evaluate(term.inertia!.mass[i]![j]!, env),
            evaluate(augmented.massMatrix[i]![j]!, env),
            1e-13,
            1,
          );
        expectClose(evaluate(plain.forcing[i]!, env) + evaluate(term.inertia!.forcing[i]!, env), evaluate(augmented.forcing[i]!, env), 1e-13, 1);
      }
      // No force: F_n ≡ 0; the energy is a ḟ²/2.
      expect(evaluate(term.force, env)).toBe(0);
      expectClose(evaluate(term.energy, env), (2.5 * (env["y'"] - env.x * env["x'"]) ** 2) / 2, 1e-14, 1);
    }
  });
});

describe('the compliant force F_n = kδ^p − c(δ) ḟ along +G', () => {
  it('Hertz with Hunt–Crossley damping: F_n Gᵀ = −∂V_c/∂q − ∂D/∂q̇ with V_c = kδ^{5/2}/(5/2), D = cδ^{3/2}ḟ²/2', () => {
    const term = termOf(parabola({ compliant: { stiffness: 'k', damping: 'c', exponent: '3/2', dampingModel: 'hunt-crossley' } }));
    const r = rng(5);
    for (let s = 0; s < 50; s++) {
      const env = randomState(r);
      const delta = (env.x * env.x) / 2 - env.y;
      const fd = env["y'"] - env.x * env["x'"];
      const Fn = 400 * delta ** 1.5 - 3 * delta ** 1.5 * fd;
      expectClose(evaluate(term.force, env), Fn, 1e-13, 1);
      // G = (−x, 1).
      expectClose(evaluate(term.generalizedForce[0]!, env), -env.x * Fn, 1e-13, 1);
      expectClose(evaluate(term.generalizedForce[1]!, env), Fn, 1e-13, 1);
      expectClose(evaluate(term.potential, env), (400 * delta ** 2.5) / 2.5, 1e-13);
      expectClose(evaluate(term.rayleigh, env), (3 * delta ** 1.5 * fd * fd) / 2, 1e-13);
    }
    expect(term.inertia).toBeUndefined();
    expect(term.everywhere).toBe(false);
    expect(term.adhesion).toBe(false);
    expect(term.limit.kind).toBe('velocity-dependent');
  });

  it('the residual increments are the derivatives of −F_n Gᵀ and a Gᵀ f̈ (central differences at 20 states)', () => {
    const term = termOf(parabola({ compliant: { stiffness: 'k', damping: 'c', addedMass: 'a', exponent: '3/2' } }));
    const residual = (env: Record<string, number>): number[] =>
      [0, 1].map(
        (i) =>
          -evaluate(term.generalizedForce[i]!, env) +
          evaluate(term.inertia!.mass[i]![0]!, env) * env["x''"] +
          evaluate(term.inertia!.mass[i]![1]!, env) * env["y''"] -
          evaluate(term.inertia!.forcing[i]!, env),
      );
    const r = rng(8);
    const h = 1e-6;
    for (let s = 0; s < 20; s++) {
      const env = randomState(r);
      for (const [k, name] of ['x', 'y', "x'", "y'"].entries()) {
        const plus = residual({ ...env, [name]: env[name as keyof typeof env] + h });
        const minus = residual({ ...env, [name]: env[name as keyof typeof env] - h });
        for (let i = 0; i < 2; i++) {
          const fdiff = (plus[i]! - minus[i]!) / (2 * h);
          const block = k < 2 ? 'Rq' : 'Rqd';
          const col = k % 2;
          const analytic = evaluate(term.jacobian.force[block][i]![col]!, env) + evaluate(term.jacobian.inertia![block][i]![col]!, env);
          expectClose(analytic, fdiff, 1e-6, 10);
        }
      }
    }
  });
});

describe('gap potentials and realized retaining constraints', () => {
  it('V + e^{−Nf}: the generalized force −∂V/∂q and F_n = N e^{−Nf}, acting everywhere', () => {
    const term = termOf(parabola({ potential: 'exp(-N*f)' }));
    const env = { x: 0.4, y: 0.3, "x'": 0, "y'": 0, N: 50, t: 0 };
    const f = 0.3 - 0.08;
    expectClose(evaluate(term.force, env), 50 * Math.exp(-50 * f), 1e-13);
    expectClose(evaluate(term.generalizedForce[0]!, env), -0.4 * 50 * Math.exp(-50 * f), 1e-13);
    expect(term.everywhere).toBe(true);
    expect(term.limit.kind).toBe('elastic');
  });

  it('Theorem 1: T + αφ̇²/2, V + βφ²/2, D = γφ̇²/2 for the rod φ = x² + y² − l²', () => {
    const spec: ModelSpec = {
      name: 'rod',
      coordinates: ['x', 'y'],
      parameters: { l: 2, N: 100 },
      kinetic: "(x'^2 + y'^2)/2",
      holonomic: [{ name: 'rod', expr: 'x^2 + y^2 - l^2', realization: { addedMass: 'N', stiffness: 'N^2', viscosity: '3*N' } }],
      initial: { q: { x: 2 }, qd: { y: 1 } },
    };
    const sys = deriveSystem(buildModel(spec));
    expect(sys.constraints).toBeUndefined();
    const term = sys.compliant!.terms[0]!;
    expect(term.source).toBe('realization');
    const env = { x: 1.5, y: 1.2, "x'": 0.3, "y'": -0.7, l: 2, N: 100, t: 0 };
    const phi = 1.5 ** 2 + 1.2 ** 2 - 4,
      phid = 2 * 1.5 * 0.3 + 2 * 1.2 * -0.7;
    expectClose(evaluate(term.force, env), -(1e4 * phi + 300 * phid), 1e-13);
    expectClose(evaluate(term.energy, env), (100 * phid * phid) / 2 + (1e4 * phi * phi) / 2, 1e-13);
    expectClose(evaluate(term.inertia!.mass[0]![1]!, env), 100 * 3 * 2.4, 1e-13);
    expect(term.limit.kind).toBe('retaining');
    expect(sys.conservative).toBe(false);
  });
});

describe('rigid limits', () => {
  it("linear Kelvin–Voigt in Kozlov's scaling (c²N, 2k√N) with g₁₁ = 2: e = exp(−πk/ω), duration πg₁₁/(ω√N), ω = √(c²g₁₁ − k²)", () => {
    const spec: ModelSpec = {
      name: 'theorem-three',
      coordinates: ['x1', 'x2'],
      parameters: { c: 1.5, k: 0.7, N: 1e4, g11: 2 },
      kinetic: "g11*x1'^2/2 + x2'^2/2",
      unilateral: [{ name: 'wall', constraint: 'x1 >= 0', law: { compliant: { stiffness: 'c^2*N', damping: '2*k*sqrt(N)', adhesion: true } } }],
      initial: { q: { x1: 1 } },
    };
    const term = termOf(spec);
    if (term.limit.kind !== 'kelvin-voigt') throw new Error(`kelvin-voigt expected, got ${term.limit.kind}`);
    const env = { c: 1.5, k: 0.7, N: 1e4, g11: 2 };
    const omega = Math.sqrt(1.5 ** 2 * 2 - 0.7 ** 2);
    expectClose(evaluate(term.limit.normalMass!, env), 2, 1e-15);
    expectClose(evaluate(term.limit.ratio, env), 0.7 / omega, 1e-14);
    expectClose(evaluate(term.limit.restitution, env), Math.exp((-Math.PI * 0.7) / omega), 1e-14);
    expectClose(evaluate(term.limit.duration, env), (Math.PI * 2) / (omega * 100), 1e-14);
    // Theorem 3's condition k² < c²g₁₁ is ζ < 1: ζ² = k²/(c²g₁₁), whatever N.
    for (const N of [1, 1e4, 1e8]) expectClose(evaluate(term.limit.dampingRatio, { ...env, N }), 0.7 / (1.5 * Math.sqrt(2)), 1e-14);
  });

  // A unit-free ball m ÿ = −k y − c ẏ inside y ≤ 0, entering with speed v = 1: the restitution and
  // duration measured by RK4 on a fine fixed step, the end located by linear interpolation of the
  // gap (adhesion: the gap reopens) or of the force −k y − c ẏ (without: it falls to zero first).
  const bounce = (m: number, k: number, c: number, adhesion: boolean): { e: number; duration: number } => {
    const acc = (y: number, v: number): number => (-k * y - c * v) / m;
    const end = (y: number, v: number): number => (adhesion ? y : -k * y - c * v);
    const h = Math.sqrt(m / k) / 4000;
    let [y, v, t] = [0, -1, 0];
    for (;;) {
      const [k1y, k1v] = [v, acc(y, v)];
      const [k2y, k2v] = [v + (h / 2) * k1v, acc(y + (h / 2) * k1y, v + (h / 2) * k1v)];
      const [k3y, k3v] = [v + (h / 2) * k2v, acc(y + (h / 2) * k2y, v + (h / 2) * k2v)];
      const [k4y, k4v] = [v + h * k3v, acc(y + h * k3y, v + h * k3v)];
      const [y1, v1] = [y + (h / 6) * (k1y + 2 * k2y + 2 * k3y + k4y), v + (h / 6) * (k1v + 2 * k2v + 2 * k3v + k4v)];
      const [a, b] = [end(y, v), end(y1, v1)];
      // The force starts at c > 0 (adhesion: the gap at 0, going negative); the contact ends where it changes sign.
      if (t > 0 && (adhesion ? a < 0 && b >= 0 : a > 0 && b <= 0)) {
        const s = a / (a - b);
        return { e: v + s * (v1 - v), duration: t + s * h };
      }
      [y, v, t] = [y1, v1, t + h];
    }
  };
  const ball = (adhesion: boolean): ModelSpec => ({
    name: 'ball',
    coordinates: ['y'],
    parameters: { m: 2, k: 1e4, c: 30 },
    kinetic: "m*y'^2/2",
    unilateral: [{ name: 'floor', constraint: 'y >= 0', law: { compliant: { stiffness: 'k', damping: 'c', adhesion } } }],
    initial: { q: { y: 1 } },
  });

  it.each([
    [true, 0.05],
    [true, 0.4],
    [true, 0.9],
    [false, 0.05],
    [false, 0.258],
    [false, 0.4],
    [false, 0.9],
  ])('linear Kelvin–Voigt (adhesion %s, ζ = %s): the derived e, ζ and duration against a direct integration of m ÿ = −ky − cẏ', (adhesion, zeta) => {
    const term = termOf(ball(adhesion));
    if (term.limit.kind !== 'kelvin-voigt') throw new Error(`kelvin-voigt expected, got ${term.limit.kind}`);
    const [m, k] = [2, 1e4];
    const env = { m, k, c: 2 * zeta * Math.sqrt(k * m) };
    const measured = bounce(m, k, env.c, adhesion);
    expectClose(evaluate(term.limit.dampingRatio, env), zeta, 1e-14);
    expectClose(evaluate(term.limit.restitution, env), measured.e, 1e-7);
    expectClose(evaluate(term.limit.duration, env), measured.duration, 1e-7);
    // The closed forms in ζ alone: exp(−ζπ/√(1−ζ²)) with adhesion, exp(−2ζ arccos ζ/√(1−ζ²)) without.
    const phase = adhesion ? Math.PI : 2 * Math.acos(zeta);
    expectClose(evaluate(term.limit.restitution, env), Math.exp((-zeta * phase) / Math.sqrt(1 - zeta * zeta)), 1e-13);
  });

  it('at r = 0.2582 the contact without adhesion returns 0.5063, not the adhesive 0.4443', () => {
    const zeta = 0.2582 / Math.sqrt(1 + 0.2582 ** 2);
    const env = { m: 2, k: 1e4, c: 2 * zeta * Math.sqrt(2e4) };
    const [withAdhesion, without] = [true, false].map((a) => termOf(ball(a)).limit as Extract<CompliantTerm['limit'], { kind: 'kelvin-voigt' }>);
    expect(evaluate(withAdhesion!.restitution, env)).toBeCloseTo(0.4443, 4);
    expect(evaluate(without!.restitution, env)).toBeCloseTo(0.5063, 4);
  });

  it('stiffness alone is elastic; added mass or damping without stiffness delay the release', () => {
    expect(termOf(parabola({ compliant: { stiffness: 'k' } })).limit.kind).toBe('elastic');
    expect(termOf(parabola({ compliant: { addedMass: 'N' } })).limit.kind).toBe('delayed-release');
    expect(termOf(parabola({ compliant: { damping: 'N' } })).limit.kind).toBe('delayed-release');
  });

  it('a model with damping or a piecewise added mass is not conservative; stiffness alone is', () => {
    expect(deriveSystem(buildModel(parabola({ compliant: { stiffness: 'k' } }))).conservative).toBe(true);
    expect(deriveSystem(buildModel(parabola({ compliant: { stiffness: 'k', damping: 'c' } }))).conservative).toBe(false);
    expect(deriveSystem(buildModel(parabola({ compliant: { addedMass: 'a' } }))).conservative).toBe(false);
  });
});
