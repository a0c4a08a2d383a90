// Smirnov's support pairs simulated (src/runtime/hybrid/supports.ts): the
// point between two planes slides with the acceleration of the paper's
// |Φ| rule and comes to rest where its friction exceeds the drive; the
// planar prism slides with (Pₓ − Φ)/m, Φ the paper's switched sum over its
// four full variants, and rests from rest iff |Pₓ| ≤ Φ; the spatial prism
// slides straight (y, z and the angles stay 0) with the friction bound of
// the variant the derivation realizes (smirnov1981 §2).
import { beforeAll, describe, expect, it } from 'vitest';
import planes from '../../../derivations/point-between-planes.js';
import planar from '../../../derivations/prism-in-guides-planar.js';
import spatial from '../../../derivations/prism-in-guides.js';
import { frictionBound } from '../../../src/derive/friction/support-reactions.js';
import { selectVariant } from '../../../src/derive/friction/support-selection.js';
import type { LoadedModule } from '../../../src/runtime/contract.js';
import { simulate } from '../../../src/runtime/hybrid/simulate.js';
import { derived } from '../../helpers/examples.js';
import { loadGenerated } from '../../helpers/generated-module.js';
import { expectClose } from '../../helpers/numeric.js';
import { rng, uniform } from '../../helpers/random.js';

const defaults = (spec: { parameters?: object }): Record<string, number> =>
  Object.fromEntries(Object.entries(spec.parameters ?? {}).map(([k, v]) => [k, typeof v === 'number' ? v : (v as { default: number }).default]));

describe('point between two rough planes (example 1)', () => {
  let mod: LoadedModule;
  beforeAll(async () => {
    mod = await loadGenerated(derived(planes));
  });
  // The paper's |Φ| = (f2 (1 + sgn F_z)/2 − f1 (1 − sgn F_z)/2) F_z, against the motion along x.
  const phi = (p: Record<string, number>): number => (p.f2! * (1 + Math.sign(p.Fz!))) / 2 - (p.f1! * (1 - Math.sign(p.Fz!))) / 2;
  it('slides with ẍ = (F_x − |Φ|)/m, F_z of either sign, and z stays 0', () => {
    for (const Fz of [2, -3, 0.5]) {
      const p: Record<string, number> = { ...defaults(planes), Fz, Fx: 4 };
      const a = (p.Fx! - phi(p) * p.Fz!) / p.m!;
      expect(a).toBeGreaterThan(0);
      const tr = simulate(mod, { q0: [0, 0], qd0: [1, 0], t1: 2, samples: 9, params: p });
      tr.t.forEach((t, i) => {
        expectClose(tr.q[i]![0]!, t + (a * t * t) / 2, 1e-9, 1);
        expect(Math.abs(tr.q[i]![1]!)).toBeLessThan(1e-12);
      });
      expect(tr.events).toEqual([]);
    }
  });
  it('with friction above the drive it decelerates, stops at t = v₀/|a| and sticks there', () => {
    const p: Record<string, number> = { ...defaults(planes), f2: 2 };
    const a = (p.Fx! - phi(p) * p.Fz!) / p.m!;
    expect(a).toBeLessThan(0);
    const tr = simulate(mod, { q0: [0, 0], qd0: [1, 0], t1: 3, samples: 13, params: p });
    const stop = -1 / a;
    expect(tr.events.map((e) => e.type)).toEqual(['stick']);
    expectClose(tr.events[0]!.t, stop, 1e-9);
    tr.t.forEach((t, i) => {
      const s = Math.min(t, stop);
      expectClose(tr.q[i]![0]!, s + (a * s * s) / 2, 1e-9, 1);
    });
  });
  it('from rest it stays while |F_x| ≤ |Φ| and departs with (|F_x| − |Φ|)/m in the direction of F_x otherwise', () => {
    for (const Fx of [0.9, -0.9, 1.5, -1.5]) {
      const p: Record<string, number> = { ...defaults(planes), Fx };
      const bound = phi(p) * p.Fz!;
      const tr = simulate(mod, { q0: [0, 0], qd0: [0, 0], t1: 1, samples: 5, params: p });
      const a = Math.abs(Fx) <= bound ? 0 : Math.sign(Fx) * (Math.abs(Fx) - bound);
      tr.t.forEach((t, i) => expectClose(tr.q[i]![0]!, (a * t * t) / 2, 1e-9, 1));
      expect(tr.events.map((e) => e.type)).toEqual(a === 0 ? ['stick'] : []);
    }
  });
});

describe('prism in guides, planar symmetric case (example 2)', () => {
  let mod: LoadedModule;
  beforeAll(async () => {
    mod = await loadGenerated(derived(planar));
  });
  const r = rng(2201);
  // The paper's Φ = ¼ Σᵢⱼ (1 + sgn Nᵢⱼ₁)(1 + sgn Nᵢⱼ₂)(fᵢ₁Nᵢⱼ₁ + fⱼ₂Nᵢⱼ₂), faces 1: y = +w, 2: y = −w, σ = sgn ẋ.
  const paperPhi = (p: Record<string, number>, sigma: number): number => {
    const b = (q: number) => (q === 1 ? p.w! : -p.w!);
    const f = (q: number, s: number) => p[`f${q}${s}`]!;
    let phi = 0;
    for (const i of [1, 2])
      for (const j of [1, 2]) {
        const delta = p.a2! - p.a1! + (f(j, 2) * b(j) * (-1) ** j - f(i, 1) * b(i) * (-1) ** i) * sigma;
        const N1 = ((-1) ** i * (p.Mz! - p.Py! * (p.a2! + (-1) ** j * f(j, 2) * b(j) * sigma))) / delta;
        const N2 = ((-1) ** j * (-p.Mz! + p.Py! * (p.a1! + (-1) ** i * f(i, 1) * b(i) * sigma))) / delta;
        phi += ((1 + Math.sign(N1)) * (1 + Math.sign(N2)) * (f(i, 1) * N1 + f(j, 2) * N2)) / 4;
      }
    return phi;
  };
  const random = (): Record<string, number> => ({
    ...defaults(planar),
    Py: uniform(r, -3, 3),
    Mz: uniform(r, -1, 1),
    f11: uniform(r, 0, 0.4),
    f21: uniform(r, 0, 0.4),
    f12: uniform(r, 0, 0.4),
    f22: uniform(r, 0, 0.4),
  });
  it('slides straight with ẍ = (Pₓ − Φ)/m at 20 random loads and frictions (ẋ > 0 throughout)', () => {
    for (let trial = 0; trial < 20; trial++) {
      const p: Record<string, number> = { ...random(), Px: uniform(r, 2, 4) };
      const a = (p.Px! - paperPhi(p, 1)) / p.m!;
      const tr = simulate(mod, { q0: [0, 0, 0], qd0: [1, 0, 0], t1: 1, samples: 5, params: p });
      tr.t.forEach((t, i) => {
        expectClose(tr.q[i]![0]!, t + (a * t * t) / 2, 1e-8, 1);
        expect(Math.hypot(tr.q[i]![1]!, tr.q[i]![2]!)).toBeLessThan(1e-10);
      });
    }
  });
  it('from rest: stays iff |Pₓ| ≤ Φ with sgn ẋ = sgn Pₓ (the paper, after the planar formulas), at 40 random loads', () => {
    let rests = 0;
    for (let trial = 0; trial < 40; trial++) {
      const p: Record<string, number> = { ...random(), Px: uniform(r, -1.5, 1.5) };
      const bound = paperPhi(p, Math.sign(p.Px!));
      const tr = simulate(mod, { q0: [0, 0, 0], qd0: [0, 0, 0], t1: 0.5, samples: 3, params: p });
      const x = tr.q.at(-1)![0]!;
      if (Math.abs(p.Px!) <= bound) {
        rests++;
        expect(Math.abs(x)).toBeLessThan(1e-12);
      } else expectClose(x, ((p.Px! - Math.sign(p.Px!) * bound) / p.m!) * 0.125, 1e-8, 1);
    }
    expect(rests).toBeGreaterThan(0);
    expect(rests).toBeLessThan(40);
  });
});

describe('prism in guides, spatial (example 2, five pairs)', () => {
  it("slides straight; its deceleration is the friction bound of the derivation's realized variant", async () => {
    const sys = derived(spatial);
    const mod = await loadGenerated(sys);
    const p = defaults(spatial);
    const sel = selectVariant(sys.supports!.system, { ...p, "x'": 1 });
    expect(sel.kind).toBe('realized');
    if (sel.kind !== 'realized') return;
    const a = (p.Px! - frictionBound(sys.supports!.system, sel.solved.variant, sel.solved.reactions, p)) / p.m!;
    const tr = simulate(mod, { q0: [0, 0, 0, 0, 0, 0], qd0: [0.5, 0, 0, 0, 0, 0], t1: 1, samples: 5 });
    tr.t.forEach((t, i) => {
      expectClose(tr.q[i]![0]!, 0.5 * t + (a * t * t) / 2, 1e-8, 1);
      expect(Math.max(...tr.q[i]!.slice(1).map(Math.abs))).toBeLessThan(1e-10);
    });
  });
});
