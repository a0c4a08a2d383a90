// T, V and generalized forces formed from frames, points and bodies give the
// same equations as T and V written by hand: the mass matrix and forcing of
// each pair agree symbolically (simplify(a − b) = 0), and a free rigid body
// obeys Euler's equations, checked numerically at random states.
import { describe, expect, it } from 'vitest';
import { timeDerivative } from '../../../src/core/diff.js';
import { evaluate } from '../../../src/core/evaluate.js';
import { sub, ZERO, type Expr } from '../../../src/core/expr.js';
import { parseExpr } from '../../../src/core/parse.js';
import { simplify } from '../../../src/core/trig.js';
import { buildModel, type ModelSpec } from '../../../src/model/index.js';
import doublePendulum from '../../../derivations/double-pendulum.js';
import heavyTop from '../../../derivations/heavy-top.js';
import sphericalPendulum from '../../../derivations/spherical-pendulum.js';
import { derived, randomEnv } from '../../helpers/examples.js';
import { expectClose, solve } from '../../helpers/numeric.js';
import { rng } from '../../helpers/random.js';
import { mutate } from '../spec-cases.js';
import { byGeometry, expectSameEquations, handTop } from './same-equations.js';

describe('geometry and hand-written energies give the same DerivedSystem', () => {
  it('the spherical pendulum: a frame turned about z by phi, then about y by theta, the bob on its axis', () => {
    const geometry = byGeometry(sphericalPendulum, {
      frames: [{ name: 'A', axes: 'zy', angles: ['phi', 'theta'] }],
      points: [{ name: 'bob', frame: 'A', position: [0, 0, '-l'] }],
      bodies: [{ name: 'bob', mass: 'm', centre: 'bob' }],
      gravity: [0, 0, '-g'],
    });
    expectSameEquations(derived(geometry), derived(sphericalPendulum));
  });

  it('the double pendulum: two frames turned about z, the second bob placed from the first', () => {
    const geometry = byGeometry(doublePendulum, {
      frames: [
        { name: 'A', axes: 'z', angles: ['q1'] },
        { name: 'B', axes: 'z', angles: ['q2'] },
      ],
      points: [
        { name: 'P1', frame: 'A', position: [0, '-l1', 0] },
        { name: 'P2', from: 'P1', frame: 'B', position: [0, '-l2', 0] },
      ],
      bodies: [
        { name: 'upper', mass: 'm1', centre: 'P1' },
        { name: 'lower', mass: 'm2', centre: 'P2' },
      ],
      gravity: [0, '-g', 0],
    });
    expectSameEquations(derived(geometry), derived(doublePendulum));
  });

  it('the heavy symmetric top: Euler angles zxz, inertia about the centre A − m l², A − m l², C', () => {
    const geometry = byGeometry(handTop, {
      frames: [{ name: 'B', axes: 'zxz', angles: ['psi', 'theta', 'phi'] }],
      points: [{ name: 'G', frame: 'B', position: [0, 0, 'l'] }],
      bodies: [{ name: 'top', mass: 'm', centre: 'G', frame: 'B', inertia: ['A - m*l^2', 'A - m*l^2', 'C'] }],
      gravity: [0, 0, '-g'],
    });
    expectSameEquations(derived(geometry), derived(handTop));
  });

  it('derivations/heavy-top.ts: T = ½(A + m l²)(θ̇² + ψ̇²sin²θ) + ½C(φ̇ + ψ̇cosθ)² and V = m g l cosθ (A about the centre, Steiner to the fixed point)', () => {
    const geometry = buildModel(heavyTop);
    const hand = buildModel(
      mutate(heavyTop, {
        geometry: undefined,
        kinetic: "(A + m*l^2)/2*(theta'^2 + psi'^2*sin(theta)^2) + C/2*(phi' + psi'*cos(theta))^2",
        potential: 'm*g*l*cos(theta)',
      }),
    );
    expect(simplify(sub(geometry.T!, hand.T!))).toBe(ZERO);
    expect(simplify(sub(geometry.V!, hand.V!))).toBe(ZERO);
  });

  it('derivations/heavy-top.ts holds a regular precession where (A + m l²)Ω²cosθ − Cω₃Ω + m g l = 0: q̈ = 0 there', () => {
    const system = derived(heavyTop);
    const env: Record<string, number> = { m: 1, l: 0.5, A: 0.5, C: 0.3, g: 9.81, t: 0, psi: 0.3, phi: -1.1 };
    for (const [theta, Omega] of [
      [0.5, 0.8],
      [1.2, -2],
      [2.4, 1.5],
    ] as const) {
      const AO = env.A! + env.m! * env.l! ** 2;
      const omega3 = (AO * Omega ** 2 * Math.cos(theta) + env.m! * env.g! * env.l!) / (env.C! * Omega);
      Object.assign(env, { theta, "psi'": Omega, "theta'": 0, "phi'": omega3 - Omega * Math.cos(theta) });
      const M = system.lagrange2.massMatrix.map((row) => row.map((e) => evaluate(e, env)));
      const qdd = solve(
        M,
        system.lagrange2.forcing.map((e) => evaluate(e, env)),
      );
      for (const a of qdd) expect(Math.abs(a)).toBeLessThan(1e-10 * (1 + omega3 ** 2));
    }
  });

  it('the weight as a force at the bob instead of gravity: the same forcing (virtual power of F at a point)', () => {
    const geometry = byGeometry(sphericalPendulum, {
      frames: [{ name: 'A', axes: 'zy', angles: ['phi', 'theta'] }],
      points: [{ name: 'bob', frame: 'A', position: [0, 0, '-l'] }],
      bodies: [{ name: 'bob', mass: 'm', centre: 'bob' }],
      // Written in the turned frame A, so the force's components are turned back to the ground.
      forces: [{ at: 'bob', frame: 'A', vector: ['m*g*sin(theta)', 0, '-m*g*cos(theta)'] }],
    });
    expectSameEquations(derived(geometry), derived(sphericalPendulum));
  });

  it('a torque about the vertical on the pendulum frame is the generalized force of the azimuth alone', () => {
    const spec = mutate(sphericalPendulum, { parameters: { ...sphericalPendulum.parameters, tau: 0.3 } });
    const geometry = byGeometry(spec, {
      frames: [{ name: 'A', axes: 'zy', angles: ['phi', 'theta'] }],
      points: [{ name: 'bob', frame: 'A', position: [0, 0, '-l'] }],
      bodies: [{ name: 'bob', mass: 'm', centre: 'bob' }],
      gravity: [0, 0, '-g'],
      torques: [{ on: 'A', vector: [0, 0, 'tau'] }],
    });
    expectSameEquations(derived(geometry), derived(mutate(spec, { forces: { phi: 'tau' } })));
  });

  it('a spring of natural length L0 and a damper c between the origin and a point mass on the x axis: V = k(x − L0)²/2, Q = −c·ẋ where x > 0', () => {
    const hand = {
      name: 'slider',
      coordinates: ['x'],
      parameters: { m: 1, k: 3, L0: 0.5, c: 0.2 },
      kinetic: "m*x'^2/2",
      potential: 'k*(x - L0)^2/2',
      forces: { x: "-c*x'" },
      initial: { q: { x: 1 } },
    } as const satisfies ModelSpec;
    const geometry = byGeometry(mutate(hand, { forces: undefined }), {
      points: [
        { name: 'O', position: [0, 0, 0] },
        { name: 'P', position: ['x', 0, 0] },
      ],
      bodies: [{ name: 'slider', mass: 'm', centre: 'P' }],
      springs: [{ between: ['O', 'P'], stiffness: 'k', length: 'L0' }],
      dampers: [{ between: ['O', 'P'], damping: 'c' }],
    });
    // |x| is x only for x > 0: compared numerically there.
    for (const x of [0.2, 1, 3.7]) {
      const env = { x, "x'": 0.4, m: 1, k: 3, L0: 0.5, c: 0.2, t: 0 };
      expectClose(evaluate(derived(geometry).lagrange2.forcing[0]!, env), evaluate(derived(hand).lagrange2.forcing[0]!, env), 1e-13);
    }
  });

  it('a damper from the origin to a point in the plane pulls along the line: Q = −c (r·ṙ) r / |r|²', () => {
    const spec = {
      name: 'damped-point',
      coordinates: ['x', 'y'],
      parameters: { c: 0.7 },
      geometry: {
        points: [
          { name: 'O', position: [0, 0, 0] },
          { name: 'P', position: ['x', 'y', 0] },
        ],
        bodies: [{ name: 'point', mass: 1, centre: 'P' }],
        dampers: [{ between: ['O', 'P'], damping: 'c' }],
      },
      initial: { q: { x: 1 } },
    } as const satisfies ModelSpec;
    const { model } = derived(spec);
    const r = rng(3);
    for (let k = 0; k < 6; k++) {
      const env = randomEnv(model, r);
      const [x, y, vx, vy, c] = [env.x!, env.y!, env["x'"]!, env["y'"]!, env.c!];
      const pull = (-c * (x * vx + y * vy)) / (x * x + y * y);
      expectClose(evaluate(model.Q[0]!, env), pull * x, 1e-12, 1);
      expectClose(evaluate(model.Q[1]!, env), pull * y, 1e-12, 1);
    }
  });
});

describe('a rigid body spinning freely obeys Euler’s equations', () => {
  // Tait–Bryan yaw psi, pitch theta, roll phi (R = R_z R_y R_x); principal moments I1, I2, I3.
  const freeBody = {
    name: 'free-body',
    coordinates: ['psi', 'theta', 'phi'],
    parameters: { I1: 1, I2: 2, I3: 3.5 },
    geometry: {
      frames: [{ name: 'B', axes: 'zyx', angles: ['psi', 'theta', 'phi'] }],
      points: [{ name: 'G', position: [0, 0, 0] }],
      bodies: [{ name: 'body', mass: 1, centre: 'G', frame: 'B', inertia: ['I1', 'I2', 'I3'] }],
    },
    initial: { qd: { psi: 0.1, theta: 0.2, phi: 1 } },
  } as const satisfies ModelSpec;

  it('I₁ω̇₁ = (I₂ − I₃)ω₂ω₃ and its cyclic images at random states (ω in the body frame, typed for R_z R_y R_x)', () => {
    const system = derived(freeBody);
    const { model } = system;
    const scope = (name: string): Expr | undefined =>
      model.coordinates.find((c) => c.name === name)?.q ?? model.parameters.find((p) => p.name === name)?.symbol;
    const velocity = (name: string): Expr | undefined => model.coordinates.find((c) => c.name === name)?.qd;
    const read = (s: string): Expr => parseExpr(s, { symbol: scope, velocity, known: () => [] });
    const omega = ["phi' - psi'*sin(theta)", "theta'*cos(phi) + psi'*cos(theta)*sin(phi)", "-theta'*sin(phi) + psi'*cos(theta)*cos(phi)"].map(read);
    const chain = model.coordinates.flatMap((c) => [[c.name, c.qd] as const, [c.qd.name, c.qdd] as const]);
    const omegaDot = omega.map((w) => timeDerivative(w, 't', chain));
    const r = rng(7);
    for (let k = 0; k < 12; k++) {
      // Off the gimbal lock at theta = ±π/2, where the Tait–Bryan mass matrix is singular.
      const env = randomEnv(model, r, { q: { theta: [-1.2, 1.2] } });
      const M = system.lagrange2.massMatrix.map((row) => row.map((e) => evaluate(e, env)));
      const qdd = solve(
        M,
        system.lagrange2.forcing.map((e) => evaluate(e, env)),
      );
      model.coordinates.forEach((c, i) => (env[c.qdd.name] = qdd[i]!));
      const [w1, w2, w3] = omega.map((w) => evaluate(w, env)) as [number, number, number];
      const [d1, d2, d3] = omegaDot.map((w) => evaluate(w, env)) as [number, number, number];
      const I = [env.I1!, env.I2!, env.I3!] as const;
      expectClose(I[0] * d1, (I[1] - I[2]) * w2 * w3, 1e-10, 1);
      expectClose(I[1] * d2, (I[2] - I[0]) * w3 * w1, 1e-10, 1);
      expectClose(I[2] * d3, (I[0] - I[1]) * w1 * w2, 1e-10, 1);
    }
  });
});
