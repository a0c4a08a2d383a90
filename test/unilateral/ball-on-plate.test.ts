// The ball on the spring-mounted plate of derivations/ball-on-plate.ts: a
// contact against a plane fixed in a moving body (geometry-contacts.ts),
// checked against the plate's kinematics written out here (R = R_z(ψ)R_y(θ)R_x(φ),
// ω = ψ̇e_z + θ̇R_z e_y + φ̇R_zR_y e_x): the gap is the ball's height over the
// face, the slip rates are the ball's velocity relative to the plate's
// material point under it, in the symbolic rows and in the generated module;
// the impact map, the frictional impact and Moreau–Jean act on it unchanged.
import { beforeAll, describe, expect, it } from 'vitest';
import ballOnPlate from '../../derivations/ball-on-plate.js';
import { evaluate } from '../../src/core/evaluate.js';
import { rateOf } from '../../src/model/geometry/kinematics.js';
import type { LoadedModule } from '../../src/runtime/contract.js';
import { frictionalImpact } from '../../src/runtime/contact/friction-impact.js';
import { simulateMoreauJean } from '../../src/runtime/hybrid/moreau-jean.js';
import { derived } from '../helpers/examples.js';
import { loadGenerated } from '../helpers/generated-module.js';
import { rng, uniform, type Rng } from '../helpers/random.js';

type V = [number, number, number];
const add = (a: V, b: V): V => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
const sub = (a: V, b: V): V => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const scale = (k: number, a: V): V => [k * a[0], k * a[1], k * a[2]];
const dot = (a: V, b: V): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: V, b: V): V => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const times = (R: V[], v: V): V => [dot(R[0]!, v), dot(R[1]!, v), dot(R[2]!, v)];
const matmul = (A: V[], B: V[]): V[] => A.map((row) => [0, 1, 2].map((j) => row[0] * B[0]![j]! + row[1] * B[1]![j]! + row[2] * B[2]![j]!) as V);
const Rz = (a: number): V[] => [
  [Math.cos(a), -Math.sin(a), 0],
  [Math.sin(a), Math.cos(a), 0],
  [0, 0, 1],
];
const Ry = (a: number): V[] => [
  [Math.cos(a), 0, Math.sin(a)],
  [0, 1, 0],
  [-Math.sin(a), 0, Math.cos(a)],
];
const Rx = (a: number): V[] => [
  [1, 0, 0],
  [0, Math.cos(a), -Math.sin(a)],
  [0, Math.sin(a), Math.cos(a)],
];

const params = Object.fromEntries(Object.entries(ballOnPlate.parameters!).map(([k, v]) => [k, (v as { default: number }).default]));
const { m, M, c } = params as Record<string, number>;

/** The plate's kinematics and the contact's frame, by hand; q = (x, y, z, X, Y, Z, ψ, θ, φ). */
function plate(q: ArrayLike<number>, qd: ArrayLike<number>) {
  const [psi, theta, phi] = [q[6]!, q[7]!, q[8]!];
  const R = matmul(matmul(Rz(psi), Ry(theta)), Rx(phi));
  const omega = add(add(scale(qd[6]!, [0, 0, 1]), scale(qd[7]!, times(Rz(psi), [0, 1, 0]))), scale(qd[8]!, times(matmul(Rz(psi), Ry(theta)), [1, 0, 0])));
  const P: V = [q[0]!, q[1]!, q[2]!];
  const G: V = [q[3]!, q[4]!, q[5]!];
  const vP: V = [qd[0]!, qd[1]!, qd[2]!];
  const vG: V = [qd[3]!, qd[4]!, qd[5]!];
  const T = add(G, times(R, [0, 0, c!]));
  const col = (j: number): V => [R[0]![j]!, R[1]![j]!, R[2]![j]!];
  // normal [0, 0, 1] in B: the axis least along it is x, so t₁ = R e_x, t₂ = n × t₁ = R e_y.
  const [t1, t2, n] = [col(0), col(1), col(2)];
  // The velocity of P relative to the plate's material point at P.
  const u = sub(vP, add(vG, cross(omega, sub(P, G))));
  return { R, omega, P, G, T, n, t1, t2, vP, vG, u, gap: dot(n, sub(P, T)), slip: [dot(t1, sub(P, T)), dot(t2, sub(P, T))] };
}

/** A random state with the ball on the face (ξ, η from T in the face), the plate tilted at most 0.5 rad. */
function onFace(r: Rng): { q: number[]; qd: number[] } {
  const q = [0, 0, 0, uniform(r, -0.2, 0.2), uniform(r, -0.2, 0.2), uniform(r, 0.3, 0.5), uniform(r, -3, 3), uniform(r, -0.5, 0.5), uniform(r, -0.5, 0.5)];
  const { T, R } = plate(
    q,
    q.map(() => 0),
  );
  const P = add(T, times(R, [uniform(r, -0.25, 0.25), uniform(r, -0.25, 0.25), 0]));
  q.splice(0, 3, ...P);
  return { q, qd: q.map(() => uniform(r, -2, 2)) };
}

const env = (q: readonly number[], qd: readonly number[]) => {
  const coords = sys.model.coordinates;
  return {
    ...params,
    t: 0,
    ...Object.fromEntries(
      coords.flatMap((co, i) => [
        [co.name, q[i]!],
        [co.qd.name, qd[i]!],
      ]),
    ),
  };
};

const sys = derived(ballOnPlate);
let mod: LoadedModule;
beforeAll(async () => {
  mod = await loadGenerated(sys, 'derivations/ball-on-plate.ts');
});

describe('the ball against the plate’s top face (a plane fixed in the moving plate)', () => {
  it('gap n·(r_P − r_T) and slip rows tᵢ·(r_P − r_T), tᵢ fixed in the plate: the model and the generated module, to 1e-12', () => {
    const [face] = sys.model.unilateral;
    const r = rng(7);
    for (let k = 0; k < 20; k++) {
      const q = [uniform(r, -1, 1), uniform(r, -1, 1), uniform(r, 0, 1), ...onFace(r).q.slice(3)];
      const qd = q.map(() => uniform(r, -2, 2));
      const h = plate(q, qd);
      const e = env(q, qd);
      expect(Math.abs(evaluate(face!.gap, e) - h.gap)).toBeLessThan(1e-12);
      face!.slip!.forEach((s, i) => expect(Math.abs(evaluate(s, e) - h.slip[i]!)).toBeLessThan(1e-12));
      expect(Math.abs(mod.gaps!(0, q, params)[0]! - h.gap)).toBeLessThan(1e-12);
    }
  });

  it('the slip rows’ rates are the ball’s velocity relative to the plate’s material point under it, tᵢ·(v_P − v_G − ω × (r_P − r_G))', () => {
    const rate = rateOf(sys.model.coordinates);
    const rates = sys.model.unilateral[0]!.slip!.map(rate);
    const r = rng(11);
    for (let k = 0; k < 20; k++) {
      const q = [uniform(r, -1, 1), uniform(r, -1, 1), uniform(r, 0, 1), ...onFace(r).q.slice(3)];
      const qd = q.map(() => uniform(r, -2, 2));
      const h = plate(q, qd);
      const want = [dot(h.t1, h.u), dot(h.t2, h.u)];
      rates.forEach((s, i) => expect(Math.abs(evaluate(s, env(q, qd)) - want[i]!)).toBeLessThan(1e-12));
      const generated = mod.slipRates!(0, q, qd, params);
      want.forEach((w, i) => expect(Math.abs(generated[i]! - w)).toBeLessThan(1e-12));
      // The gap's rate: the relative velocity's normal part (ṅ·(r_P − r_T) = (ω × n)·d adds what v_T misses).
      expect(Math.abs(mod.gapRates!(0, q, qd, params)[0]! - dot(h.n, h.u))).toBeLessThan(1e-12);
    }
  });
});

/** M(q̇⁺ − q̇⁻) against the rows' transposes times the impulses, relative to |M q̇⁻|. */
function appellResidual(q: readonly number[], qdMinus: readonly number[], qdPlus: ArrayLike<number>, normal: number, tangential: readonly number[]): number {
  const n = q.length;
  const Mq = mod.massMatrix(0, q, params);
  const G = mod.gapJacobian!(0, q, params);
  const S = mod.slipJacobian!(0, q, params);
  let worst = 0,
    scale = 0;
  for (let i = 0; i < n; i++) {
    let lhs = 0,
      p = 0;
    for (let j = 0; j < n; j++) {
      lhs += Mq[i * n + j]! * (qdPlus[j]! - qdMinus[j]!);
      p += Mq[i * n + j]! * qdMinus[j]!;
    }
    const rhs = G[i]! * normal + tangential.reduce((acc, L, s) => acc + S[s * n + i]! * L, 0);
    worst = Math.max(worst, Math.abs(lhs - rhs));
    scale = Math.max(scale, Math.abs(p));
  }
  return worst / scale;
}

/** q̇⁻ with the ball approaching the face at relative normal speed `approach`. */
function approaching(q: readonly number[], qd: number[], approach: number): number[] {
  const h = plate(q, qd);
  const fix = -approach - dot(h.n, h.u);
  return [...add(h.vP, scale(fix, h.n)), ...qd.slice(3)];
}

const momentum = (qd: ArrayLike<number>): V => add(scale(m!, [qd[0]!, qd[1]!, qd[2]!]), scale(M!, [qd[3]!, qd[4]!, qd[5]!]));

describe('an impact of the ball on the moving plate', () => {
  it('frictionless (μ = 0): total momentum kept, relative normal velocity reversed times e, M Δq̇ = Gᵀ Λ (Appell), at random states', () => {
    const r = rng(3);
    const p = { ...params, mu: 0 };
    for (let k = 0; k < 10; k++) {
      const { q, qd } = onFace(r);
      const qdMinus = approaching(q, qd, uniform(r, 0.5, 2));
      const res = mod.impact!(0, q, qdMinus, p);
      expect(res.status).toBe('ok');
      const before = plate(q, qdMinus),
        after = plate(q, res.qdPlus);
      expect(Math.abs(dot(after.n, after.u) + params.e! * dot(before.n, before.u))).toBeLessThan(1e-10);
      const dP = sub(momentum(res.qdPlus), momentum(qdMinus));
      expect(Math.max(...dP.map(Math.abs))).toBeLessThan(1e-10);
      // The face pushes (Λ > 0), and the rows times Λ are the whole momentum jump.
      expect(res.impulses[0]!).toBeGreaterThan(0);
      expect(appellResidual(q, qdMinus, res.qdPlus, res.impulses[0]!, [0, 0])).toBeLessThan(1e-10);
    }
  });

  it('with friction (μ = 0.3): momentum kept, M Δq̇ = Gᵀ Λ_N + S_Tᵀ Λ_T, the tangential impulse within the cone', () => {
    const r = rng(5);
    for (let k = 0; k < 10; k++) {
      const { q, qd } = onFace(r);
      const qdMinus = approaching(q, qd, uniform(r, 0.5, 2));
      const res = frictionalImpact(mod, params, 0, q, qdMinus, [true]);
      expect(res.status).toBe('ok');
      const dP = sub(momentum(res.qdPlus), momentum(qdMinus));
      expect(Math.max(...dP.map(Math.abs))).toBeLessThan(1e-9);
      const LT = [res.tangentialImpulses[0]!, res.tangentialImpulses[1]!];
      expect(Math.hypot(...LT)).toBeLessThanOrEqual(params.mu! * res.impulses[0]! * (1 + 1e-9));
      expect(appellResidual(q, qdMinus, res.qdPlus, res.impulses[0]!, LT)).toBeLessThan(1e-9);
    }
  });

  it('the relative velocity, not the ground velocity, decides stick or slip', () => {
    // The plate level, spinning (ψ̇ = 3) and moving along x (Ẋ = 0.5); the ball on its face 0.2 off its centre.
    const q = [0.2, 0, 0.4 + c!, 0, 0, 0.4, 0, 0, 0];
    // The plate's point under the ball moves at v_G + ω × (r_P − r_G) = (0.5, 0.6, 0).
    // The ball moving along with it (ground velocity (0.5, 0.6, ·)): it sticks.
    const along = approaching(q, [0.5, 0.6, 0, 0.5, 0, 0, 3, 0, 0], 1);
    const stuck = frictionalImpact(mod, params, 0, q, along, [true]);
    expect(stuck.phases[0]).toBe('stick');
    const afterStick = plate(q, stuck.qdPlus);
    expect(Math.hypot(dot(afterStick.t1, afterStick.u), dot(afterStick.t2, afterStick.u))).toBeLessThan(1e-9);
    // The ball at rest in the ground, the plate's point moving under it at (0.5, 0.6): it slides, the friction impulse μΛ_N against the relative velocity.
    const still = approaching(q, [0, 0, 0, 0.5, 0, 0, 3, 0, 0], 1);
    const slid = frictionalImpact(mod, params, 0, q, still, [true]);
    expect(slid.phases[0]).toBe('slip');
    const LT = [slid.tangentialImpulses[0]!, slid.tangentialImpulses[1]!];
    expect(Math.abs(Math.hypot(...LT) - params.mu! * slid.impulses[0]!)).toBeLessThan(1e-9 * slid.impulses[0]!);
    const after = plate(q, slid.qdPlus);
    const u = [dot(after.t1, after.u), dot(after.t2, after.u)];
    // Λ_T = −μΛ_N u/|u|: the ball is dragged along the plate's motion.
    expect(Math.hypot(...u)).toBeGreaterThan(0.1);
    expect((LT[0]! * u[0]! + LT[1]! * u[1]!) / (Math.hypot(...LT) * Math.hypot(...u))).toBeCloseTo(-1, 9);
  });
});

describe('Moreau–Jean with the exact cone and the implicit Euler step, from the initial state (θ = 1, h = 2e-3, 1 s)', () => {
  // θ = 1: the step dissipates between impacts too, so T + V may not rise on
  // any step (θ = ½ lets the plate's spin trade O(h²) of it back and forth).
  const h = 2e-3;
  let run: ReturnType<typeof simulateMoreauJean>;
  beforeAll(() => {
    const { q0, qd0 } = mod.model.initial;
    run = simulateMoreauJean(mod, { q0, qd0, t1: 1, h, theta: 1, samples: { dt: h } });
  });

  it('bounces on the plate, the ball never sinking into the face beyond the scheme’s O(h·v)', () => {
    expect(run.events.filter((e) => e.type === 'impact').length).toBeGreaterThan(3);
    let lowest = 0;
    for (const q of run.q) lowest = Math.min(lowest, mod.gaps!(0, q, params)[0]!);
    const speed = Math.sqrt(2 * params.g! * 0.4) + 1;
    expect(lowest).toBeGreaterThan(-h * speed);
    // Over the plate (|ξ|, |η| < a from its centre) all along.
    for (const q of run.q) {
      const { R, P, G } = plate(
        q,
        q.map(() => 0),
      );
      const local = [0, 1].map((j) => R[0]![j]! * (P[0] - G[0]) + R[1]![j]! * (P[1] - G[1]) + R[2]![j]! * (P[2] - G[2]));
      expect(Math.max(...local.map(Math.abs))).toBeLessThan(params.a!);
    }
  });

  it('never gains energy: T + V rises on no step beyond the cone solve’s tolerance', () => {
    const E = run.energy!;
    let rise = 0;
    for (let i = 1; i < E.length; i++) rise = Math.max(rise, E[i]! - E[i - 1]!);
    expect(rise).toBeLessThan(1e-9 * Math.abs(E[0]!));
    expect(E.at(-1)!).toBeLessThan(0.95 * E[0]!);
  });
});
