// Joints expand to frames and points: models built from revolute, prismatic,
// universal and spherical joints give the mass matrix and forcing (or T and
// V) of independently hand-written models, symbolically.
import { describe, expect, it } from 'vitest';
import { sub, ZERO } from '../../../src/core/expr.js';
import { simplify } from '../../../src/core/trig.js';
import { buildModel, type ModelSpec } from '../../../src/model/index.js';
import doublePendulum from '../../../derivations/double-pendulum.js';
import pendulumOnCart from '../../../derivations/pendulum-on-cart.js';
import { nLinkChain, nLinkPendulum } from '../../../derivations/n-link-pendulum.js';
import sphericalPendulum from '../../../derivations/spherical-pendulum.js';
import { derived } from '../../helpers/examples.js';
import { mutate } from '../spec-cases.js';
import { byGeometry, expectSameEquations, handTop } from './same-equations.js';

describe('joints give the equations of the hand-written models', () => {
  it('the double pendulum: two revolute joints about z, the second at the first rod’s end, angles relative', () => {
    // derivations/double-pendulum.ts with q2 the lower rod's angle from the upper rod: its absolute angle is q1 + q2.
    const hand = mutate(doublePendulum, {
      particles: [
        { mass: 'm1', position: ['l1*sin(q1)', '-l1*cos(q1)'] },
        { mass: 'm2', position: ['l1*sin(q1) + l2*sin(q1 + q2)', '-l1*cos(q1) - l2*cos(q1 + q2)'] },
      ],
      potential: '-m1*g*l1*cos(q1) - m2*g*(l1*cos(q1) + l2*cos(q1 + q2))',
      drawing: undefined,
    });
    const jointed = byGeometry(hand, {
      joints: [
        { type: 'revolute', child: 'A', axes: 'z', coordinates: ['q1'] },
        { type: 'revolute', parent: 'A', child: 'B', at: [0, '-l1', 0], axes: 'z', coordinates: ['q2'] },
      ],
      points: [{ name: 'P2', from: 'B', frame: 'B', position: [0, '-l2', 0] }],
      bodies: [
        { name: 'upper', mass: 'm1', centre: 'B' },
        { name: 'lower', mass: 'm2', centre: 'P2' },
      ],
      gravity: [0, '-g', 0],
    });
    expectSameEquations(derived(jointed), derived(hand));
  });

  it('derivations/n-link-pendulum.ts nLinkChain: five revolute joints give the hand-written chain with relative angles', () => {
    // The hand route with θ_i = q_1 + … + q_i: x_i = Σ_{k≤i} l_k sin θ_k, y_i = −Σ_{k≤i} l_k cos θ_k.
    const n = 5;
    const theta = (k: number): string => Array.from({ length: k }, (_, j) => `q${j + 1}`).join(' + ');
    const along = (f: string, i: number): string => Array.from({ length: i }, (_, k) => `l${k + 1}*${f}(${theta(k + 1)})`).join(' + ');
    const hand = mutate(nLinkPendulum(n), {
      name: 'relative-chain',
      particles: Array.from({ length: n }, (_, k) => ({ mass: `m${k + 1}`, position: [along('sin', k + 1), `-(${along('cos', k + 1)})`] })),
      potential: Array.from({ length: n }, (_, k) => `-m${k + 1}*g*(${along('cos', k + 1)})`).join(' + '),
      drawing: undefined,
    });
    expectSameEquations(derived(nLinkChain(n)), derived(hand));
  });

  it('derivations/pendulum-on-cart.ts: a prismatic joint along x carries a revolute joint, the push a force at the cart', () => {
    const jointed = byGeometry(mutate(pendulumOnCart, { forces: undefined }), {
      joints: [
        { type: 'prismatic', child: 'cart', axes: 'x', coordinates: ['x'] },
        { type: 'revolute', parent: 'cart', child: 'rod', axes: 'z', coordinates: ['theta'] },
      ],
      points: [{ name: 'bob', from: 'rod', frame: 'rod', position: [0, '-l', 0] }],
      bodies: [
        { name: 'cart', mass: 'M', centre: 'cart' },
        { name: 'bob', mass: 'm', centre: 'bob' },
      ],
      gravity: [0, '-g', 0],
      forces: [{ at: 'cart', vector: ['F*cos(w*t)', 0, 0] }],
    });
    expectSameEquations(derived(jointed), derived(pendulumOnCart));
  });

  it('derivations/spherical-pendulum.ts: a spherical joint (zxz by default), the bob on its z axis; the azimuth is cyclic, so T and V agree as written', () => {
    // zxz turns the bob at −l ẑ to l(−sinθ sinφ, sinθ cosφ, −cosθ): the derivation's position with φ shifted by π/2, a cyclic angle.
    const spec = byGeometry(sphericalPendulum, {
      joints: [{ type: 'spherical', child: 'A', coordinates: ['phi', 'theta', 'psi'] }],
      points: [{ name: 'bob', frame: 'A', position: [0, 0, '-l'] }],
      bodies: [{ name: 'bob', mass: 'm', centre: 'bob' }],
      gravity: [0, 0, '-g'],
    });
    const jointed = buildModel(mutate(spec, { coordinates: ['theta', 'phi', 'psi'], drawing: undefined, initial: undefined }));
    const hand = buildModel(sphericalPendulum);
    expect(simplify(sub(jointed.T!, hand.T!))).toBe(ZERO);
    expect(simplify(sub(jointed.V!, hand.V!))).toBe(ZERO);
  });

  it('the heavy top on a spherical joint at its fixed point, the body-fixed sequence zxz: Landau–Lifshitz §35', () => {
    const jointed = byGeometry(handTop, {
      joints: [{ type: 'spherical', child: 'B', axes: 'zxz', coordinates: ['psi', 'theta', 'phi'] }],
      points: [{ name: 'G', frame: 'B', position: [0, 0, 'l'] }],
      bodies: [{ name: 'top', mass: 'm', centre: 'G', frame: 'B', inertia: ['A - m*l^2', 'A - m*l^2', 'C'] }],
      gravity: [0, 0, '-g'],
    });
    expectSameEquations(derived(jointed), derived(handTop));
  });

  it('a top on a spherical joint zyx (yaw psi, pitch theta, roll phi about its axis x): ω_x = φ̇ − ψ̇ sinθ, ω_y² + ω_z² = θ̇² + ψ̇² cos²θ', () => {
    // A, C the moments about the fixed point; the centre at l on the axis, at height −l sinθ.
    const hand = {
      name: 'hand-yaw-pitch-roll-top',
      coordinates: ['psi', 'theta', 'phi'],
      parameters: { A: 2, C: 1, m: 1, g: 9.81, l: 0.5 },
      kinetic: "A/2*(theta'^2 + psi'^2*cos(theta)^2) + C/2*(phi' - psi'*sin(theta))^2",
      potential: '-m*g*l*sin(theta)',
      initial: { q: { theta: 0.5 }, qd: { phi: 10 } },
    } as const satisfies ModelSpec;
    const jointed = byGeometry(hand, {
      joints: [{ type: 'spherical', child: 'B', axes: 'zyx', coordinates: ['psi', 'theta', 'phi'] }],
      points: [{ name: 'G', frame: 'B', position: ['l', 0, 0] }],
      bodies: [{ name: 'top', mass: 'm', centre: 'G', frame: 'B', inertia: ['C', 'A - m*l^2', 'A - m*l^2'] }],
      gravity: [0, 0, '-g'],
    });
    expectSameEquations(derived(jointed), derived(hand));
  });

  it('a universal joint xy: the bob at l(−sin b, cos b sin a, −cos b cos a), so T = ½ m l²(ḃ² + cos²b ȧ²), V = −m g l cos a cos b', () => {
    const hand = {
      name: 'gimbal-pendulum',
      coordinates: ['a', 'b'],
      parameters: { m: 1, l: 1, g: 9.81 },
      kinetic: "m*l^2/2*(b'^2 + cos(b)^2*a'^2)",
      potential: '-m*g*l*cos(a)*cos(b)',
      initial: { q: { a: 0.3 } },
    } as const satisfies ModelSpec;
    const jointed = byGeometry(hand, {
      joints: [{ type: 'universal', child: 'A', axes: 'xy', coordinates: ['a', 'b'] }],
      points: [{ name: 'bob', frame: 'A', position: [0, 0, '-l'] }],
      bodies: [{ name: 'bob', mass: 'm', centre: 'bob' }],
      gravity: [0, 0, '-g'],
    });
    expectSameEquations(derived(jointed), derived(hand));
  });
});
