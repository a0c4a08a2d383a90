// The realized variant's reaction and friction along a run
// (src/studies/support-history.ts), for Smirnov's example 1 under
// F_z = 2 cos t (derivations/point-between-planes-switching.ts): the bearing
// plane takes N = |F_z| = 2|cos t|, and Φ = f2 F_z = 2 f2 cos t while F_z > 0,
// Φ = −f1 F_z while F_z < 0 (smirnov1981 §2); it switches at π/2 and 3π/2.
import { describe, expect, it } from 'vitest';
import switching from '../../derivations/point-between-planes-switching.js';
import planes from '../../derivations/point-between-planes.js';
import fixed from '../../derivations/prism-in-guides-planar-fixed.js';
import sweep from '../../derivations/prism-in-guides-planar-sweep.js';
import { evaluate } from '../../src/core/evaluate.js';
import { simulate } from '../../src/runtime/hybrid/simulate.js';
import { supportHistory } from '../../src/studies/support-history.js';
import { derived } from '../helpers/examples.js';
import { loadGenerated } from '../helpers/generated-module.js';

describe('N and Φ along the run under F_z = 2 cos t', () => {
  it('N = 2|cos t|, Φ = 2 f2 cos t or −2 f1 cos t, and two switches', async () => {
    const sys = derived(switching);
    const tr = simulate(await loadGenerated(sys), { q0: [0, 0], qd0: [1, 0], t1: 6, samples: 61 });
    const h = supportHistory(sys, tr)!;
    expect(h.switches).toBe(2);
    // Located where F_z = 2 cos t reaches 0, N = |F_z| on both planes there.
    expect(h.located.map((w) => w.t)).toEqual([expect.closeTo(Math.PI / 2, 12), expect.closeTo((3 * Math.PI) / 2, 12)]);
    for (const w of h.located) expect([w.before[0], w.after[0]]).toEqual([expect.closeTo(0, 9), expect.closeTo(0, 9)]);
    h.t.forEach((t, k) => {
      const Fz = 2 * Math.cos(t);
      expect(h.reactions[0]![k]).toBeCloseTo(Math.abs(Fz), 9);
      expect(h.friction[k]).toBeCloseTo(Fz > 0 ? 0.5 * Fz : -0.2 * Fz, 9);
    });
  });
  it('the constant load F_z = 2 never switches: N = 2, Φ = f2 F_z = 1', () => {
    const t = [0, 1, 2];
    const h = supportHistory(derived(planes), { t, q: t.map((s) => [1 + s, 0]), qd: t.map(() => [1, 0]) })!;
    expect(h.switches).toBe(0);
    expect(h.reactions[0]).toEqual([2, 2, 2]);
    expect(h.friction).toEqual([1, 1, 1]);
  });
});

// smirnov1981 §2 with pair 2's points fixed on the guides (derivations/prism-in-guides-planar-fixed.ts): at a₂ − x along
// the prism, so N₁₁₁ = (P_y(a₂ − x − f₁₂w) − M_z)/Δ₁₁ (sgn ẋ = 1) reaches 0 at x* = a₂ − f₁₂w − M_z/P_y = 0.5 − 0.04 − 0.25
// = 0.21, where variant 11 (both pairs on y = +w, the engine's (−,−)) gives way to 21 (pair 1 on y = −w, (+,−)).
describe('the planar prism with pair 2 fixed on the guides', () => {
  it('switches once, from 11 to 21, as x passes 0.21; before it N₁ = N₁₁₁ of the paper with a₂ − x', async () => {
    const sys = derived(fixed);
    const tr = simulate(await loadGenerated(sys), { q0: [0, 0, 0], qd0: [1, 0, 0], t1: 0.5, samples: 101 });
    const h = supportHistory(sys, tr)!;
    expect(h.switches).toBe(1);
    const tags = sys.supports!.variants!.map((v) => v.variant.join());
    const k = h.variant.findIndex((v) => v !== h.variant[0]);
    expect(tags[h.variant[0]!]).toBe('-1,-1');
    expect(tags[h.variant[k]!]).toBe('1,-1');
    expect(tr.q[k - 1]![0]).toBeLessThan(0.21);
    expect(tr.q[k]![0]).toBeGreaterThanOrEqual(0.21);
    // Located at x* = 0.21 (the interpolated run's x there), N₂ = (M_z + P_y(f11 w − a1))/Δ₁₁ = 1.62/0.81 = 2 in 11
    // and (M_z + P_y(f21 w − a1))/Δ₂₁ = 1.6/0.8 = 2 in 21: the reactions pass continuously.
    const [at] = h.located;
    const i = h.t.findIndex((t) => t > at!.t);
    const x = tr.q[i - 1]![0]! + (tr.q[i]![0]! - tr.q[i - 1]![0]!) * ((at!.t - h.t[i - 1]!) / (h.t[i]! - h.t[i - 1]!));
    expect(x).toBeCloseTo(0.21, 4);
    // In closed form x* = a₂ − f₁₂w − M_z/P_y, typed from N₁₁₁ = 0: checked away from the defaults too.
    expect(at!.closed?.variable).toBe('x');
    expect(at!.closed!.at).toBeCloseTo(0.21, 6);
    const elsewhere = { Py: 3, Mz: 0.4, a2: 0.7, f12: 0.5, w: 0.3 };
    expect(evaluate(at!.closed!.value, elsewhere)).toBeCloseTo(0.7 - 0.5 * 0.3 - 0.4 / 3, 12);
    expect([...at!.before, ...at!.after]).toEqual([0, 2, 0, 2].map((v) => expect.closeTo(v, 6)));
    const [Py, Mz, a1, a2, w, f11, f12] = [2, 0.5, -0.5, 0.5, 0.2, 0.3, 0.2];
    for (let s = 0; s < k; s += 10) {
      const x = tr.q[s]![0]!;
      const delta = a2 - x - a1 + w * (f11 - f12);
      expect(h.reactions[0]![s]).toBeCloseTo((Py * (a2 - x - f12 * w) - Mz) / delta, 9);
      expect(h.reactions[1]![s]).toBeCloseTo((Mz + Py * (f11 * w - a1)) / delta, 9);
    }
  });
});

// Past the switch, variant 21's Δ₂₁ = a₂ − a₁ − x + w(f₂₁ − f₁₂) = 1.01 − x would vanish at x = 1.01 (smirnov1981 §1's
// self-locking): its reactions, and the friction, of order 1/Δ₂₁ (N₂₁₂ = 1.6/Δ₂₁), stop the prism short of it.
describe('the planar prism with pair 2 fixed on the guides, run until it stops', () => {
  it('comes to rest with Δ₂₁ small, and stays', async () => {
    const sys = derived(fixed);
    const tr = simulate(await loadGenerated(sys), { q0: [0, 0, 0], qd0: [1, 0, 0], t1: 1.5, samples: 151 });
    const h = supportHistory(sys, tr)!;
    const stop = tr.events.find((e) => e.type === 'stick')!;
    expect(h.rest).toBe(stop.t);
    const x = stop.q[0]!;
    expect(x).toBeLessThan(1.01);
    const d = h.determinant!;
    expect(d.initial).toBeCloseTo(0.5 + 0.5 + 0.2 * (0.3 - 0.2), 12);
    expect(d.least).toBeLessThan(0.1);
    expect(d.least).toBeGreaterThanOrEqual(1.01 - x - 1e-12);
    const k = h.t.indexOf(d.t);
    expect(d.least).toBeCloseTo(1.01 - tr.q[k]![0]!, 12);
    expect(h.reactions[1]![k]).toBeCloseTo(1.6 / d.least, 9);
  });
});

// smirnov1981 §2 under M_z + kt (derivations/prism-in-guides-planar-sweep.ts): N₁₁₁ = (P_y(a₂ − f₁₂w) − M_z − kt)/Δ₁₁,
// Δ₁₁ = a₂ − a₁ + w(f₁₁ − f₁₂) = 1.02, reaches 0 at t* = (P_y(a₂ − f₁₂w) − M_z)/k = (0.92 − 0.5)/0.5 = 0.84.
describe('the planar prism under a growing moment', () => {
  it('switches once, from 11 to 21, at t = 0.84; before it N₁ = N₁₁₁ of the paper at M_z + kt', async () => {
    const sys = derived(sweep);
    const tr = simulate(await loadGenerated(sys), { q0: [0, 0, 0], qd0: [1, 0, 0], t1: 2, samples: 100 });
    const h = supportHistory(sys, tr)!;
    expect(h.switches).toBe(1);
    const tags = sys.supports!.variants!.map((v) => v.variant.join());
    const k = h.variant.findIndex((v) => v !== h.variant[0]);
    expect([tags[h.variant[0]!], tags[h.variant[k]!]]).toEqual(['-1,-1', '1,-1']);
    expect(h.t[k - 1]).toBeLessThan(0.84);
    expect(h.t[k]).toBeGreaterThan(0.84);
    expect(h.located.map((w) => w.t)).toEqual([expect.closeTo(0.84, 12)]);
    // In closed form t* = (P_y(a₂ − f₁₂w) − M_z)/k, typed from N₁₁₁ = 0: checked away from the defaults too.
    const [at] = h.located;
    expect(at!.closed?.variable).toBe('t');
    const elsewhere = { Py: 3, Mz: 0.4, a2: 0.7, f12: 0.5, w: 0.3, k: 2 };
    expect(evaluate(at!.closed!.value, elsewhere)).toBeCloseTo((3 * (0.7 - 0.5 * 0.3) - 0.4) / 2, 12);
    expect(h.determinant).toBeDefined();
    expect(h.rest).toBeUndefined();
    for (let s = 0; s < k; s += 5) expect(h.reactions[0]![s]).toBeCloseTo((2 * (0.5 - 0.2 * 0.2) - 0.5 - 0.5 * h.t[s]!) / 1.02, 9);
  });
});
