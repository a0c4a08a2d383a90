// The pendulum with friction in its hinge simulated (src/runtime/hybrid/
// hinges.ts; smirnov1981 §2, examples 3 and 4). The reaction is checked
// against the paper's own equations (2.6), typed here: the centre of mass
// moves by m a_c = P + R, the hinge's moment equation is
// I φ̈ = −P l sin φ − f_r r |N| sgn φ̇, and R = N + f sgn φ̇ J₉₀N, so
// |R| = √(1 + f²)|N|. The friction force acts at the motionless pin and does
// no work; only the moment dissipates, at the rate f_r r |N| |φ̇|.
import { beforeAll, describe, expect, it } from 'vitest';
import pendulum from '../../../derivations/rough-hinge-pendulum.js';
import type { LoadedModule } from '../../../src/runtime/contract.js';
import { simulate } from '../../../src/runtime/hybrid/simulate.js';
import { reportMotion } from '../../../src/studies/motion.js';
import type { Trajectory } from '../../../src/runtime/hybrid/trajectory.js';
import { MechanicsError } from '../../../src/errors.js';
import { derived } from '../../helpers/examples.js';
import { loadGenerated } from '../../helpers/generated-module.js';
import { thrown } from '../../helpers/thrown.js';

const P0 = { m: 1, l: 0.5, I: 0.3, g: 9.81, r: 0.05, f: 0.3 };
type Params = typeof P0 & { fr: number };

/**
 * |N| at (φ, φ̇) from (2.6): with φ̈ = (−m g l sin φ − f_r r s τ)/I, R is affine in τ = |N|,
 * R = R₀ + τR₁, and (1 + f²)τ² = |R₀ + τR₁|²; the least root τ ≥ 0.
 */
function normal(p: Params, phi: number, phidot: number): number {
  const { I } = p;
  const s = Math.sign(phidot);
  const [e, t] = [
    [Math.cos(phi), Math.sin(phi)],
    [-Math.sin(phi), Math.cos(phi)],
  ] as const;
  const free = (-p.m * p.g * p.l * Math.sin(phi)) / I;
  // R = m l φ̈ t − m l φ̇² e − (m g, 0)
  const R0 = [0, 1].map((i) => p.m * p.l * (free * t[i]! - phidot * phidot * e[i]!) - (i === 0 ? p.m * p.g : 0));
  const R1 = [0, 1].map((i) => (-p.m * p.l * p.fr * p.r * s * t[i]!) / I);
  const a = 1 + p.f * p.f - (R1[0]! ** 2 + R1[1]! ** 2);
  const b = R0[0]! * R1[0]! + R0[1]! * R1[1]!;
  const c = R0[0]! ** 2 + R0[1]! ** 2;
  const roots = [(b + Math.sqrt(b * b + a * c)) / a, (b - Math.sqrt(b * b + a * c)) / a].filter((x) => x >= 0);
  return Math.min(...roots);
}

/** Maximal runs of consecutive samples with φ̇ of one sign, as [first, last] indices. */
function swings(tr: Trajectory): [number, number][] {
  const out: [number, number][] = [];
  let start = 0;
  for (let i = 1; i <= tr.t.length; i++) {
    if (i === tr.t.length || Math.sign(tr.qd[i]![2]!) !== Math.sign(tr.qd[start]![2]!)) {
      out.push([start, i - 1]);
      start = i;
    }
  }
  return out;
}

/** Composite Simpson on samples a..b of a uniform grid (an even number of intervals: the last one dropped if odd). */
function simpson(y: (i: number) => number, a: number, b: number, h: number): { value: number; end: number } {
  const end = (b - a) % 2 === 0 ? b : b - 1;
  let s = y(a) + y(end);
  for (let i = a + 1; i < end; i++) s += (i - a) % 2 === 1 ? 4 * y(i) : 2 * y(i);
  return { value: (s * h) / 3, end };
}

describe('the pendulum with friction in its hinge (smirnov1981 §2)', () => {
  let mod: LoadedModule;
  beforeAll(async () => {
    mod = await loadGenerated(derived(pendulum));
  });
  const release = (phi0: number, fr: number, t1: number, dt: number): Trajectory =>
    simulate(mod, {
      q0: [P0.l * Math.cos(phi0), P0.l * Math.sin(phi0), phi0],
      qd0: [0, 0, 0],
      t1,
      samples: { dt },
      params: { fr },
      rtol: 1e-11,
      atol: 1e-12,
    });

  it('refuses I ≤ m l² (T has (I − m l²) φ̇²/2) with a named error naming I and its bound, before any self-locking', () => {
    const start = { q0: [P0.l, 0, 0], qd0: [0, 0, 0], t1: 0.1 };
    const err = thrown(() => simulate(mod, { ...start, params: { I: 0.1 } }), MechanicsError);
    expect([err.code, err.where.model, err.where.field]).toEqual(['bad-range', 'rough-hinge-pendulum', 'params']);
    expect(err.message).toContain("parameter 'I' is 0.1; it must be > l^2*m");
    expect(err.message).not.toContain('self-locking');
    expect(() => simulate(mod, { ...start, params: { I: 0.26 } })).not.toThrow();
  });

  it('with small f_r swings with decaying amplitude, losing per swing the work of the friction moment', () => {
    const p: Params = { ...P0, fr: 0.35 };
    const h = 1e-3;
    const tr = release(1, p.fr, 6, h);
    const E = tr.energy!;
    for (let i = 1; i < E.length; i++) expect(E[i]!).toBeLessThanOrEqual(E[i - 1]! + 1e-12);
    const runs = swings(tr).filter(([a, b]) => b - a > 20);
    expect(runs.length).toBeGreaterThanOrEqual(8);
    // The turning points' |φ| decrease swing by swing.
    const amplitudes = runs.map(([, b]) => Math.abs(tr.q[b]![2]!));
    for (let k = 1; k < amplitudes.length; k++) expect(amplitudes[k]!).toBeLessThan(amplitudes[k - 1]!);
    // Inside each swing: E(t_a) − E(t_b) = ∫ f_r r |N| |φ̇| dt.
    for (const [a, b] of runs) {
      const work = simpson((i) => p.fr * p.r * normal(p, tr.q[i]![2]!, tr.qd[i]![2]!) * Math.abs(tr.qd[i]![2]!), a + 1, b - 1, h);
      const lost = E[a + 1]! - E[work.end]!;
      expect(lost).toBeGreaterThan(0);
      expect(Math.abs(lost - work.value) / lost).toBeLessThan(1e-6);
    }
  });

  it('with large f_r stops where the gravity moment is within the friction capacity, and stays', () => {
    const p: Params = { ...P0, fr: 5 };
    const tr = release(1, p.fr, 4, 1e-2);
    const stick = tr.events.filter((e) => e.type === 'stick');
    expect(stick).toHaveLength(1);
    expect(tr.events.filter((e) => e.type === 'slip')).toHaveLength(0);
    const rest = stick[0]!.q[2]!;
    // At the onset of turning φ̈ = 0, so R = −P and |N| = m g/√(1 + f²).
    const capacity = (p.fr * p.r * p.m * p.g) / Math.sqrt(1 + p.f * p.f);
    expect(Math.abs(p.m * p.g * p.l * Math.sin(rest))).toBeLessThanOrEqual(capacity);
    // Released from 1 rad, where gravity wins: it moved before it stopped.
    expect(p.m * p.g * p.l * Math.sin(1)).toBeGreaterThan(capacity);
    const after = tr.t.flatMap((t, i) => (t > stick[0]!.t ? [i] : []));
    expect(after.length).toBeGreaterThan(100);
    for (const i of after) {
      expect(Math.abs(tr.q[i]![2]! - rest)).toBeLessThan(1e-9);
      expect(Math.abs(tr.qd[i]![2]!)).toBeLessThan(1e-9);
    }
  });

  it('released from rest, stays exactly while m g l |sin φ| ≤ f_r r m g/√(1 + f²)', () => {
    const p: Params = { ...P0, fr: 5 };
    const edge = Math.asin((p.fr * p.r) / (p.l * Math.sqrt(1 + p.f * p.f)));
    const inside = release(edge - 1e-3, p.fr, 0.5, 0.1);
    expect(inside.events.map((e) => e.type)).toEqual(['stick']);
    for (const q of inside.q) expect(Math.abs(q[2]! - (edge - 1e-3))).toBeLessThan(1e-12);
    const outside = release(edge + 1e-3, p.fr, 0.5, 0.1);
    expect(outside.events[0]?.type).not.toBe('stick');
    expect(outside.q[1]![2]!).toBeLessThan(edge + 1e-3 - 1e-6);
  });

  it('with f_r = 0 conserves energy: the sliding friction force does no work at the pin', () => {
    const tr = release(1, 0, 6, 1e-2);
    const E0 = tr.energy![0]!;
    for (const e of tr.energy!) expect(Math.abs(e - E0) / Math.abs(E0)).toBeLessThan(1e-9);
    // and it swings: through the bottom and back to the other side
    expect(Math.min(...tr.q.map((q) => q[2]!))).toBeLessThan(-0.9);
  });

  it('past the threshold (2.5) turning has no consistent reaction: contact-inconsistent', () => {
    // r = 0.5 puts f_r* = I√(1 + f²)/(r m l) at 1.25; f_r = 5 is past it.
    const p = { ...P0, r: 0.5, fr: 5 };
    const { I } = p;
    expect(p.fr).toBeGreaterThan((I * Math.sqrt(1 + p.f * p.f)) / (p.r * p.m * p.l));
    const start = { q0: [p.l * Math.cos(1), p.l * Math.sin(1), 1], qd0: [-p.l * Math.sin(1) * 2, p.l * Math.cos(1) * 2, 2], t1: 1 };
    expect(() => simulate(mod, { ...start, params: p })).toThrow(expect.objectContaining({ code: 'contact-inconsistent' }));
    // The same run below the threshold moves.
    expect(() => simulate(mod, { ...start, params: { ...p, fr: 1 } })).not.toThrow();
  });

  it("is the report's simulated motion, from the declared initial state, its energy falling", () => {
    const { simulation, error } = reportMotion(mod);
    expect(error).toBeUndefined();
    if (!('trajectory' in simulation)) throw new Error(`no trajectory: ${JSON.stringify(simulation)}`);
    expect(simulation.method).toContain('journal friction of the hinge');
    expect(simulation.after).toEqual({ source: 'smirnov1981', section: '§2' });
    const E = simulation.trajectory.energy!;
    expect(simulation.trajectory.t.at(-1)).toBe(mod.model.initial.t1);
    for (let i = 1; i < E.length; i++) expect(E[i]!).toBeLessThanOrEqual(E[i - 1]! + 1e-9);
    expect(E.at(-1)!).toBeLessThan(E[0]!);
  });
});
