// Hamilton's equations by the Legendre transform, H = ½(p − b)ᵀM⁻¹(p − b) − L₀
// (Kugushev–Sorokina (11.3)): the explicit H of small systems against the
// textbook Hamiltonians, and the canonical equations against Lagrange's
// (q̇ = ∂H/∂p inverts p = Mq̇ + b; ṗ = −∂H/∂q + Q equals ∂L/∂q + Q).
import { describe, expect, it } from 'vitest';
import { add, HALF, mul, neg, pow, sym, cos } from '../../../src/core/expr.js';
import { evaluate, type Env } from '../../../src/core/evaluate.js';
import { toText } from '../../../src/core/print.js';
import { EXPLICIT_LIMIT } from '../../../src/derive/lagrange/hamilton.js';
import type { DerivedSystem } from '../../../src/derive/system.js';
import { momentumName } from '../../../src/model/names.js';
import type { ModelSpec } from '../../../src/model/index.js';
import doublePendulum from '../../../derivations/double-pendulum.js';
import knifeEdge from '../../../derivations/knife-edge.js';
import nLink from '../../../derivations/n-link-pendulum.js';
import { nLinkPendulum } from '../../../derivations/n-link-pendulum.js';
import pendulumOnCart from '../../../derivations/pendulum-on-cart.js';
import simplePendulum from '../../../derivations/simple-pendulum.js';
import sphericalPendulum from '../../../derivations/spherical-pendulum.js';
import { derived, randomEnv, type StateOptions } from '../../helpers/examples.js';
import { expectClose } from '../../helpers/numeric.js';
import { rng, uniform } from '../../helpers/random.js';

const STATES = 24;
const RTOL = 1e-12;

const explicit = (sys: DerivedSystem) => {
  const x = sys.hamilton.explicit;
  if (!x) throw new Error(`${sys.model.name}: no explicit Hamiltonian`);
  return x;
};

/** The environment with momenta p_i = ∂L/∂q̇_i (evaluated from the derived momenta) added. */
function withMomenta(sys: DerivedSystem, env: Env): Record<string, number> {
  const out: Record<string, number> = { ...env };
  sys.model.coordinates.forEach((c, i) => (out[momentumName(c.name)] = evaluate(sys.lagrange2.momenta[i]!, env)));
  return out;
}

/** An environment with random momenta (and no velocities) for comparing H(q, p). */
function canonicalEnv(sys: DerivedSystem, r: () => number, states?: StateOptions): Record<string, number> {
  const env = randomEnv(sys.model, r, states);
  for (const c of sys.model.coordinates) {
    delete env[c.qd.name];
    env[momentumName(c.name)] = uniform(r, -3, 3);
  }
  return env;
}

interface TextbookHamiltonian {
  readonly spec: ModelSpec;
  readonly states?: StateOptions;
  readonly H: (e: Env) => number;
}

const p = (e: Env, x: string): number => e[momentumName(x)]!;

const textbook: Record<string, TextbookHamiltonian> = {
  // H = p_θ²/(2ml²) − mgl cos θ.
  'simple pendulum': {
    spec: simplePendulum,
    H: (e) => p(e, 'theta') ** 2 / (2 * e.m! * e.l! ** 2) - e.m! * e.g! * e.l! * Math.cos(e.theta!),
  },
  // H = p_θ²/(2ml²) + p_φ²/(2ml² sin²θ) − mgl cos θ.
  'spherical pendulum': {
    spec: sphericalPendulum,
    states: { q: { theta: [0.2, Math.PI - 0.2] } },
    H: (e) => {
      const ml2 = e.m! * e.l! ** 2;
      return p(e, 'theta') ** 2 / (2 * ml2) + p(e, 'phi') ** 2 / (2 * ml2 * Math.sin(e.theta!) ** 2) - e.m! * e.g! * e.l! * Math.cos(e.theta!);
    },
  },
  // H = [m2 l2² p1² + (m1+m2) l1² p2² − 2 m2 l1 l2 p1 p2 cos(q1−q2)] / [2 m2 l1² l2² (m1 + m2 sin²(q1−q2))]
  //     − (m1+m2) g l1 cos q1 − m2 g l2 cos q2.
  'double pendulum': {
    spec: doublePendulum,
    H: (e) => {
      const { m1, m2, l1, l2, g, q1, q2 } = e as Record<string, number>;
      const [p1, p2] = [p(e, 'q1'), p(e, 'q2')];
      const num = m2 * l2 ** 2 * p1 ** 2 + (m1! + m2!) * l1! ** 2 * p2 ** 2 - 2 * m2! * l1! * l2! * p1 * p2 * Math.cos(q1! - q2!);
      const den = 2 * m2! * l1! ** 2 * l2! ** 2 * (m1! + m2! * Math.sin(q1! - q2!) ** 2);
      return num / den - (m1! + m2!) * g! * l1! * Math.cos(q1!) - m2! * g! * l2! * Math.cos(q2!);
    },
  },
  // det M = m l² (M + m sin²θ);  H = [m l² p_x² − 2 m l cos θ p_x p_θ + (M+m) p_θ²] / (2 det M) − m g l cos θ.
  'pendulum on a cart': {
    spec: pendulumOnCart,
    H: (e) => {
      const { M, m, l, g, theta } = e as Record<string, number>;
      const [px, pt] = [p(e, 'x'), p(e, 'theta')];
      const det = m! * l! ** 2 * (M! + m! * Math.sin(theta!) ** 2);
      return (m! * l! ** 2 * px ** 2 - 2 * m! * l! * Math.cos(theta!) * px * pt + (M! + m!) * pt ** 2) / (2 * det) - m! * g! * l! * Math.cos(theta!);
    },
  },
  // H = (p_x² + p_y²)/(2m) + p_θ²/(2J) − m g sin α x (x down the slope; the blade constraint is not in H).
  'knife edge': {
    spec: knifeEdge,
    H: (e) => (p(e, 'x') ** 2 + p(e, 'y') ** 2) / (2 * e.m!) + p(e, 'theta') ** 2 / (2 * e.J!) - e.m! * e.g! * Math.sin(e.alpha!) * e.x!,
  },
};

for (const [system, tb] of Object.entries(textbook)) {
  describe(`${system}: Hamiltonian`, () => {
    const sys = derived(tb.spec);

    it(`explicit H equals the textbook H(q, p) at ${STATES} random states and parameter values`, () => {
      const { H } = explicit(sys);
      const r = rng(0x4a11 + system.length);
      for (let s = 0; s < STATES; s++) {
        const env = canonicalEnv(sys, r, tb.states);
        expectClose(evaluate(H, env), tb.H(env), RTOL, 1, `state ${s}: H`);
      }
    });
  });
}

describe('simple pendulum: Hamiltonian', () => {
  it('prints as p_θ²/(2ml²) − mgl cos θ in canonical form', () => {
    const { H } = explicit(derived(simplePendulum));
    const [m, l, g, theta] = ['m', 'l', 'g', 'theta'].map(sym) as [
      ReturnType<typeof sym>,
      ReturnType<typeof sym>,
      ReturnType<typeof sym>,
      ReturnType<typeof sym>,
    ];
    const expected = add(mul(HALF, pow(sym(momentumName('theta')), 2), pow(m, -1), pow(l, -2)), neg(mul(m, g, l, cos(theta))));
    expect(toText(H)).toBe(toText(expected));
    expect(H).toBe(expected);
  });
});

// Legendre transform checks on every system with an explicit H, plus the
// 3-link pendulum (the largest explicit case) and a particle in a rotating
// frame, where b ≠ 0 so that p = Mq̇ + b is not just Mq̇.
const rotatingFrame: ModelSpec = {
  name: 'rotating-frame-particle',
  coordinates: ['x', 'y'],
  parameters: { m: 1.3, W: 0.7, k: 2 },
  // Velocity in the inertial frame: (x' − W y, y' + W x); an isotropic spring to the origin.
  kinetic: "m*((x' - W*y)^2 + (y' + W*x)^2)/2",
  potential: 'k*(x^2 + y^2)/2',
};

// Viscous damping Q = −c θ̇: in canonical form ṗ must see Q(q, ∂H/∂p).
const dampedPendulum: ModelSpec = {
  ...simplePendulum,
  name: 'damped-pendulum',
  parameters: { m: 1, l: 1, g: 9.81, c: 0.3 },
  forces: { theta: "-c*theta'" },
};

const legendre: Record<string, { spec: ModelSpec; states?: StateOptions; conservative: boolean }> = {
  'simple pendulum': { spec: simplePendulum, conservative: true },
  'double pendulum': { spec: doublePendulum, conservative: true },
  'spherical pendulum': { spec: sphericalPendulum, states: { q: { theta: [0.2, Math.PI - 0.2] } }, conservative: true },
  'pendulum on a cart': { spec: pendulumOnCart, conservative: false },
  'knife edge': { spec: knifeEdge, conservative: true },
  '3-link pendulum': { spec: nLinkPendulum(3), conservative: true },
  'particle in a rotating frame': { spec: rotatingFrame, conservative: false },
  'damped pendulum': { spec: dampedPendulum, conservative: false },
};

for (const [system, { spec, states, conservative }] of Object.entries(legendre)) {
  describe(`${system}: canonical equations agree with Lagrange's`, () => {
    const sys = derived(spec);
    const { H, qdot, pdot } = explicit(sys);

    it('q̇ = ∂H/∂p at p = Mq̇ + b gives back q̇', () => {
      const r = rng(31 + system.length);
      for (let s = 0; s < STATES; s++) {
        const env = withMomenta(sys, randomEnv(sys.model, r, states));
        // ∂H/∂p must not see q̇ (it is a function of q, p, t): evaluate without velocities.
        const canonical = Object.fromEntries(Object.entries(env).filter(([k]) => !k.endsWith("'")));
        sys.model.coordinates.forEach((c, i) => expectClose(evaluate(qdot[i]!, canonical), env[c.qd.name]!, RTOL, 1, `state ${s}: ${c.name}'`));
      }
    });

    it('ṗ = −∂H/∂q + Q equals ∂L/∂q + Q at corresponding states', () => {
      const r = rng(57 + system.length);
      for (let s = 0; s < STATES; s++) {
        const env = withMomenta(sys, randomEnv(sys.model, r, states));
        const canonical = Object.fromEntries(Object.entries(env).filter(([k]) => !k.endsWith("'")));
        sys.model.coordinates.forEach((c, i) => {
          const expected = evaluate(sys.lagrange2.dLdq[i]!, env) + evaluate(sys.model.Q[i]!, env);
          expectClose(evaluate(pdot[i]!, canonical), expected, 1e-11, 1, `state ${s}: ṗ[${c.name}]`);
        });
      }
    });

    if (conservative) {
      it('H(q, p(q̇)) equals the energy T + V', () => {
        expect(sys.energy).toBeDefined();
        const r = rng(71 + system.length);
        for (let s = 0; s < STATES; s++) {
          const env = withMomenta(sys, randomEnv(sys.model, r, states));
          expectClose(evaluate(H, env), evaluate(sys.energy!, env), RTOL, 1, `state ${s}: H vs T + V`);
        }
      });
    }
  });
}

describe('particle in a rotating frame: Hamiltonian with gyroscopic terms', () => {
  const sys = derived(rotatingFrame);

  it('has b = mW(−y, x) and H = |p − b|²/(2m) − ½mW²(x² + y²) + ½k(x² + y²) (the Jacobi integral, not T + V)', () => {
    const { H } = explicit(sys);
    const r = rng(5);
    for (let s = 0; s < STATES; s++) {
      const env = canonicalEnv(sys, r);
      const { m, W, k, x, y } = env as Record<string, number>;
      const [px, py] = [p(env, 'x'), p(env, 'y')];
      const b = [-m! * W! * y!, m! * W! * x!];
      expectClose(evaluate(sys.lagrange2.b[0]!, env), b[0]!, RTOL, 1, 'b_x');
      expectClose(evaluate(sys.lagrange2.b[1]!, env), b[1]!, RTOL, 1, 'b_y');
      const r2 = x! ** 2 + y! ** 2;
      const expected = ((px - b[0]!) ** 2 + (py - b[1]!) ** 2) / (2 * m!) - 0.5 * m! * W! ** 2 * r2 + 0.5 * k! * r2;
      expectClose(evaluate(H, env), expected, RTOL, 1, `state ${s}: H`);
    }
  });
});

describe('4-link pendulum: above the explicit limit', () => {
  it(`keeps momentum symbols but derives no explicit H (n > ${EXPLICIT_LIMIT})`, () => {
    const sys = derived(nLink);
    expect(sys.model.coordinates).toHaveLength(4);
    expect(sys.hamilton.explicit).toBeUndefined();
    expect(sys.hamilton.p.map((s) => s.name)).toEqual(['p[q1]', 'p[q2]', 'p[q3]', 'p[q4]']);
  });
});
