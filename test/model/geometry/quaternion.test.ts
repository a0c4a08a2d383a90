// A frame given by a unit quaternion, checked against what the textbooks
// write for the rotation (R(q), the body and space angular velocities
// ω = 2(e0ė − ė0e ∓ e×ė)) and the physics of the torque-free rigid body:
// energy and the angular momentum in space conserved along a simulated run,
// Euler's equations holding at every output point, the same T and ω as the
// same body turned by Euler's angles, and derivations/free-body.ts flipping
// over about its intermediate axis only (the tennis-racket effect).
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluate } from '../../../src/core/evaluate.js';
import { sym } from '../../../src/core/expr.js';
import { deriveSystem } from '../../../src/derive/system.js';
import { groundFrame, rateOf, turnedFrame, type Frame } from '../../../src/model/geometry/kinematics.js';
import { quaternionFrame } from '../../../src/model/geometry/quaternion.js';
import { buildModel, type Model, type ModelSpec } from '../../../src/model/index.js';
import type { LoadedModule } from '../../../src/runtime/contract.js';
import { simulate } from '../../../src/runtime/hybrid/simulate.js';
import type { Trajectory } from '../../../src/runtime/hybrid/trajectory.js';
import freeBodyExample from '../../../derivations/free-body.js';
import heavyTop from '../../../derivations/heavy-top.js';
import { loadGenerated } from '../../helpers/generated-module.js';
import { cholesky, expectClose } from '../../helpers/numeric.js';
import { rng, uniform, type Rng } from '../../helpers/random.js';
import { mutate } from '../spec-cases.js';

type V3 = [number, number, number];
type Q4 = [number, number, number, number];

const cross = (a: V3, b: V3): V3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const dot3 = (a: readonly number[], b: readonly number[]): number => a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]!;
/** Hamilton's product. */
const qmul = ([a0, a1, a2, a3]: Q4, [b0, b1, b2, b3]: Q4): Q4 => [
  a0 * b0 - a1 * b1 - a2 * b2 - a3 * b3,
  a0 * b1 + a1 * b0 + a2 * b3 - a3 * b2,
  a0 * b2 - a1 * b3 + a2 * b0 + a3 * b1,
  a0 * b3 + a1 * b2 - a2 * b1 + a3 * b0,
];

/** The rotation matrix of a unit quaternion as the textbooks print it (Goldstein (4.47), Wittenburg). */
const rotation = ([e0, e1, e2, e3]: readonly number[]): V3[] => [
  [e0 ** 2 + e1 ** 2 - e2 ** 2 - e3 ** 2, 2 * (e1 * e2 - e0 * e3), 2 * (e1 * e3 + e0 * e2)],
  [2 * (e1 * e2 + e0 * e3), e0 ** 2 - e1 ** 2 + e2 ** 2 - e3 ** 2, 2 * (e2 * e3 - e0 * e1)],
  [2 * (e1 * e3 - e0 * e2), 2 * (e2 * e3 + e0 * e1), e0 ** 2 - e1 ** 2 - e2 ** 2 + e3 ** 2],
];
/** ω in body components, 2 vec(q̄ ⊗ q̇) = 2(e0ė − ė0e − e×ė); in space components the cross product changes sign. */
const bodyRate = (q: readonly number[], qd: readonly number[]): V3 => {
  const e: V3 = [q[1]!, q[2]!, q[3]!];
  const ed: V3 = [qd[1]!, qd[2]!, qd[3]!];
  const c = cross(e, ed);
  return [0, 1, 2].map((i) => 2 * (q[0]! * ed[i]! - qd[0]! * e[i]! - c[i]!)) as V3;
};
const spaceRate = (q: readonly number[], qd: readonly number[]): V3 => {
  const e: V3 = [q[1]!, q[2]!, q[3]!];
  const ed: V3 = [qd[1]!, qd[2]!, qd[3]!];
  const c = cross(e, ed);
  return [0, 1, 2].map((i) => 2 * (q[0]! * ed[i]! - qd[0]! * e[i]! + c[i]!)) as V3;
};

const freeBody = {
  name: 'quaternion-body',
  coordinates: ['e0', 'e1', 'e2', 'e3'],
  parameters: { I1: 1, I2: 2, I3: 3.5 },
  geometry: {
    frames: [{ name: 'B', quaternion: ['e0', 'e1', 'e2', 'e3'] }],
    points: [{ name: 'G', position: [0, 0, 0] }],
    bodies: [{ name: 'body', mass: 1, centre: 'G', frame: 'B', inertia: ['I1', 'I2', 'I3'] }],
  },
  // Body rates (0.3, 1, −0.6) at the identity, q̇ = ½ q ⊗ (0, ω): no principal axis, all three rates large.
  initial: { q: { e0: 1 }, qd: { e1: 0.15, e2: 0.5, e3: -0.3 }, t1: 20 },
} as const satisfies ModelSpec;
const I: V3 = [1, 2, 3.5];

describe('a frame by a unit quaternion: R(q) and ω as the textbooks write them', () => {
  const qs = ['e0', 'e1', 'e2', 'e3'].map((n) => ({ name: n, q: sym(n), qd: sym(`${n}'`), qdd: sym(`${n}''`) }));
  const frame = quaternionFrame('B', groundFrame('N'), [qs[0]!.q, qs[1]!.q, qs[2]!.q, qs[3]!.q], rateOf(qs as never));
  const at = (env: Record<string, number>, f: Frame) => ({
    R: f.R.map((row) => row.map((e) => evaluate(e, env))),
    omega: f.omega.map((e) => evaluate(e, env)),
    own: f.ownOmega!.map((e) => evaluate(e, env)),
  });

  it('at random unit quaternions and rates tangent to the sphere: R, ω in space and in the body', () => {
    const r = rng(11);
    for (let k = 0; k < 8; k++) {
      const raw = [0, 1, 2, 3].map(() => uniform(r, -1, 1));
      const q = raw.map((x) => x / Math.hypot(...raw));
      const w = [0, 1, 2, 3].map(() => uniform(r, -2, 2));
      const qd = w.map((x, i) => x - dot4(w, q) * q[i]!);
      const env = Object.fromEntries(
        qs.flatMap((c, i) => [
          [c.name, q[i]!],
          [`${c.name}'`, qd[i]!],
        ]),
      );
      const got = at(env, frame);
      rotation(q).forEach((row, i) => row.forEach((x, j) => expectClose(got.R[i]![j]!, x, 1e-14, 1, `R[${i}][${j}]`)));
      spaceRate(q, qd).forEach((x, i) => expectClose(got.omega[i]!, x, 1e-14, 1, `ω[${i}]`));
      bodyRate(q, qd).forEach((x, i) => expectClose(got.own[i]!, x, 1e-14, 1, `ω_B[${i}]`));
    }
  });

  it('from a parent turned by a about z: the rotation and ω of the product q_z(a) ⊗ q (rotations compose as quaternions multiply)', () => {
    const a = { name: 'a', q: sym('a'), qd: sym("a'"), qdd: sym("a''") };
    const rate = rateOf([a, ...qs] as never);
    const parent = turnedFrame('A', groundFrame('N'), [{ axis: 'z', angle: a.q }], rate);
    const child = quaternionFrame('B', parent, [qs[0]!.q, qs[1]!.q, qs[2]!.q, qs[3]!.q], rate);
    const r = rng(13);
    for (let k = 0; k < 6; k++) {
      const raw = [0, 1, 2, 3].map(() => uniform(r, -1, 1));
      const q = raw.map((x) => x / Math.hypot(...raw)) as Q4;
      const w = [0, 1, 2, 3].map(() => uniform(r, -2, 2));
      const qd = w.map((x, i) => x - dot4(w, q) * q[i]!) as Q4;
      const [angle, rateA] = [uniform(r, -3, 3), uniform(r, -2, 2)];
      const z: Q4 = [Math.cos(angle / 2), 0, 0, Math.sin(angle / 2)];
      const zd: Q4 = [(-Math.sin(angle / 2) * rateA) / 2, 0, 0, (Math.cos(angle / 2) * rateA) / 2];
      const total = qmul(z, q);
      const totalRate = qmul(zd, q).map((x, i) => x + qmul(z, qd)[i]!);
      const env = {
        a: angle,
        "a'": rateA,
        ...Object.fromEntries(
          qs.flatMap((c, i) => [
            [c.name, q[i]!],
            [`${c.name}'`, qd[i]!],
          ]),
        ),
      };
      const got = at(env, child);
      rotation(total).forEach((row, i) => row.forEach((x, j) => expectClose(got.R[i]![j]!, x, 1e-14, 1, `R[${i}][${j}]`)));
      spaceRate(total, totalRate).forEach((x, i) => expectClose(got.omega[i]!, x, 1e-14, 1, `ω[${i}]`));
      bodyRate(total, totalRate).forEach((x, i) => expectClose(got.own[i]!, x, 1e-14, 1, `ω_B[${i}]`));
    }
  });

  it('a frame turned by a about z, then b about x, from the quaternion frame: the rotation and ω of q ⊗ q_z(a) ⊗ q_x(b)', () => {
    const [a, b] = ['a', 'b'].map((n) => ({ name: n, q: sym(n), qd: sym(`${n}'`), qdd: sym(`${n}''`) }));
    const rate = rateOf([...qs, a, b] as never);
    const parent = quaternionFrame('B', groundFrame('N'), [qs[0]!.q, qs[1]!.q, qs[2]!.q, qs[3]!.q], rate);
    const child = turnedFrame(
      'C',
      parent,
      [
        { axis: 'z', angle: a!.q },
        { axis: 'x', angle: b!.q },
      ],
      rate,
    );
    const r = rng(19);
    for (let k = 0; k < 6; k++) {
      const raw = [0, 1, 2, 3].map(() => uniform(r, -1, 1));
      const q = raw.map((x) => x / Math.hypot(...raw)) as Q4;
      const w = [0, 1, 2, 3].map(() => uniform(r, -2, 2));
      const qd = w.map((x, i) => x - dot4(w, q) * q[i]!) as Q4;
      const [va, vb, ra, rb] = [uniform(r, -3, 3), uniform(r, -3, 3), uniform(r, -2, 2), uniform(r, -2, 2)];
      const [za, dza] = halfTurn(va, 3);
      const [xb, dxb] = halfTurn(vb, 1);
      const total = qmul(qmul(q, za), xb);
      const parts = [qmul(qmul(qd, za), xb), qmul(qmul(q, dza), xb).map((x) => x * ra), qmul(qmul(q, za), dxb).map((x) => x * rb)];
      const totalRate = [0, 1, 2, 3].map((i) => parts.reduce((s, p) => s + p[i]!, 0));
      const env = {
        a: va,
        "a'": ra,
        b: vb,
        "b'": rb,
        ...Object.fromEntries(
          qs.flatMap((c, i) => [
            [c.name, q[i]!],
            [`${c.name}'`, qd[i]!],
          ]),
        ),
      };
      const got = at(env, child);
      rotation(total).forEach((row, i) => row.forEach((x, j) => expectClose(got.R[i]![j]!, x, 1e-14, 1, `R[${i}][${j}]`)));
      spaceRate(total, totalRate).forEach((x, i) => expectClose(got.omega[i]!, x, 1e-14, 1, `ω[${i}]`));
      bodyRate(total, totalRate).forEach((x, i) => expectClose(got.own[i]!, x, 1e-14, 1, `ω_C[${i}]`));
    }
  });

  it('(cos θ/2, n sin θ/2) turns by θ about n: n is fixed and a perpendicular vector turns by θ', () => {
    const theta = 0.7;
    const n: V3 = [2 / 3, -1 / 3, 2 / 3];
    const q = [Math.cos(theta / 2), ...n.map((x) => x * Math.sin(theta / 2))];
    const env = Object.fromEntries(
      qs.flatMap((c, i) => [
        [c.name, q[i]!],
        [`${c.name}'`, 0],
      ]),
    );
    const R = at(env, frame).R;
    const turn = (v: readonly number[]): number[] => R.map((row) => dot3(row, v));
    turn(n).forEach((x, i) => expectClose(x, n[i]!, 1e-15, 1));
    const u: V3 = [1 / Math.SQRT2, 0, -1 / Math.SQRT2];
    expectClose(dot3(turn(u), u), Math.cos(theta), 1e-15, 1);
    expectClose(dot3(cross(u, turn(u) as V3), n), Math.sin(theta), 1e-15, 1);
  });
});

const dot4 = (a: readonly number[], b: readonly number[]): number => a.reduce((s, x, i) => s + x * b[i]!, 0);

/** q_z(a) or q_x(a) = (cos a/2, sin a/2 along the axis) and its derivative in a. */
const halfTurn = (a: number, axis: 1 | 3): [Q4, Q4] => {
  const q: Q4 = [Math.cos(a / 2), 0, 0, 0];
  const d: Q4 = [-Math.sin(a / 2) / 2, 0, 0, 0];
  q[axis] = Math.sin(a / 2);
  d[axis] = Math.cos(a / 2) / 2;
  return [q, d];
};

/** A random zxz state (θ off the poles) and the same motion by q = q_z(ψ) ⊗ q_x(θ) ⊗ q_z(φ), q̇ by the product rule. */
function matchingStates(r: Rng): { angles: number[]; rates: number[]; q: Q4; qd: number[] } {
  const angles = [uniform(r, -3, 3), uniform(r, 0.2, 2.9), uniform(r, -3, 3)];
  const rates = [uniform(r, -2, 2), uniform(r, -2, 2), uniform(r, -2, 2)];
  const [a, da] = halfTurn(angles[0]!, 3);
  const [b, db] = halfTurn(angles[1]!, 1);
  const [c, dc] = halfTurn(angles[2]!, 3);
  const dq = [qmul(qmul(da, b), c), qmul(qmul(a, db), c), qmul(qmul(a, b), dc)];
  return { angles, rates, q: qmul(qmul(a, b), c), qd: [0, 1, 2, 3].map((i) => dq.reduce((s, d, j) => s + d[i]! * rates[j]!, 0)) };
}

const envOf = (model: Model, q: readonly number[], qd: readonly number[], params: Record<string, number>): Record<string, number> => ({
  ...params,
  t: 0,
  ...Object.fromEntries(
    model.coordinates.flatMap((c, i) => [
      [c.name, q[i]!],
      [c.qd.name, qd[i]!],
    ]),
  ),
});

describe('the same body turned by Euler’s angles zxz gives the same T and ω (an independent route)', () => {
  it('the free body: T, ω and R agree at random states', () => {
    const euler = mutate(freeBody, {
      name: 'euler-body',
      coordinates: ['psi', 'theta', 'phi'],
      geometry: { ...freeBody.geometry, frames: [{ name: 'B', axes: 'zxz', angles: ['psi', 'theta', 'phi'] }] },
      initial: { q: { theta: 1 } },
    });
    const [qModel, eModel] = [buildModel(freeBody), buildModel(euler)];
    const cs = qModel.coordinates;
    const qFrame = quaternionFrame('B', groundFrame('N'), [cs[0]!.q, cs[1]!.q, cs[2]!.q, cs[3]!.q], rateOf(cs));
    const zxz = (['z', 'x', 'z'] as const).map((axis, k) => ({ axis, angle: eModel.coordinates[k]!.q }));
    const eFrame = turnedFrame('B', groundFrame('N'), zxz, rateOf(eModel.coordinates));
    const r = rng(5);
    for (let k = 0; k < 8; k++) {
      const { angles, rates, q, qd } = matchingStates(r);
      const params = { I1: 1, I2: 2, I3: 3.5 };
      const [qEnv, eEnv] = [envOf(qModel, q, qd, params), envOf(eModel, angles, rates, params)];
      expectClose(evaluate(qModel.T!, qEnv), evaluate(eModel.T!, eEnv), 1e-13, 1, 'T');
      qFrame.omega.forEach((w, i) => expectClose(evaluate(w, qEnv), evaluate(eFrame.omega[i]!, eEnv), 1e-13, 1, `ω[${i}]`));
      qFrame.R.forEach((row, i) => row.forEach((e, j) => expectClose(evaluate(e, qEnv), evaluate(eFrame.R[i]![j]!, eEnv), 1e-14, 1, `R[${i}][${j}]`)));
    }
  });

  it('derivations/heavy-top.ts by a quaternion: its centre off the fixed point in the turning frame, the same T and V', () => {
    const byQuaternion = mutate(heavyTop, {
      name: 'quaternion-top',
      coordinates: ['e0', 'e1', 'e2', 'e3'],
      geometry: { ...heavyTop.geometry, frames: [{ name: 'B', quaternion: ['e0', 'e1', 'e2', 'e3'] }] },
      drawing: undefined,
      initial: { q: { e0: 1 }, qd: { e3: 15 } },
    });
    const [qModel, eModel] = [buildModel(byQuaternion), buildModel(heavyTop)];
    const params = Object.fromEntries(eModel.parameters.map((p) => [p.name, p.default]));
    const r = rng(9);
    for (let k = 0; k < 8; k++) {
      const { angles, rates, q, qd } = matchingStates(r);
      const [qEnv, eEnv] = [envOf(qModel, q, qd, params), envOf(eModel, angles, rates, params)];
      expectClose(evaluate(qModel.T!, qEnv), evaluate(eModel.T!, eEnv), 1e-13, 1, 'T');
      expectClose(evaluate(qModel.V!, qEnv), evaluate(eModel.V!, eEnv), 1e-13, 1, 'V');
    }
  });
});

describe('the mass matrix with a quaternion frame is regular on the unit sphere', () => {
  /** The smallest pivot of M's Cholesky factorization at random unit q, rates tangent to the sphere, relative to M's largest diagonal entry. */
  const smallestPivot = (spec: ModelSpec): number => {
    const { model, lagrange2 } = deriveSystem(buildModel(spec));
    const r = rng(17);
    let least = Infinity;
    for (let k = 0; k < 6; k++) {
      const raw = [0, 1, 2, 3].map(() => uniform(r, -1, 1));
      const q = raw.map((x) => x / Math.hypot(...raw));
      const M = lagrange2.massMatrix.map((row) =>
        row.map((e) =>
          evaluate(
            e,
            envOf(
              model,
              q,
              q.map(() => 0),
              { I1: 1, I2: 2, I3: 3.5, m: 1, l: 1 },
            ),
          ),
        ),
      );
      const L = cholesky(M);
      expect(L, `M is not positive definite at q = ${q}`).toBeDefined();
      least = Math.min(least, ...L!.map((row, i) => row[i]! ** 2 / Math.max(...M.map((m, j) => m[j]!))));
    }
    return least;
  };

  it('a body on a frame turned by a fixed angle from the quaternion frame: the gauge term comes along (pivots ≥ 1/20 of the diagonal)', () => {
    const spec = mutate(freeBody, {
      name: 'turned-body',
      geometry: {
        ...freeBody.geometry,
        frames: [...freeBody.geometry.frames, { name: 'C', parent: 'B', axes: 'z', angles: ['pi/6'] }],
        bodies: [{ ...freeBody.geometry.bodies[0], frame: 'C' }],
      },
    });
    expect(smallestPivot(spec)).toBeGreaterThan(1 / 20);
  });

  it('three particles fixed in the frame (a rigid triangle, no inertia tensor): q̇ ∥ q scales R(q), so it has mass too', () => {
    const spec = mutate(freeBody, {
      name: 'triangle',
      parameters: { m: 1, l: 1 },
      geometry: {
        frames: freeBody.geometry.frames,
        points: [
          { name: 'P', frame: 'B', position: ['l', 0, 0] },
          { name: 'Q', frame: 'B', position: [0, 'l', 0] },
          { name: 'S', frame: 'B', position: [0, 0, 'l'] },
        ],
        bodies: ['P', 'Q', 'S'].map((c) => ({ name: c, mass: 'm', centre: c })),
      },
    });
    expect(smallestPivot(spec)).toBeGreaterThan(1 / 20);
  });
});

describe('the torque-free body by a quaternion, simulated', () => {
  let mod: LoadedModule;
  let run: Trajectory;
  const model = buildModel(freeBody);
  const p = { I1: 1, I2: 2, I3: 3.5 };
  beforeAll(async () => {
    mod = await loadGenerated(deriveSystem(model));
    run = simulate(mod, { q0: model.initial.q0, qd0: model.initial.qd0, t1: 20, samples: 201 });
  });

  it('holds |q|² = 1 as the constraint B_unit with one multiplier', () => {
    expect(model.holonomic.map((h) => h.name)).toEqual(['B_unit']);
    expect(mod.model.constraintCount).toBe(1);
  });

  it('conserves T = ½ωᵀIω and the angular momentum R·Iω in space at every output point; |q| drifts by less than 1e-6', () => {
    const momentum = (q: number[], qd: number[]): number[] => {
      const w = bodyRate(q, qd);
      const Iw = w.map((x, i) => I[i]! * x);
      return rotation(q).map((row) => dot3(row, Iw));
    };
    const energy = (q: number[], qd: number[]): number =>
      dot3(
        bodyRate(q, qd),
        bodyRate(q, qd).map((x, i) => I[i]! * x),
      ) / 2;
    const [T0, L0] = [energy(run.q[0]!, run.qd[0]!), momentum(run.q[0]!, run.qd[0]!)];
    expectClose(T0, (1 * 0.3 ** 2 + 2 * 1 + 3.5 * 0.6 ** 2) / 2, 1e-15);
    run.t.forEach((t, k) => {
      const [q, qd] = [run.q[k]!, run.qd[k]!];
      expectClose(energy(q, qd), T0, 1e-6, 0, `T at t = ${t}`);
      momentum(q, qd).forEach((x, i) => expectClose(x, L0[i]!, 1e-6, Math.hypot(...L0), `L[${i}] at t = ${t}`));
      expect(Math.abs(Math.hypot(...q) - 1), `|q| − 1 at t = ${t}`).toBeLessThan(1e-6);
    });
  });

  it('obeys Euler’s equations I₁ω̇₁ = (I₂ − I₃)ω₂ω₃, … at every output point, ω̇ = 2(e0ë − ë0e − e×ë) from the accelerations', () => {
    run.t.forEach((t, k) => {
      const [q, qd] = [run.q[k]!, run.qd[k]!];
      const qdd = [...mod.accelerations(t, q, qd, p)];
      const [w1, w2, w3] = bodyRate(q, qd);
      // The derivative of 2(e0ė − ė0e − e×ė): the terms in ė alone cancel.
      const wd = bodyRate(q, qdd);
      const scale = Math.max(...I) * (w1 ** 2 + w2 ** 2 + w3 ** 2);
      expectClose(I[0] * wd[0], (I[1] - I[2]) * w2 * w3, 1e-7, scale, `Euler 1 at t = ${t}`);
      expectClose(I[1] * wd[1], (I[2] - I[0]) * w3 * w1, 1e-7, scale, `Euler 2 at t = ${t}`);
      expectClose(I[2] * wd[2], (I[0] - I[1]) * w1 * w2, 1e-7, scale, `Euler 3 at t = ${t}`);
    });
  });
});

describe('derivations/free-body.ts: the tennis-racket effect', () => {
  let mod: LoadedModule;
  const model = buildModel(freeBodyExample);
  beforeAll(async () => {
    mod = await loadGenerated(deriveSystem(model));
  });
  /** The body's axis k (a column of R) against its direction at t = 0, along a run spun mainly about axis k. */
  const alignment = (k: 0 | 1 | 2): number[] => {
    const w: V3 = [0.01, 0.01, 0.01];
    w[k] = 2;
    const run = simulate(mod, { q0: [1, 0, 0, 0], qd0: [0, ...w.map((x) => x / 2)], t1: 20, samples: 401 });
    return run.q.map((q) => rotation(q)[k]![k]!);
  };

  it('spun about the intermediate axis it turns over (its axis reverses), and comes back', () => {
    const a = alignment(1);
    const flipped = a.findIndex((c) => c < -0.99);
    expect(flipped).toBeGreaterThan(0);
    expect(a.slice(flipped).some((c) => c > 0.99)).toBe(true);
  });

  it('spun about the minor or the major axis it keeps its axis within 3°', () => {
    for (const k of [0, 2] as const) expect(Math.min(...alignment(k))).toBeGreaterThan(Math.cos((3 * Math.PI) / 180));
  });

  it('its initial state satisfies B_unit at position and velocity level (a run starts there)', () => {
    expect(Math.hypot(...model.initial.q0)).toBe(1);
    expect(dot4(model.initial.q0, model.initial.qd0)).toBe(0);
  });
});
