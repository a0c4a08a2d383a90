// Smirnov's pendulum with friction in the hinge (src/derive/friction/journal.ts;
// smirnov1981 §2, examples 3 and 4): the n-gon journal (2.4) against the
// iterated axes form (2.6), the frictionless limit, the sign of the
// dissipation, the determinant Δₖ in closed form, and the self-locking
// threshold (2.5) on both sides.
import { describe, expect, it } from 'vitest';
import {
  axesContraction,
  axesJournal,
  journalConvergence,
  journalSelfLocking,
  pendulumAcceleration,
  pendulumHinge,
  polygonCriticalReduced,
  polygonJournal,
  type HingeState,
  type Journal,
  type Pendulum,
} from '../../../src/derive/friction/journal.js';
import { chooseOption } from '../../../src/derive/friction/support-selection.js';
import { MechanicsError } from '../../../src/errors.js';
import { expectClose } from '../../helpers/numeric.js';

// A compound pendulum: m = 1 kg, l = 1 m, I = 1.25 kg m² about the hinge
// (I_c = 0.25), g = 9.81 — a body, so M = diag(m, m, I − m l²) is regular.
const body: Pendulum = { mass: 1, length: 1, inertia: 1.25, gravity: 9.81 };
const P = body.mass * body.gravity;
const journal: Journal = { radius: 0.5, friction: 0.4, reduced: 0.4 };
const SIDES = [3, 4, 6, 8, 12, 24, 48, 96];

/** q̇ = (ẋ_c, ẏ_c, φ̇) of the pendulum (the pin at rest). */
const qdot = (phi: number, w: number): number[] => [-body.length * Math.sin(phi) * w, body.length * Math.cos(phi) * w, w];

/** dE/dt = q̇ᵀ(M q̈ − Q): the power of the hinge forces, from the accelerations alone. */
function power(h: HingeState, phi: number, w: number, qdd: readonly number[]): number {
  const v = qdot(phi, w);
  return h.mass.reduce((s, row, i) => s + v[i]! * (row.reduce((a, m, k) => a + m * qdd[k]!, 0) - h.force[i]!), 0);
}

describe('the frictionless limit (f = f_r = 0) is the plain pendulum φ̈ = −P l sin φ / I', () => {
  const smooth: Journal = { radius: 0.5, friction: 0, reduced: 0 };
  it.each([
    [0.7, 2],
    [-1.2, 0.3],
    [2.5, -4],
    [0, 0],
  ])('φ = %d, φ̇ = %d: every n-gon and the iteration', (phi, w) => {
    const exact = (-P * body.length * Math.sin(phi)) / body.inertia;
    for (const n of SIDES) expectClose(pendulumAcceleration(body, smooth, phi, w, n).phiddot!, exact, 1e-13, 1, `n = ${n}`);
    const axes = axesJournal(pendulumHinge(body, phi, w), smooth);
    expect(axes.status).toBe('converged');
    expectClose(axes.motion.accelerations[2]!, exact, 1e-13, 1);
    // m a_c = P + N with a_c = l φ̈ e_t − l φ̇² e_r: N = −m l φ̇² e_r − P e_x − (m l² P sin φ / I) e_t
    const { mass: m, length: l, inertia: I } = body;
    const [er, et] = [
      [Math.cos(phi), Math.sin(phi)],
      [-Math.sin(phi), Math.cos(phi)],
    ];
    const N = [0, 1].map((i) => -m * l * w * w * er[i]! - (i === 0 ? P : 0) - ((m * l * l * P * Math.sin(phi)) / I) * et[i]!);
    N.forEach((x, i) => expectClose(axes.motion.normal[i]!, x, 1e-13, P));
  });
  it('at rest hanging straight down the resultant passes through vertex 0: both neighbouring pairs bear on it alone (F(s) = ½), one variant', () => {
    const r = polygonJournal(pendulumHinge(body, 0, 0), journal, 8);
    expect(r.choice).toMatchObject({ kind: 'realized', chosen: { key: '0' } });
    const bearing = r.variants.filter((v) => v.reactions!.every((N) => N >= -1e-12 * P));
    expect(bearing.map((v) => v.vertices)).toEqual([
      [0, 1],
      [7, 0],
    ]);
    expectClose(Math.hypot(...r.motion!.normal), P, 1e-14);
    expect(r.motion!.accelerations[2]).toBeCloseTo(0, 14);
  });
});

describe('the friction moment opposes φ̇ and dissipates', () => {
  const states = [
    [0.7, 2],
    [0.7, -2],
    [1.3, 0.5],
    [-0.4, 3],
    [2.9, -1],
  ];
  it.each(states)('φ = %d, φ̇ = %d: dE/dt = μ φ̇ = −f_r r |N| |φ̇| < 0 (n-gon n = 12 and iteration)', (phi, w) => {
    const h = pendulumHinge(body, phi, w);
    const gon = polygonJournal(h, journal, 12).motion!;
    const axes = axesJournal(h, journal).motion;
    for (const m of [gon, axes]) {
      expect(Math.sign(m.frictionMoment)).toBe(-Math.sign(w));
      expectClose(power(h, phi, w, m.accelerations), m.frictionMoment * w, 1e-10, Math.abs(m.frictionMoment * w));
    }
    // the iteration's moment is f_r r |N| at its fixed point
    expectClose(-axes.frictionMoment * Math.sign(w), journal.reduced * journal.radius * Math.hypot(...axes.normal), 1e-11);
  });
  it('I φ̈ = −P l sin φ + μ: the reaction and the friction force pass through the hinge', () => {
    const phi = 0.7;
    const m = axesJournal(pendulumHinge(body, phi, 2), journal).motion;
    expectClose(body.inertia * m.accelerations[2]!, -P * body.length * Math.sin(phi) + m.frictionMoment, 1e-13, P);
  });
});

describe('(2.4) the n-gon journal', () => {
  // Δₖ by hand: column k of (1.1) is D((I + f s J₉₀)uₖ + c s e_t), D = J M⁻¹Jᵀ,
  // uₖ = −e(φ + 2πk/n), e_t = (−sin φ, cos φ), c = f_r r m l / I (D⁻¹ J M⁻¹ w
  // = (m l / I)(sin φ, −cos φ)). With A = √(1+f²) and det D = I/(m² I_c):
  //   Δₖ = det D · 2A sin(π/n) [A cos(π/n) − c s sin(2πk/n + π/n + s arctg f)].
  // Smirnov prints 2π/n for the second π/n and no s before f₁: his vertex
  // numbering and φ̇ > 0, it seems; the condition (2.5) is the same.
  it.each([
    [5, 0.7, 2],
    [12, 0.7, -2],
    [7, -2, 1],
  ])('n = %i, φ = %d, φ̇ = %d: Δₖ in closed form, and without friction det D sin(2π/n)', (n, phi, w) => {
    const { mass: m, length: l, inertia: I } = body;
    const A = Math.hypot(1, journal.friction);
    const c = (journal.reduced * journal.radius * m * l) / I;
    const s = Math.sign(w);
    const detD = I / (m * m * (I - m * l * l));
    polygonJournal(pendulumHinge(body, phi, w), journal, n).variants.forEach((v, k) => {
      const hand =
        detD *
        2 *
        A *
        Math.sin(Math.PI / n) *
        (A * Math.cos(Math.PI / n) - c * s * Math.sin((2 * Math.PI * k) / n + Math.PI / n + s * Math.atan(journal.friction)));
      expectClose(v.det, hand, 1e-13, detD);
      expectClose(v.frictionlessDet, detD * Math.sin((2 * Math.PI) / n), 1e-13, detD);
    });
  });
  it('one pair of vertices is realized, its reactions ≥ 0, and its moment lies between f_r r |N| and f_r r |N| sec(π/n)', () => {
    for (const n of SIDES) {
      const r = polygonJournal(pendulumHinge(body, 0.7, 2), journal, n);
      expect(r.choice.kind).toBe('realized');
      const N = Math.hypot(...r.motion!.normal);
      const M = -r.motion!.frictionMoment / (journal.reduced * journal.radius);
      expect(M).toBeGreaterThanOrEqual(N * (1 - 1e-14));
      expect(M).toBeLessThanOrEqual((N / Math.cos(Math.PI / n)) * (1 + 1e-14));
    }
  });
  it('rotating the bearing frame changes nothing physical', () => {
    const h = pendulumHinge(body, 0.7, -2);
    const b = 0.3;
    const R = (v: readonly number[], i: number): number[] =>
      i === 0 ? v.map((x, k) => Math.cos(b) * x - Math.sin(b) * h.rows[1][k]!) : v.map((x, k) => Math.sin(b) * h.rows[0][k]! + Math.cos(b) * x);
    const turned: HingeState = {
      ...h,
      rows: [R(h.rows[0], 0), R(h.rows[1], 1)],
      bias: [Math.cos(b) * h.bias[0] - Math.sin(b) * h.bias[1], Math.sin(b) * h.bias[0] + Math.cos(b) * h.bias[1]],
      angle: h.angle + b,
    };
    expectClose(polygonJournal(turned, journal, 24).motion!.accelerations[2]!, polygonJournal(h, journal, 24).motion!.accelerations[2]!, 1e-12);
    expectClose(axesJournal(turned, journal).motion.accelerations[2]!, axesJournal(h, journal).motion.accelerations[2]!, 1e-11);
    expectClose(journalSelfLocking(turned, journal).critical, journalSelfLocking(h, journal).critical, 1e-13);
  });
});

describe('the n-gon converges to the iterated (2.6) as n grows', () => {
  // The n-gon differs from (2.6) only in its moment: f_r r τₙ with
  // τₙ = Nᵢ + Nᵢ₊₁ ∈ [|N|, |N| sec(π/n)]. The axes' map F: τ ↦ |N(τ)| has
  // slope κ = c/√(1+f²) (c = f_r r m l / I), so |τₙ − τ*| ≤ (sec(π/n) − 1)|Nₙ|/(1 − κ)
  // and, φ̈ being I⁻¹(−P l sin φ − f_r r s τ), |φ̈ₙ − φ̈*| ≤ f_r r I⁻¹ of that.
  const kappa = (journal.reduced * journal.radius * body.mass * body.length) / body.inertia / Math.hypot(1, journal.friction);
  const states = [
    [0.7, 2],
    [0.7, -2],
    [1.3, 0.5],
    [0, 3],
  ];
  it.each(states)('φ = %d, φ̇ = %d: each error within the bound (sec(π/n) − 1)|Nₙ| f_r r / (I (1 − κ))', (phi, w) => {
    const table = journalConvergence(body, journal, phi, w, SIDES);
    expect(table.limit.status).toBe('converged');
    for (const row of table.rows) {
      const N = Math.hypot(...polygonJournal(pendulumHinge(body, phi, w), journal, row.n).motion!.normal);
      const bound = ((1 / Math.cos(Math.PI / row.n) - 1) * N * journal.reduced * journal.radius) / body.inertia / (1 - kappa);
      expect(row.error, `n = ${row.n}`).toBeLessThanOrEqual(bound * (1 + 1e-9));
    }
    expect(table.rows.at(-1)!.error).toBeLessThan(2e-3);
  });
  it('φ = 0.7, φ̇ = 2: the table (errors 0.76 … 6.3e-4) decreases at every n, n = 96 below 1e-3 and a thousandth of n = 3', () => {
    const { rows, limit } = journalConvergence(body, journal, 0.7, 2, SIDES);
    expectClose(limit.phiddot, -6.765963365769856, 1e-10);
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.error).toBeLessThan(rows[i - 1]!.error);
    expect(rows.at(-1)!.error).toBeLessThan(1e-3);
    expect(rows.at(-1)!.error).toBeLessThan(rows[0]!.error / 1000);
  });
});

describe('self-locking: 1 + f² ≤ f_r² r² m² l² I⁻² (2.5), from the determinant', () => {
  // r = 2 m so that the threshold is reachable: f_r* = √1.09 · 1.25 / 2 = 0.65252.
  const big = { radius: 2, friction: 0.3 };
  const critical = (Math.hypot(1, big.friction) * body.inertia) / (big.radius * body.mass * body.length);
  it('the threshold read off Δ(θ) is (2.5)’s, at any φ and |φ̇| (only sgn φ̇ enters)', () => {
    expectClose(critical, 0.6525191568069094, 1e-15);
    for (const [phi, w] of [
      [0.7, 2],
      [0.7, -2],
      [-2, 0.1],
      [3, -9],
    ]) {
      expectClose(journalSelfLocking(pendulumHinge(body, phi!, w!), { ...big, reduced: 0.1 }).critical, critical, 1e-13);
    }
    expect(journalSelfLocking(pendulumHinge(body, 0.7, 0), { ...big, reduced: 0.1 }).critical).toBe(Infinity);
  });
  it('the n-gon’s own threshold rises to it with n (a Δₖ vanishes once c > A cos(π/n)·…)', () => {
    const h = pendulumHinge(body, 0.7, -2);
    const t = SIDES.map((n) => polygonCriticalReduced(h, { ...big, reduced: 0 }, n));
    for (const [i, n] of SIDES.entries()) {
      expect(t[i]!).toBeLessThanOrEqual(critical * (1 + 1e-12));
      expect(t[i]!).toBeGreaterThanOrEqual(critical * Math.cos(Math.PI / n) * (1 - 1e-12));
    }
    expect(t.at(-1)!).toBeGreaterThan(critical * 0.9994);
  });
  // φ = 0.7 moving down (φ̇ < 0) and up: below the threshold a normal
  // solution; above it the frictionless reaction lies outside the cone that
  // (★) can reach, so no pair of vertices bears and the iterates of |N| grow
  // by c/√(1+f²) = 1.01 per step without end (reactions → ∞).
  it.each([-2, 2])('φ̇ = %d at 0.99 f_r*: Δ keeps its sign, the 96-gon realizes a pair, the iteration converges (slowly)', (w) => {
    const j = { ...big, reduced: 0.99 * critical };
    const h = pendulumHinge(body, 0.7, w);
    expect(journalSelfLocking(h, j).possible).toBe(false);
    const gon = polygonJournal(h, j, 96);
    expect(gon.choice.kind).toBe('realized');
    expect(gon.variants.every((v) => Math.sign(v.det) === Math.sign(v.frictionlessDet))).toBe(true);
    const axes = axesJournal(h, j);
    expect(axes.status).toBe('converged');
    expect(axes.iterations).toBeGreaterThan(400);
    expectClose(gon.motion!.accelerations[2]!, axes.motion.accelerations[2]!, 0.06);
  });
  it.each([-2, 2])('φ̇ = %d at 1.01 f_r*: Δₖ changes sign, no pair of vertices is admissible, |N| iterates grow by 1.01', (w) => {
    const j = { ...big, reduced: 1.01 * critical };
    const h = pendulumHinge(body, 0.7, w);
    expect(journalSelfLocking(h, j).possible).toBe(true);
    const gon = polygonJournal(h, j, 96);
    expect(gon.choice.kind).toBe('inconsistent');
    expect(gon.variants.some((v) => Math.sign(v.det) !== Math.sign(v.frictionlessDet))).toBe(true);
    const axes = axesJournal(h, j, { maxIterations: 3000 });
    expect(axes.status).toBe('not-converged');
    const [a, b] = axes.moments.slice(-2);
    expectClose(b! / a!, 1.01, 1e-6);
  });
  it('(2.6) contracts iff f_r < f_r* of (2.5): |N(τ)| has slope f_r r m l/(I √(1 + f²)), one solution below, two or none above', () => {
    for (const [phi, w] of [
      [0.7, 2],
      [0.7, -2],
      [-2, 0.1],
    ]) {
      const c = axesContraction(pendulumHinge(body, phi!, w!), { ...big, reduced: 0.1 });
      expectClose(c.slope, (big.radius * body.mass * body.length) / (body.inertia * Math.hypot(1, big.friction)), 1e-12);
      expectClose(c.threshold, critical, 1e-12);
      expect(c.below.fixed).toHaveLength(1);
      expect(c.below.status).toBe('converged');
      expectClose(c.below.reached, c.below.fixed[0]!, 1e-9);
    }
    // φ = 0.7: past f_r* no τ solves τ = |N(τ)| and |N| grows (the test above).
    const none = axesContraction(pendulumHinge(body, 0.7, -2), { ...big, reduced: 0.1 }).above;
    expect(none.fixed).toEqual([]);
    expect(none.status).toBe('not-converged');
    // The rough-hinge pendulum's start (m = 1, l = 0.5, I = 0.3, r = 0.05, f = 0.3; φ = 1, φ̇ = 2): past f_r* two
    // solutions, the iteration from 0 reaches the smaller, the larger repels.
    const start = axesContraction(pendulumHinge({ mass: 1, length: 0.5, inertia: 0.3, gravity: 9.81 }, 1, 2), { radius: 0.05, friction: 0.3, reduced: 0.35 });
    expectClose(start.threshold, (0.3 * Math.hypot(1, 0.3)) / (0.05 * 0.5), 1e-12);
    expect(start.above.fixed).toHaveLength(2);
    expect(start.above.status).toBe('converged');
    expectClose(start.above.reached, start.above.fixed[0]!, 1e-9);
  });
  it('the iteration slows as f_r approaches f_r*: 0.5, 0.9, 0.99 of it', () => {
    const h = pendulumHinge(body, 0.7, -2);
    const counts = [0.5, 0.9, 0.99].map((x) => axesJournal(h, { ...big, reduced: x * critical }).iterations);
    expect(counts[0]!).toBeLessThan(counts[1]!);
    expect(counts[1]!).toBeLessThan(counts[2]!);
    expect(counts[2]!).toBeGreaterThan(1000);
  });
});

describe("Smirnov's choice among solved options (§3)", () => {
  const o = (key: string, admissible: boolean, det: number, frictionlessDet = 1) => ({ key, admissible, det, frictionlessDet, value: key });
  it('names each outcome', () => {
    expect(chooseOption([o('a', true, 1), o('b', false, 1)])).toMatchObject({ kind: 'realized', chosen: { key: 'a' } });
    expect(chooseOption([o('a', true, 1), o('b', true, -1)])).toEqual({ kind: 'indeterminate', chosen: o('a', true, 1), admissible: ['a', 'b'] });
    expect(chooseOption([o('a', true, -1), o('b', false, 1)])).toEqual({ kind: 'self-locking', cause: 'sign-change', admissible: ['a'] });
    expect(chooseOption([o('a', false, 1)])).toEqual({ kind: 'inconsistent' });
    expect(chooseOption([o('a', true, 1), o('b', true, 2)])).toEqual({ kind: 'undecided', admissible: ['a', 'b'] });
  });
  it('options with one key are one bearing variant, which keeps its sign if one of them does', () => {
    expect(chooseOption([o('a', true, -1), o('a', true, 1)])).toMatchObject({ kind: 'realized', chosen: { det: 1 } });
  });
});

describe('input errors', () => {
  it('a point mass, a negative coefficient, n < 3 are named', () => {
    expect(() => pendulumHinge({ ...body, inertia: 1 }, 0, 0)).toThrow(MechanicsError);
    expect(() => polygonJournal(pendulumHinge(body, 0, 0), { ...journal, reduced: -1 }, 6)).toThrow(/reduced/);
    expect(() => polygonJournal(pendulumHinge(body, 0, 0), journal, 2)).toThrow(/n ≥ 3/);
  });
});
