// The box of derivations/tumbling-box.ts landing flat: its four lower
// corners (0, 2, 4, 6: Cmmm, Cmpm, Cpmm, Cppm) strike and then rest
// together. Their gap rows are dependent for any pose (g_A + g_C = g_B +
// g_D), so impulses and reactions are not unique, only their resultant and
// moment; the motion is, unless the box spins while it slides, where the
// split of the weight moves the friction's moment and the run stops with
// ambiguous-contact-mode. Independent values: the fall t* = √(2(z₀ − c)/g),
// Newton's v⁺ = e v⁻ and no rotation by symmetry, Coulomb's tangential
// impulse μ(1 + e)m v⁻ of a flat landing, the cascade's end
// t∞ = t* + 2e v₀/(g(1 − e)), m g/4 on each corner at rest, and a slide or
// a spin on four corners braked by μ m g whatever the split.
import { beforeAll, describe, expect, it } from 'vitest';
import type { LoadedModule } from '../../src/runtime/contract.js';
import { frictionalImpact } from '../../src/runtime/contact/friction-impact.js';
import { type FrictionModule, ModeSelector } from '../../src/runtime/contact/friction-modes.js';
import { simulateMoreauJean } from '../../src/runtime/hybrid/moreau-jean.js';
import { simulate } from '../../src/runtime/hybrid/simulate.js';
import { committedModule } from '../helpers/examples.js';

const [m, c, g] = [1, 0.1, 9.81];
const lower = [0, 2, 4, 6];
const closed = Array.from({ length: 8 }, (_, j) => lower.includes(j));
let mod: LoadedModule;
beforeAll(async () => {
  mod = (await committedModule('tumbling-box'))!;
});

/** T + V never rises from one sample to the next beyond `tol` of the first, and no corner is below the floor by more than `depth`. */
function expectPassive(run: { q: number[][]; energy?: number[] }, params: Record<string, number>, tol: number, depth: number): void {
  const E = run.energy!;
  let rise = 0;
  for (let i = 1; i < E.length; i++) rise = Math.max(rise, E[i]! - E[i - 1]!);
  expect(rise).toBeLessThan(tol * E[0]!);
  let lowest = 0;
  for (const q of run.q) lowest = Math.min(lowest, ...mod.gaps!(0, q, params));
  expect(lowest).toBeGreaterThan(-depth);
}

describe('dropped flat from z₀ = 0.49 onto the rough floor (e = 0.3, μ = 0.4), event-driven', () => {
  const [z0, e] = [0.49, 0.3];
  const tStar = Math.sqrt((2 * (z0 - c)) / g);
  const v0 = g * tStar;
  let run: ReturnType<typeof simulate>;
  beforeAll(() => {
    run = simulate(mod, { q0: [0, 0, z0, 0, 0, 0], qd0: [0, 0, 0, 0, 0, 0], t1: 1, samples: { dt: 0.01 } });
  });

  it('strikes on its four lower corners at t* = √(2(z₀ − c)/g) and leaves with ż = e g t*, not turning', () => {
    const first = run.events[0]!;
    expect(first.type).toBe('impact');
    expect(first.contacts).toEqual(lower);
    expect(Math.abs(first.t - tStar)).toBeLessThan(1e-12);
    const plus = first.qdPlus!;
    expect(Math.abs(plus[2]! - e * v0)).toBeLessThan(1e-12 * v0);
    for (const i of [0, 1, 3, 4, 5]) expect(Math.abs(plus[i]!)).toBeLessThan(1e-12 * v0);
  });

  it('bounces to the cascade’s end t∞ = t* + 2e v₀/(g(1 − e)) and then rests on all four corners to t = 1 (z = c, T + V = m g c)', () => {
    const tInf = tStar + (2 * e * v0) / (g * (1 - e));
    const impacts = run.events.filter((ev) => ev.type === 'impact');
    for (const ev of impacts) expect(ev.contacts).toEqual(lower);
    expect(run.events.slice(impacts.length).map((ev) => [ev.type, ev.contacts])).toEqual([
      ['contact', lower],
      ['stick', lower],
    ]);
    expect(Math.abs(run.events.at(-1)!.t - tInf)).toBeLessThan(1e-6);
    expect(run.t.at(-1)).toBe(1);
    const [q, qd] = [run.q.at(-1)!, run.qd.at(-1)!];
    expect(Math.abs(q[2]! - c)).toBeLessThan(1e-12);
    for (const i of [0, 1, 3, 4, 5]) expect(Math.abs(q[i]!)).toBeLessThan(1e-12);
    expect(Math.max(...qd.map(Math.abs))).toBeLessThan(1e-12);
    expect(Math.abs(run.energy!.at(-1)! - m * g * c)).toBeLessThan(1e-12);
  });

  it('never gains energy (T + V rising by at most 1e-12 of it between samples) and no corner sinks below 1e-12', () => {
    expectPassive(run, {}, 1e-12, 1e-12);
  });

  it('frictionless (μ = 0) and turned 0.7 about the vertical: the same bounces, each on all four corners alike, resting on all four from t∞', () => {
    // It stopped at t* with dependent-contacts (projecting onto the four rows), and with μ = 0 as Coulomb at rest with contact-inconsistent;
    // Lemke's method left two corners open at each impact, one split of the same q̇⁺.
    const params = { mu: 0 };
    const flat = simulate(mod, { q0: [0, 0, z0, 0.7, 0, 0], qd0: [0, 0, 0, 0, 0, 0], t1: 1, params, samples: { dt: 0.01 } });
    expect(flat.t.at(-1)).toBe(1);
    expect(Math.abs(flat.events[0]!.t - tStar)).toBeLessThan(1e-12);
    expect(Math.abs(flat.events[0]!.qdPlus![2]! - e * v0)).toBeLessThan(1e-12 * v0);
    // Every impact on all four, each corner taking a quarter of (1 + e) m v⁻ (the least-norm split), then held on all four at t∞.
    const impacts = flat.events.filter((ev) => ev.type === 'impact');
    for (const ev of impacts) {
      expect(ev.contacts).toEqual(lower);
      const quarter = ((1 + e) * m * -ev.qd[2]!) / 4;
      for (const j of lower) expect(Math.abs(ev.impulses![j]! - quarter)).toBeLessThan(1e-12 * v0);
    }
    const contact = flat.events.at(-1)!;
    expect([contact.type, contact.contacts]).toEqual(['contact', lower]);
    expect(Math.abs(contact.t - (tStar + (2 * e * v0) / (g * (1 - e))))).toBeLessThan(1e-6);
    expect(Math.abs(flat.q.at(-1)![2]! - c)).toBeLessThan(1e-12);
    expect(Math.max(...flat.qd.at(-1)!.map(Math.abs))).toBeLessThan(1e-12);
    expectPassive(flat, params, 1e-12, 1e-12);
  });

  it('under Moreau–Jean (h = 2e-3) too: T + V rising on no step, no corner below h·v₀, at rest on the face at t = 1', () => {
    const h = 2e-3;
    const mj = simulateMoreauJean(mod, { q0: [0, 0, z0, 0, 0, 0], qd0: [0, 0, 0, 0, 0, 0], t1: 1, h, samples: { dt: h } });
    expectPassive(mj, {}, 1e-9, h * v0);
    // Resting where the last impact's step left it (the scheme's O(h·v) inside the floor), flat and still.
    const [q, qd] = [mj.q.at(-1)!, mj.qd.at(-1)!];
    expect(Math.abs(q[2]! - c)).toBeLessThan(h * v0);
    for (const i of [0, 1, 3, 4, 5]) expect(Math.abs(q[i]!)).toBeLessThan(1e-12);
    expect(Math.max(...qd.map(Math.abs))).toBeLessThan(1e-12);
  });
});

describe('the impact of the box landing flat on four corners (frictionalImpact)', () => {
  const v = 2.766;
  const flatAt = (psi: number): number[] => [0.3, -0.2, c, psi, 0, 0];

  it('without slip: q̇⁺ = (0, 0, e v, 0, 0, 0) for any yaw, e and μ, each corner taking (1 + e) m v/4 and no tangential impulse', () => {
    // The impulses are indeterminate (rubanovich1981 §1): the least-norm split is the symmetric one; Lemke's method gave
    // two corners (1 + e) m v/2 each with μ = 0, and with μ > 0 tangential impulses of 0.36 cancelling each other.
    for (const psi of [0, 0.7, 2]) {
      for (const e of [0, 0.3, 1]) {
        for (const mu of [0, 0.4, 1.5]) {
          const out = frictionalImpact(mod, { e, mu }, 0, flatAt(psi), [0, 0, -v, 0, 0, 0], closed);
          expect(out.status).toBe('ok');
          expect(Math.abs(out.qdPlus[2]! - e * v)).toBeLessThan(1e-12 * v);
          for (const i of [0, 1, 3, 4, 5]) expect(Math.abs(out.qdPlus[i]!)).toBeLessThan(1e-12 * v);
          for (const j of lower) expect(Math.abs(out.impulses[j]! - ((1 + e) * m * v) / 4)).toBeLessThan(1e-12 * v);
          for (const t of out.tangentialImpulses) expect(Math.abs(t)).toBeLessThan(1e-12 * v);
        }
      }
    }
  });

  it('sliding at u: the slip drops by μ(1 + e)v along itself or stops, with no rotation (μ c < a: the corners’ impulses take the friction’s moment)', () => {
    const e = 0.3;
    for (const [u, mu] of [
      [[0.5, 0], 0.4],
      [[0.5, 0], 0.1],
      [[1.5, 0.3], 0.1],
      [[-0.4, 0.9], 0.2],
    ] as const) {
      const out = frictionalImpact(mod, { e, mu }, 0, flatAt(0.7), [u[0], u[1], -v, 0, 0, 0], closed);
      const speed = Math.hypot(...u);
      const left = Math.max(0, speed - mu * (1 + e) * v) / speed;
      expect(Math.abs(out.qdPlus[0]! - u[0] * left)).toBeLessThan(1e-12);
      expect(Math.abs(out.qdPlus[1]! - u[1] * left)).toBeLessThan(1e-12);
      expect(Math.abs(out.qdPlus[2]! - e * v)).toBeLessThan(1e-12);
      for (const i of [3, 4, 5]) expect(Math.abs(out.qdPlus[i]!)).toBeLessThan(1e-12);
      // The split: normal impulses summing to (1 + e) m v, tangential ones to m Δu, none pulling or outside its cone.
      expect(Math.abs(lower.reduce((s, j) => s + out.impulses[j]!, 0) - (1 + e) * m * v)).toBeLessThan(1e-12);
      for (const x of [0, 1]) {
        const sum = lower.reduce((s, j) => s + out.tangentialImpulses[2 * j + x]!, 0);
        expect(Math.abs(sum - m * (out.qdPlus[x]! - u[x]))).toBeLessThan(1e-12);
      }
      for (const j of lower) {
        expect(out.impulses[j]!).toBeGreaterThan(0);
        expect(Math.hypot(out.tangentialImpulses[2 * j]!, out.tangentialImpulses[2 * j + 1]!)).toBeLessThanOrEqual(mu * out.impulses[j]! * (1 + 1e-12));
      }
    }
  });
});

describe('resting on four corners (the contact phase’s reactions)', () => {
  it('each sticking corner carries m g/4, where the phase’s Schur solve put the weight on two and one on none', () => {
    const mu = 0.4;
    const q = [0.3, -0.2, c, 0.7, 0, 0],
      qd = [0, 0, 0, 0, 0, 0];
    const modes = Array.from({ length: 8 }, (_, j) => (lower.includes(j) ? 2 : 0));
    const raw = mod.frictionPhase!(0, q, qd, { mu }, modes);
    // frictionPhase: q̈ (6), σ̇ (8), τ (16), det; the dependent rows make det 0 and the dropped corner's σ̇ 0.
    expect(raw[30]).toBe(0);
    expect(Math.min(...lower.map((j) => raw[6 + j]!))).toBeLessThan(1e-12);
    const sel = new ModeSelector(mod as FrictionModule, { mu }, 0, 1e-6);
    const out = sel.evaluate(0, q, qd, modes, new Float64Array(31));
    for (const j of lower) expect(Math.abs(out[6 + j]! - (m * g) / 4)).toBeLessThan(1e-12);
    for (let r = 0; r < 16; r++) expect(Math.abs(out[14 + r]!)).toBeLessThan(1e-12);
    for (let i = 0; i < 6; i++) expect(out[i]).toBe(raw[i]);
  });
});

describe('sliding or spinning flat on four corners (μ = 0.2): one motion, whatever the split', () => {
  // Sliding without turning, every corner's friction is −μσ̇_j u/|u|: the
  // total is −μ m g u/|u| for any split. Spinning about the centre, each
  // corner is r = √(a² + b²) from it, so the friction's moment is μ m g r
  // for any split, against I_z = m(a² + b²)/3.
  const mu = 0.2;
  const [a, b] = [0.2, 0.15];

  // To 1e-7: the integration's default tolerances.
  it('sliding at u (no turning): all four held, stops at u/(μg) after u²/(2μg) along u', () => {
    const u = [0.5, 0.3];
    const speed = Math.hypot(...u);
    const run = simulate(mod, { q0: [0, 0, c, 0, 0, 0], qd0: [u[0]!, u[1]!, 0, 0, 0, 0], t1: 0.5, params: { mu }, samples: 11 });
    expect(run.events.map((ev) => [ev.type, ev.contacts])).toEqual([
      ['contact', lower],
      ['slip', lower],
      ['stick', lower],
    ]);
    expect(Math.abs(run.events[2]!.t - speed / (mu * g))).toBeLessThan(1e-7);
    const end = run.q.at(-1)!;
    const stop = (speed * speed) / (2 * mu * g);
    u.forEach((v, i) => expect(Math.abs(end[i]! - (stop * v) / speed)).toBeLessThan(1e-7));
    for (const i of [2, 3, 4, 5]) expect(Math.abs(end[i]! - [c, 0, 0, 0][i - 2]!)).toBeLessThan(1e-12);
    expectPassive(run, { mu }, 1e-12, 1e-12);
  });

  it('spinning at ω = 3 (no sliding): all four held, ψ̈ = −μ m g r/I_z, stops at ω/|ψ̈| turned ω²/(2|ψ̈|)', () => {
    const omega = 3;
    const alpha = (mu * m * g * Math.hypot(a, b)) / ((m * (a * a + b * b)) / 3);
    const run = simulate(mod, { q0: [0, 0, c, 0, 0, 0], qd0: [0, 0, 0, omega, 0, 0], t1: 0.5, params: { mu }, samples: 11 });
    expect(run.events.map((ev) => [ev.type, ev.contacts])).toEqual([
      ['contact', lower],
      ['slip', lower],
      ['stick', lower],
    ]);
    expect(Math.abs(run.events[2]!.t - omega / alpha)).toBeLessThan(1e-7);
    const end = run.q.at(-1)!;
    expect(Math.abs(end[3]! - (omega * omega) / (2 * alpha))).toBeLessThan(1e-7);
    for (const i of [0, 1, 4, 5]) expect(Math.abs(end[i]!)).toBeLessThan(1e-12);
    expectPassive(run, { mu }, 1e-12, 1e-12);
  });
});

describe('spinning while it slides flat on four corners (μ = 0.2): the rigid model has no unique motion', () => {
  // Dropping one corner gives the split with its σ̇ = 0: two of these with
  // every σ̇ > 0 are two admissible splits of one weight, and the friction
  // −μσ̇_j d_j, d_j turning round the face, has another moment about the
  // vertical in each.
  const params = { mu: 0.2 };
  const q = [0, 0, c, 0, 0, 0],
    qd = [0.5, 0, 0, 3, 0, 0];
  const held = (drop: number): number[] => Array.from({ length: 8 }, (_, j) => (lower.includes(j) && j !== drop ? 1 : 0));

  it('two three-corner splits push on every corner held, with different yaw accelerations', () => {
    const [a, b] = [held(2), held(0)].map((modes) => mod.frictionPhase!(0, q, qd, params, modes));
    for (const [out, drop] of [
      [a!, 2],
      [b!, 0],
    ] as const) {
      for (const j of lower) if (j !== drop) expect(out[6 + j]!).toBeGreaterThan(0.01);
      expect(out[30]!).toBeGreaterThan(0);
    }
    // ÿ and ψ̈: −0.517 and −19.722 with Cmpm (2) unloaded, 0.373 and −19.855 with Cmmm (0).
    expect(Math.abs(a![1]! - b![1]!)).toBeGreaterThan(0.5);
    expect(Math.abs(a![3]! - b![3]!)).toBeGreaterThan(0.1);
  });

  it('stops at t = 0 with ambiguous-contact-mode naming the four corners', () => {
    expect(() => simulate(mod, { q0: q, qd0: qd, t1: 0.1, params })).toThrow(
      expect.objectContaining({ code: 'ambiguous-contact-mode', t: 0, message: expect.stringContaining("'Cmmm', 'Cmpm', 'Cpmm', 'Cppm'") }),
    );
  });
});
