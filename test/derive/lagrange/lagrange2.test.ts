// Lagrange equations of the second kind, M(q) q̈ = forcing(q, q̇, t), for the
// textbook systems of derivations/, against hand derivations written out
// here: structurally where the canonical printed form is the textbook's,
// numerically at random states and parameter values everywhere.
import { describe, expect, it } from 'vitest';
import { add, cos, dependsOn, mul, neg, pow, sub, sym, ZERO, type Expr } from '../../../src/core/expr.js';
import { diff } from '../../../src/core/diff.js';
import { subs } from '../../../src/core/subs.js';
import { simplify } from '../../../src/core/trig.js';
import { evaluate, type Env } from '../../../src/core/evaluate.js';
import { collectFactors } from '../../../src/core/factor.js';
import { collectCoefficients } from '../../../src/core/coefficients.js';
import { keptSums } from '../../../src/derive/lagrange/lagrange2.js';
import { toText } from '../../../src/core/print.js';
import type { ModelSpec } from '../../../src/model/index.js';
import doublePendulum from '../../../derivations/double-pendulum.js';
import { nLinkPendulum } from '../../../derivations/n-link-pendulum.js';
import pendulumOnCart from '../../../derivations/pendulum-on-cart.js';
import simplePendulum from '../../../derivations/simple-pendulum.js';
import sphericalPendulum from '../../../derivations/spherical-pendulum.js';
import { derived, loadExamples, randomEnv, STATE_OPTIONS, type StateOptions } from '../../helpers/examples.js';
import { canonical, hand as written } from '../../helpers/hand.js';
import { cholesky, expectClose } from '../../helpers/numeric.js';
import { rng } from '../../helpers/random.js';

const STATES = 24;
// Relative to max(|a|, |b|, 1): the entries are O(1…100) at these states, so
// this is relative where it matters and 1e-12 absolute where a forcing term
// happens to pass through zero.
const RTOL = 1e-12;

interface HandDerivation {
  readonly spec: ModelSpec;
  readonly states?: StateOptions;
  /** Textbook M and forcing as numeric functions of the environment. */
  readonly M: (e: Env) => number[][];
  readonly forcing: (e: Env) => number[];
  /** Textbook M and forcing as formulas, compared with the derived canonical forms. */
  readonly printed: { readonly M: readonly (readonly string[])[]; readonly forcing: readonly string[] };
}

const v = (e: Env, name: string): number => e[name]!;

const systems: Record<string, HandDerivation> = {
  // T = ½ m l² θ̇², V = −m g l cos θ  ⇒  m l² θ̈ = −m g l sin θ.
  'simple pendulum': {
    spec: simplePendulum,
    M: (e) => [[v(e, 'm') * v(e, 'l') ** 2]],
    forcing: (e) => [-v(e, 'm') * v(e, 'g') * v(e, 'l') * Math.sin(v(e, 'theta'))],
    printed: { M: [['m*l^2']], forcing: ['-m*g*l*sin(theta)'] },
  },
  // Absolute angles from the downward vertical (e.g. Goldstein §1.6, or any
  // chaos text): (m1+m2) l1² q̈1 + m2 l1 l2 cos(q1−q2) q̈2 = −m2 l1 l2 q̇2² sin(q1−q2) − (m1+m2) g l1 sin q1,
  // m2 l1 l2 cos(q1−q2) q̈1 + m2 l2² q̈2 = m2 l1 l2 q̇1² sin(q1−q2) − m2 g l2 sin q2.
  'double pendulum': {
    spec: doublePendulum,
    M: (e) => {
      const [m1, m2, l1, l2, q1, q2] = ['m1', 'm2', 'l1', 'l2', 'q1', 'q2'].map((k) => v(e, k)) as [number, number, number, number, number, number];
      const c = m2 * l1 * l2 * Math.cos(q1 - q2);
      return [
        [(m1 + m2) * l1 ** 2, c],
        [c, m2 * l2 ** 2],
      ];
    },
    forcing: (e) => {
      const [m1, m2, l1, l2, g, q1, q2] = ['m1', 'm2', 'l1', 'l2', 'g', 'q1', 'q2'].map((k) => v(e, k)) as [
        number,
        number,
        number,
        number,
        number,
        number,
        number,
      ];
      const s = m2 * l1 * l2 * Math.sin(q1 - q2);
      return [-s * v(e, "q2'") ** 2 - (m1 + m2) * g * l1 * Math.sin(q1), s * v(e, "q1'") ** 2 - m2 * g * l2 * Math.sin(q2)];
    },
    printed: {
      M: [
        ['(m1 + m2)*l1^2', 'l1*l2*m2*cos(q1 - q2)'],
        ['l1*l2*m2*cos(q1 - q2)', 'm2*l2^2'],
      ],
      forcing: ["-m2*l1*l2*q2'^2*sin(q1 - q2) - (m1 + m2)*g*l1*sin(q1)", "m2*l1*l2*q1'^2*sin(q1 - q2) - m2*g*l2*sin(q2)"],
    },
  },
  // Cart x with a pendulum θ; F cos(wt) pushes the cart:
  // (M+m) ẍ + m l cos θ θ̈ = F cos wt + m l θ̇² sin θ,  m l cos θ ẍ + m l² θ̈ = −m g l sin θ.
  'pendulum on a cart': {
    spec: pendulumOnCart,
    M: (e) => {
      const c = v(e, 'm') * v(e, 'l') * Math.cos(v(e, 'theta'));
      return [
        [v(e, 'M') + v(e, 'm'), c],
        [c, v(e, 'm') * v(e, 'l') ** 2],
      ];
    },
    forcing: (e) => [
      v(e, 'F') * Math.cos(v(e, 'w') * v(e, 't')) + v(e, 'm') * v(e, 'l') * v(e, "theta'") ** 2 * Math.sin(v(e, 'theta')),
      -v(e, 'm') * v(e, 'g') * v(e, 'l') * Math.sin(v(e, 'theta')),
    ],
    printed: {
      M: [
        ['M + m', 'm*l*cos(theta)'],
        ['m*l*cos(theta)', 'm*l^2'],
      ],
      forcing: ["F*cos(w*t) + m*l*theta'^2*sin(theta)", '-m*g*l*sin(theta)'],
    },
  },
  // θ polar angle from the downward vertical, φ azimuth:
  // m l² θ̈ = m l² sin θ cos θ φ̇² − m g l sin θ,  m l² sin²θ φ̈ = −2 m l² sin θ cos θ θ̇ φ̇.
  'spherical pendulum': {
    spec: sphericalPendulum,
    states: { q: { theta: [0.2, Math.PI - 0.2] } },
    M: (e) => {
      const ml2 = v(e, 'm') * v(e, 'l') ** 2;
      return [
        [ml2, 0],
        [0, ml2 * Math.sin(v(e, 'theta')) ** 2],
      ];
    },
    forcing: (e) => {
      const ml2 = v(e, 'm') * v(e, 'l') ** 2;
      const [s, c] = [Math.sin(v(e, 'theta')), Math.cos(v(e, 'theta'))];
      return [ml2 * s * c * v(e, "phi'") ** 2 - v(e, 'm') * v(e, 'g') * v(e, 'l') * s, -2 * ml2 * s * c * v(e, "theta'") * v(e, "phi'")];
    },
    printed: {
      M: [
        ['m*l^2', '0'],
        ['0', 'm*l^2*sin(theta)^2'],
      ],
      forcing: ["m*l^2*sin(theta)*cos(theta)*phi'^2 - m*g*l*sin(theta)", "-2*m*l^2*sin(theta)*cos(theta)*theta'*phi'"],
    },
  },
};

for (const [system, hand] of Object.entries(systems)) {
  describe(`${system}: Lagrange II against the hand derivation`, () => {
    const sys = derived(hand.spec);
    const { massMatrix: M, forcing } = sys.lagrange2;

    it('has the textbook mass matrix and forcing in canonical form', () => {
      // M and the forcing keep a sum of masses as one factor, (m1 + m2)·l1², as the textbook writes it.
      hand.printed.M.forEach((row, i) => row.forEach((src, j) => expect(toText(M[i]![j]!), `M[${i}][${j}]`).toBe(toText(written(src)))));
      hand.printed.forcing.forEach((src, i) => expect(toText(forcing[i]!), `forcing[${i}]`).toBe(toText(written(src))));
      // Interned: equal canonical forms are the same node.
      hand.printed.M.forEach((row, i) => row.forEach((src, j) => expect(M[i]![j]).toBe(written(src))));
    });

    it(`agrees numerically with the textbook M and forcing at ${STATES} random states and parameter values`, () => {
      const r = rng(0x5eed + system.length);
      for (let s = 0; s < STATES; s++) {
        const env = randomEnv(sys.model, r, hand.states);
        const Mh = hand.M(env);
        const fh = hand.forcing(env);
        M.forEach((row, i) => row.forEach((e, j) => expectClose(evaluate(e, env), Mh[i]![j]!, RTOL, 1, `state ${s}: M[${i}][${j}]`)));
        forcing.forEach((e, i) => expectClose(evaluate(e, env), fh[i]!, RTOL, 1, `state ${s}: forcing[${i}]`));
      }
    });
  });
}

describe('double pendulum: the coupling entry', () => {
  it('M12 prints as l1*l2*m2*cos(q1 - q2) and M21 is the same node', () => {
    const M = derived(doublePendulum).lagrange2.massMatrix;
    expect(toText(M[0]![1]!)).toBe('l1*l2*m2*cos(q1 - q2)');
    expect(M[1]![0]).toBe(M[0]![1]);
  });
});

// Planar chain of point masses, absolute angles: with c_ij = l_i l_j Σ_{k ≥ max(i,j)} m_k,
//   M_ij = c_ij cos(q_i − q_j),
//   forcing_i = −Σ_j c_ij sin(q_i − q_j) q̇_j² − g l_i sin q_i Σ_{k ≥ i} m_k.
describe.each([3, 5])('%i-link pendulum: M_ij = l_i l_j cos(q_i − q_j) Σ_{k ≥ max(i,j)} m_k', (n) => {
  const sys = derived(nLinkPendulum(n));
  const { massMatrix: M, forcing } = sys.lagrange2;
  const idx = Array.from({ length: n }, (_, i) => i + 1);
  const tail = (from: number): Expr => add(...idx.filter((k) => k >= from).map((k) => sym(`m${k}`)));

  it('has exactly the textbook entries after collectFactors', () => {
    for (const i of idx) {
      for (const j of idx) {
        const l = (k: number) => sym(`l${k}`);
        const expected = i === j ? mul(pow(l(i), 2), tail(i)) : mul(l(i), l(j), cos(sub(sym(`q${i}`), sym(`q${j}`))), tail(Math.max(i, j)));
        const got = collectFactors(M[i - 1]![j - 1]!);
        expect(toText(got), `M[${i}][${j}]`).toBe(toText(expected));
        expect(got).toBe(expected);
      }
    }
    // Written out, as a reader of the 3-link equations would see it.
    if (n === 3) expect(toText(collectFactors(M[0]![1]!))).toBe('l1*l2*cos(q1 - q2)*(m2 + m3)');
  });

  it('agrees numerically with the textbook M and forcing at random states', () => {
    const r = rng(1000 + n);
    for (let s = 0; s < STATES; s++) {
      const env = randomEnv(sys.model, r);
      const c = (i: number, j: number) => env[`l${i}`]! * env[`l${j}`]! * idx.filter((k) => k >= Math.max(i, j)).reduce((a, k) => a + env[`m${k}`]!, 0);
      const q = (i: number) => env[`q${i}`]!;
      for (const i of idx) {
        for (const j of idx) expectClose(evaluate(M[i - 1]![j - 1]!, env), c(i, j) * Math.cos(q(i) - q(j)), RTOL, 1, `state ${s}: M[${i}][${j}]`);
        const fi =
          -idx.reduce((a, j) => a + c(i, j) * Math.sin(q(i) - q(j)) * env[`q${j}'`]! ** 2, 0) -
          env.g! * env[`l${i}`]! * Math.sin(q(i)) * idx.filter((k) => k >= i).reduce((a, k) => a + env[`m${k}`]!, 0);
        expectClose(evaluate(forcing[i - 1]!, env), fi, RTOL, 1, `state ${s}: forcing[${i}]`);
      }
    }
  });
});

describe('every example in derivations/: the mass matrix', async () => {
  const examples = await loadExamples();

  it('covers at least the six textbook example files', () => {
    expect(examples.map((e) => e.spec.name)).toEqual(
      expect.arrayContaining(['double-pendulum', 'knife-edge', 'n-link-pendulum', 'pendulum-on-cart', 'simple-pendulum', 'spherical-pendulum']),
    );
  });

  it.each(examples.map((e) => [e.spec.name, e] as const))('%s: M is symmetric positive definite at random states', (name, ex) => {
    const sys = derived(ex.spec);
    const r = rng(77);
    for (let s = 0; s < STATES; s++) {
      const env = randomEnv(sys.model, r, STATE_OPTIONS[name]);
      const Mv = sys.lagrange2.massMatrix.map((row) => row.map((e) => evaluate(e, env)));
      Mv.forEach((row, i) => row.forEach((x, j) => expect(x, `M[${i}][${j}] = M[${j}][${i}]`).toBe(Mv[j]![i]!)));
      expect(cholesky(Mv), `M positive definite at state ${s}`).toBeDefined();
    }
  });

  it.each(examples.map((e) => [e.spec.name, e] as const))('%s: M does not depend on the velocities', (_, ex) => {
    const sys = derived(ex.spec);
    for (const row of sys.lagrange2.massMatrix)
      for (const e of row) for (const c of sys.model.coordinates) expect(dependsOn(e, c.qd.name), `${toText(e)} depends on ${c.qd.name}`).toBe(false);
  });
});

describe('a constant mass matrix', () => {
  it('is recognized for the bouncing ball, Kozlov’s point, the compass in centre-of-mass coordinates and the simple pendulum (m l²), not for coupled pendulums', async () => {
    const constant = Object.fromEntries((await loadExamples()).map((ex) => [ex.spec.name, derived(ex.spec).lagrange2.constantMass]));
    expect(constant).toMatchObject({
      'bouncing-ball': true,
      'kozlov-release': true,
      compass: true,
      'simple-pendulum': true,
      'double-pendulum': false,
      'pendulum-on-cart': false,
    });
  });
});

describe('b and L₀ (L at q̇ = 0, one substitution for all of ∂L/∂q̇)', () => {
  it('are node for node simplify(subs(·, q̇ = 0)), collected by state monomial, on every example', async () => {
    for (const ex of await loadExamples()) {
      const { model, lagrange2 } = derived(ex.spec);
      const atRest = new Map(model.coordinates.map((c) => [c.qd.name, ZERO as Expr]));
      const form = (e: Expr): Expr => collectCoefficients(simplify(subs(e, atRest)), keptSums(model));
      expect(lagrange2.L0, ex.spec.name).toBe(form(model.L));
      model.coordinates.forEach((c, i) => expect(lagrange2.b[i], `${ex.spec.name} b[${i}]`).toBe(form(diff(model.L, c.qd.name))));
    }
  });

  it('give b = mω(−y, x) and L₀ = ½mω²(x² + y²) for a particle in a frame rotating at ω', () => {
    const rotating = derived({
      name: 'rotating-frame',
      title: 'Particle in a rotating frame',
      coordinates: [{ name: 'x' }, { name: 'y' }],
      parameters: { m: { default: 1 }, w: { default: 2 } },
      kinetic: "m*((x' - w*y)^2 + (y' + w*x)^2)/2",
      potential: '0',
      initial: { q: { x: 1, y: 0 }, t1: 1 },
    } satisfies ModelSpec);
    expect(rotating.lagrange2.b).toEqual([canonical('-m*w*y'), canonical('m*w*x')]);
    expect(rotating.lagrange2.L0).toBe(canonical('m*w^2*(x^2 + y^2)/2'));
    // Coriolis and centrifugal: mẍ = 2mωẏ + mω²x, mÿ = −2mωẋ + mω²y (the gyroscopic ∂b_j/∂q_i − ∂b_i/∂q_j).
    expect(rotating.lagrange2.forcing).toEqual([canonical("2*m*w*y' + m*w^2*x"), canonical("-2*m*w*x' + m*w^2*y")]);
  });
});

describe('the forcing, collected by velocity monomial (Christoffel symbols of M)', () => {
  it('is ∂L/∂q_i − Σ_k ∂(∂L/∂q̇_i)/∂q_k q̇_k − ∂(∂L/∂q̇_i)/∂t + Q_i of the raw L on every example and the 5-link pendulum', async () => {
    const specs = [...(await loadExamples()).map((ex) => ex.spec), nLinkPendulum(5)];
    for (const spec of specs) {
      const { model, lagrange2 } = derived(spec);
      const cs = model.coordinates;
      const r = rng(0xf0 + cs.length);
      const raw = cs.map((c, i) => {
        const p = diff(model.L, c.qd.name);
        return add(diff(model.L, c.q.name), ...cs.map((k) => neg(mul(diff(p, k.q.name), k.qd))), neg(diff(p, 't')), model.Q[i]!);
      });
      for (let s = 0; s < 4; s++) {
        const env = randomEnv(model, r);
        raw.forEach((e, i) => expectClose(evaluate(lagrange2.forcing[i]!, env), evaluate(e, env), 1e-10, 1, `${spec.name} forcing[${i}]`));
      }
    }
  });
});
