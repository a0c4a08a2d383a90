// Lagrange equations of the first kind for retaining constraints,
//   [M Aᵀ; A 0]·[q̈; λ] = [forcing; −(Ȧq̇ + ḃ)],  reaction −Aᵀλ
// (Kugushev–Sorokina (7.8), (9.3)–(9.4)): the knife edge on an incline (non-
// holonomic) against its closed-form motion, and a pendulum written in
// Cartesian coordinates with a rod constraint (holonomic) against the rod
// tension and against the same pendulum in its angle.
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../../src/core/evaluate.js';
import { toText } from '../../../src/core/print.js';
import type { ModelSpec } from '../../../src/model/index.js';
import type { LoadedModule } from '../../../src/runtime/contract.js';
import { simulate } from '../../../src/runtime/hybrid/simulate.js';
import knifeEdgeSpec from '../../../derivations/knife-edge.js';
import * as knifeEdge from '../../../generated/knife-edge.js';
import * as simplePendulum from '../../../generated/simple-pendulum.js';
import { derived, randomEnv } from '../../helpers/examples.js';
import { loadGenerated } from '../../helpers/generated-module.js';
import { canonical } from '../../helpers/hand.js';
import { expectClose, matVec, rows } from '../../helpers/numeric.js';
import { rng, uniform } from '../../helpers/random.js';

const TIGHT = { rtol: 1e-12, atol: 1e-12 } as const;

describe('knife edge on an incline: the blade constraint', () => {
  const sys = derived(knifeEdgeSpec);
  const cons = sys.constraints!;

  it('is one non-holonomic row A = [sin θ, −cos θ, 0], b = 0, named blade', () => {
    expect(cons.names).toEqual(['blade']);
    expect(cons.A.map((r) => r.map(toText))).toEqual([['sin(theta)', '-cos(theta)', '0']]);
    expect(cons.b.map(toText)).toEqual(['0']);
  });

  it("has bias Ȧq̇ + ḃ = θ'(x' cos θ + y' sin θ)", () => {
    expect(cons.bias).toHaveLength(1);
    expect(toText(cons.bias[0]!)).toBe(toText(canonical("theta'*(x'*cos(theta) + y'*sin(theta))")));
    const r = rng(3);
    for (let s = 0; s < 20; s++) {
      const e = randomEnv(sys.model, r);
      expectClose(evaluate(cons.bias[0]!, e), e["theta'"]! * (e["x'"]! * Math.cos(e.theta!) + e["y'"]! * Math.sin(e.theta!)), 1e-12, 1);
    }
  });

  it("solves the multiplier in closed form: λ = m g sin α sin θ + m θ' (x' cos θ + y' sin θ)", () => {
    const lambda = cons.multipliers![0]!;
    const r = rng(5);
    for (let s = 0; s < 20; s++) {
      const e = randomEnv(sys.model, r);
      const along = e["x'"]! * Math.cos(e.theta!) + e["y'"]! * Math.sin(e.theta!);
      expectClose(evaluate(lambda, e), e.m! * e.g! * Math.sin(e.alpha!) * Math.sin(e.theta!) + e.m! * e["theta'"]! * along, 1e-12, 1);
    }
  });

  it('is exported by the generated module as one constraint row', () => {
    expect(knifeEdge.model.constraintCount).toBe(1);
    expect(knifeEdge.model.unilateral).toEqual([]);
  });
});

// Closed form. x points down the slope (V = −m g sin α x) and the blade moves
// along (cos θ, sin θ). A has no θ column, so J θ̈ = 0: θ = ωt. Along the
// blade, v = x' cos θ + y' sin θ obeys m v̇ = m g sin α cos θ (the reaction is
// normal to the blade), so from rest v = (g sin α/ω) sin ωt and
//   x' = v cos ωt  ⇒  x = (g sin α/(2ω²)) sin² ωt,
//   y' = v sin ωt  ⇒  y = (g sin α/(2ω²)) (ωt − sin ωt cos ωt).
// Normal to the blade, n = (sin θ, −cos θ): m a·n = −m v ω = m g sin α sin θ − λ, so
//   λ = m g sin α sin ωt + m v ω = 2 m g sin α sin ωt.
function knifeEdgeClosedForm(t: number, w: number, g: number, alpha: number, m: number) {
  const k = (g * Math.sin(alpha)) / (2 * w * w);
  const [s, c] = [Math.sin(w * t), Math.cos(w * t)];
  const v = ((g * Math.sin(alpha)) / w) * s;
  return {
    q: [k * s * s, k * (w * t - s * c), w * t],
    qd: [v * c, v * s, w],
    lambda: 2 * m * g * Math.sin(alpha) * s,
  };
}

describe('knife edge on an incline: motion from rest with θ̇ = ω', () => {
  const cases = [
    { name: 'default parameters, ω = 1', w: 1, params: {} as Record<string, number> },
    { name: 'ω = 2.5 on a steeper slope', w: 2.5, params: { m: 2, J: 0.3, g: 9.81, alpha: 0.6 } },
  ];

  it.each(cases)('$name: follows the closed form over 10 s and keeps A q̇ + b = 0', ({ w, params }) => {
    const p = { m: 1, J: 0.1, g: 9.81, alpha: 0.3, ...params };
    const traj = simulate(knifeEdge, { q0: [0, 0, 0], qd0: [0, 0, w], t1: 10, samples: 201, params, ...TIGHT });
    expect(traj.t.at(-1)).toBe(10);
    let drift = 0;
    traj.t.forEach((t, i) => {
      const cf = knifeEdgeClosedForm(t, w, p.g, p.alpha, p.m);
      const [q, qd] = [traj.q[i]!, traj.qd[i]!];
      for (let k = 0; k < 3; k++) {
        expect(Math.abs(q[k]! - cf.q[k]!), `t = ${t}: q[${k}]`).toBeLessThan(1e-9);
        expect(Math.abs(qd[k]! - cf.qd[k]!), `t = ${t}: qd[${k}]`).toBeLessThan(1e-9);
      }
      drift = Math.max(drift, Math.abs(qd[0]! * Math.sin(q[2]!) - qd[1]! * Math.cos(q[2]!)));
    });
    expect(drift, 'max |x′ sin θ − y′ cos θ| over 10 s').toBeLessThanOrEqual(1e-8);
  });

  it('has multiplier λ = 2 m g sin α sin ωt along the closed form, and reaction −Aᵀλ normal to the blade', () => {
    const p = { m: 1.7, J: 0.2, g: 9.81, alpha: 0.4 };
    const w = 1.3;
    for (const t of [0.1, 0.7, 1.9, 3.3, 5.2, 8.8]) {
      const cf = knifeEdgeClosedForm(t, w, p.g, p.alpha, p.m);
      const y = knifeEdge.constraintAccelerations(t, cf.q, cf.qd, p);
      expectClose(y[3]!, cf.lambda, 1e-12, 1, `λ at t = ${t}`);
      // M q̈ − forcing = −Aᵀλ = −λ (sin θ, −cos θ, 0).
      const M = rows(knifeEdge.massMatrix(t, cf.q, p), 3);
      const f = knifeEdge.forcing(t, cf.q, cf.qd, p);
      const reaction = matVec(M, y.subarray(0, 3)).map((v, i) => v - f[i]!);
      const theta = cf.q[2]!;
      [-cf.lambda * Math.sin(theta), cf.lambda * Math.cos(theta), 0].forEach((r, i) => expectClose(reaction[i]!, r, 1e-12, 1, `reaction[${i}] at t = ${t}`));
    }
  });
});

// A pendulum in Cartesian coordinates, pivot at the origin, y up, with the
// rod as a holonomic constraint φ = x² + y² − l² = 0: A = [2x, 2y], b = 0.
// From m q̈ = (0, −m g) − Aᵀλ and A q̈ = −2|q̇|²:
//   λ = m(|q̇|² − g y)/(2(x² + y²)) = tension/(2l) on the circle,
// where the rod tension is m v²/l + m g cos θ (θ from the downward vertical,
// y = −l cos θ). λ > 0 means the rod pulls the bob toward the pivot.
const cartesianPendulum: ModelSpec = {
  name: 'cartesian-pendulum',
  title: 'Pendulum in Cartesian coordinates',
  coordinates: ['x', 'y'],
  parameters: { m: 1.5, l: 0.8, g: 9.81 },
  particles: [{ mass: 'm', position: ['x', 'y'] }],
  potential: 'm*g*y',
  holonomic: [{ name: 'rod', expr: 'x^2 + y^2 - l^2' }],
  initial: { q: { x: 0.8 * Math.sin(1), y: -0.8 * Math.cos(1) }, t1: 10 },
};

describe('pendulum in Cartesian coordinates: the rod as a holonomic constraint', async () => {
  const sys = derived(cartesianPendulum);
  const mod: LoadedModule = await loadGenerated(sys);
  const P = { m: 1.5, l: 0.8, g: 9.81 };

  it('has A = [2x, 2y], b = 0 and bias 2(x′² + y′²)', () => {
    const cons = sys.constraints!;
    expect(cons.names).toEqual(['rod']);
    expect(cons.A.map((r) => r.map(toText))).toEqual([['2*x', '2*y']]);
    expect(cons.b.map(toText)).toEqual(['0']);
    expect(toText(cons.bias[0]!)).toBe(toText(canonical("2*x'^2 + 2*y'^2")));
  });

  it('solves λ = m(x′² + y′² − g y)/(2(x² + y²)) in closed form at every state', () => {
    const r = rng(12);
    for (let s = 0; s < 20; s++) {
      const e = randomEnv(sys.model, r);
      const expected = (e.m! * (e["x'"]! ** 2 + e["y'"]! ** 2 - e.g! * e.y!)) / (2 * (e.x! ** 2 + e.y! ** 2));
      expectClose(evaluate(sys.constraints!.multipliers![0]!, e), expected, 1e-12, 1);
    }
  });

  it('has λ = rod tension / (2l) at random states on the circle, with the reaction −Aᵀλ pulling toward the pivot', () => {
    const r = rng(11);
    for (let s = 0; s < 24; s++) {
      const theta = uniform(r, -3, 3);
      const thetaDot = uniform(r, -4, 4);
      const params = { m: uniform(r, 0.5, 3), l: uniform(r, 0.3, 2), g: uniform(r, 5, 15) };
      const { m, l, g } = params;
      const q = [l * Math.sin(theta), -l * Math.cos(theta)];
      const qd = [l * thetaDot * Math.cos(theta), l * thetaDot * Math.sin(theta)];
      const tension = m * l * thetaDot ** 2 + m * g * Math.cos(theta);
      const y = mod.constraintAccelerations!(0, q, qd, params);
      expectClose(y[2]!, tension / (2 * l), 1e-12, 1, `state ${s}: λ`);
      // −Aᵀλ = −(2x, 2y)·λ = −tension · (x, y)/l: magnitude tension, toward the pivot when in tension.
      const M = rows(mod.massMatrix(0, q, params), 2);
      const f = mod.forcing(0, q, qd, params);
      const reaction = matVec(M, y.subarray(0, 2)).map((v, i) => v - f[i]!);
      expectClose(reaction[0]!, (-tension * q[0]!) / l, 1e-12, 1, `state ${s}: reaction x`);
      expectClose(reaction[1]!, (-tension * q[1]!) / l, 1e-12, 1, `state ${s}: reaction y`);
    }
  });

  it('hangs at rest with λ = m g/(2l) (tension = weight)', () => {
    const y = mod.constraintAccelerations!(0, [0, -P.l], [0, 0], P);
    expectClose(y[0]!, 0, 1e-15, 1, 'ẍ');
    expectClose(y[1]!, 0, 1e-15, 1, 'ÿ');
    expectClose(y[2]!, (P.m * P.g) / (2 * P.l), 1e-14, 1, 'λ');
  });

  it('keeps the rod length and A q̇ bounded over 10 s and swings like the pendulum written in its angle', () => {
    const theta0 = 1;
    const traj = simulate(mod, { q0: [P.l * Math.sin(theta0), -P.l * Math.cos(theta0)], qd0: [0, 0], t1: 10, samples: 201, params: P, ...TIGHT });
    const polar = simulate(simplePendulum, { q0: [theta0], qd0: [0], t1: 10, samples: 201, params: P, ...TIGHT });
    let position = 0;
    let velocity = 0;
    let angle = 0;
    traj.t.forEach((t, i) => {
      const [x, y] = traj.q[i]!;
      const [xd, yd] = traj.qd[i]!;
      position = Math.max(position, Math.abs(x! ** 2 + y! ** 2 - P.l ** 2));
      velocity = Math.max(velocity, Math.abs(2 * x! * xd! + 2 * y! * yd!));
      expect(polar.t[i]).toBe(t);
      angle = Math.max(angle, Math.abs(Math.atan2(x!, -y!) - polar.q[i]![0]!));
    });
    expect(position, 'max |x² + y² − l²| over 10 s').toBeLessThanOrEqual(1e-8);
    expect(velocity, 'max |A q̇ + b| over 10 s').toBeLessThanOrEqual(1e-8);
    expect(angle, 'max |atan2(x, −y) − θ| against the polar pendulum').toBeLessThanOrEqual(1e-7);
  });
});

// A rheonomic constraint: a mass x dragged at constant speed c (φ = x − c t,
// A = [1, 0], b = −c) pulls a second mass y through a spring k. With
// ω² = k/m and both at rest at the origin except ẋ = c:
//   y = c t − (c/ω) sin ωt,  x − y = (c/ω) sin ωt,
//   m ẍ = 0 = −k(x − y) − λ  ⇒  λ = −(k c/ω) sin ωt.
// The reaction −Aᵀλ does work at the rate q̇ᵀ(−Aᵀλ) = −λ(Aq̇) = λ b = −c λ,
// so T + V changes: dE/dt = (k c²/ω) sin ωt, E(t) = E(0) + m c²(1 − cos ωt).
const draggedPair: ModelSpec = {
  name: 'dragged-pair',
  title: 'Mass dragged at constant speed, pulling a second mass through a spring',
  coordinates: ['x', 'y'],
  parameters: { m: 1.2, k: 4.8, c: 0.5 },
  kinetic: "m*(x'^2 + y'^2)/2",
  potential: 'k*(x - y)^2/2',
  holonomic: [{ name: 'drive', expr: 'x - c*t' }],
  initial: { qd: { x: 0.5 }, t1: 10 },
};

describe('mass dragged at constant speed: a rheonomic holonomic constraint', async () => {
  const sys = derived(draggedPair);
  const mod = await loadGenerated(sys);
  const [m, k, c] = [1.2, 4.8, 0.5];
  const w = Math.sqrt(k / m);

  it('has A = [1, 0] and b = ∂φ/∂t = −c', () => {
    expect(sys.constraints!.A.map((r) => r.map(toText))).toEqual([['1', '0']]);
    expect(sys.constraints!.b.map(toText)).toEqual(['-c']);
  });

  it('follows y = ct − (c/ω) sin ωt with λ = −(kc/ω) sin ωt, and T + V grows by m c²(1 − cos ωt)', () => {
    const traj = simulate(mod, { q0: [0, 0], qd0: [c, 0], t1: 10, samples: 101, ...TIGHT });
    const e0 = traj.energy![0]!;
    traj.t.forEach((t, i) => {
      const [x, y] = traj.q[i]!;
      expect(Math.abs(x! - c * t), `x at t = ${t}`).toBeLessThan(1e-9);
      expect(Math.abs(y! - (c * t - (c / w) * Math.sin(w * t))), `y at t = ${t}`).toBeLessThan(1e-9);
      const lambda = mod.constraintAccelerations!(t, traj.q[i]!, traj.qd[i]!, {})[2]!;
      expectClose(lambda, -((k * c) / w) * Math.sin(w * t), 1e-8, 1, `λ at t = ${t}`);
      expectClose(traj.energy![i]!, e0 + m * c * c * (1 - Math.cos(w * t)), 1e-9, 1, `E at t = ${t}`);
    });
  });
});
