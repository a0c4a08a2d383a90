// Periodic impacting orbits: fixed points of the return map and their
// Floquet multipliers against closed forms — Kozlov's (4.1) for a point
// bouncing over y = κx²/2 (linearly stable iff κ < g/v²), the ball on a
// vibrating table (multipliers' product e², trace 1 + e² + (1 + e)²a/g) —
// and the dense eigenvalue solver behind them.
import { describe, expect, it } from 'vitest';
import { impactMapJacobian } from '../../../src/derive/linearization/equilibria.js';
import { deriveSystem } from '../../../src/derive/system.js';
import { buildModel, defineModel } from '../../../src/model/index.js';
import type { LoadedModule } from '../../../src/runtime/contract.js';
import { eigenvalues, type Complex } from '../../../src/numeric/eigenvalues.js';
import { periodicOrbit, strideMap } from '../../../src/runtime/analysis/periodic.js';
import * as ball from '../../../generated/bouncing-ball.js';
import { loadGenerated } from '../../helpers/generated-module.js';

const G = 9.81;
const abs = (z: Complex): number => Math.hypot(z.re, z.im);
const byRe = (zs: readonly Complex[]): Complex[] => [...zs].sort((a, b) => a.re - b.re || a.im - b.im);

describe('eigenvalues', () => {
  it('of a companion matrix are the roots of its polynomial: (z − 1)(z − 2)(z² + 1)', () => {
    const C = [0, 0, 0, -2, 1, 0, 0, 3, 0, 1, 0, -3, 0, 0, 1, 3];
    const ev = byRe(eigenvalues(4, C));
    const expected = [
      { re: 0, im: -1 },
      { re: 0, im: 1 },
      { re: 1, im: 0 },
      { re: 2, im: 0 },
    ];
    ev.forEach((z, i) => {
      expect(z.re).toBeCloseTo(expected[i]!.re, 12);
      expect(z.im).toBeCloseTo(expected[i]!.im, 12);
    });
  });

  it('of a rotation by θ are e^{±iθ}', () => {
    const th = 0.7;
    const ev = byRe(eigenvalues(2, [Math.cos(th), -Math.sin(th), Math.sin(th), Math.cos(th)]));
    expect(ev[0]!.re).toBeCloseTo(Math.cos(th), 14);
    expect(Math.abs(ev[0]!.im)).toBeCloseTo(Math.sin(th), 14);
  });

  it('keep a root near 0 beside one near −1 (no cancellation in the 2×2 block)', () => {
    // A return-map derivative with roots 0, −0.2419 and −1.0334 (their product e² = 1/4).
    const DP = [
      0.25, 0.15707963267949132, 0.7704755982929048, -2.825473047497608, -2.275297073769694, -13.61283214675592, 0.2433561820976969, 0.1529051987767583, 0.75,
    ];
    const ev = byRe(eigenvalues(3, DP));
    const tr = 0.25 - 2.275297073769694 + 0.75;
    expect(ev.reduce((s, z) => s + z.re, 0)).toBeCloseTo(tr, 12);
    expect(ev[0]!.re * ev[1]!.re).toBeCloseTo(0.25, 4);
  });

  it('sum to the trace and multiply to the determinant of 300 random matrices up to 9×9', () => {
    let seed = 7;
    const rand = (): number => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
    for (let s = 0; s < 300; s++) {
      const n = 2 + (s % 8);
      const A = Array.from({ length: n * n }, rand);
      const ev = eigenvalues(n, A);
      let tr = 0;
      for (let i = 0; i < n; i++) tr += A[i * n + i]!;
      let pr = { re: 1, im: 0 };
      for (const z of ev) pr = { re: pr.re * z.re - pr.im * z.im, im: pr.re * z.im + pr.im * z.re };
      expect(Math.abs(ev.reduce((a, z) => a + z.re, 0) - tr)).toBeLessThan(1e-12 * n);
      expect(Math.abs(ev.reduce((a, z) => a + z.im, 0))).toBeLessThan(1e-12 * n);
      expect(Math.abs(pr.re - determinant(n, A))).toBeLessThan(1e-10 * Math.max(1, Math.abs(pr.re)));
    }
  });
});

/** det by Gaussian elimination with partial pivoting (an independent check). */
function determinant(n: number, A: readonly number[]): number {
  const M = [...A];
  let det = 1;
  for (let k = 0; k < n; k++) {
    let p = k;
    for (let i = k + 1; i < n; i++) if (Math.abs(M[i * n + k]!) > Math.abs(M[p * n + k]!)) p = i;
    if (M[p * n + k] === 0) return 0;
    if (p !== k) {
      for (let j = 0; j < n; j++) [M[k * n + j], M[p * n + j]] = [M[p * n + j]!, M[k * n + j]!];
      det = -det;
    }
    det *= M[k * n + k]!;
    for (let i = k + 1; i < n; i++) {
      const f = M[i * n + k]! / M[k * n + k]!;
      for (let j = k; j < n; j++) M[i * n + j] -= f * M[k * n + j]!;
    }
  }
  return det;
}

describe('Kozlov (4.1): a point bouncing vertically over y = κx²/2 (e = 1) is linearly stable iff κ < g/v²', () => {
  const spec = defineModel({
    name: 'point-over-parabola',
    coordinates: ['x', 'y'],
    parameters: { g: G, e: 1, k: 0.5 },
    kinetic: "(x'^2 + y'^2)/2",
    potential: 'g*y',
    unilateral: [{ name: 'floor', constraint: 'y - k*x^2/2 >= 0', law: { newton: 'e' } }],
  });
  const v = 3;
  // Flight 2v/g, reflection ẋ⁺ = ẋ⁻ − 2vκx: (x, ẋ) ↦ [[1, τ], [−2vκ, 1 − 2vκτ]], det 1,
  // trace 2 − 4κv²/g; with the energy's multiplier 1.
  const pair = (ratio: number): [number, number] => {
    const tr = 2 - 4 * ratio;
    const disc = tr * tr - 4;
    return disc >= 0 ? [(tr - Math.sqrt(disc)) / 2, (tr + Math.sqrt(disc)) / 2] : [tr / 2, Math.sqrt(-disc) / 2];
  };

  it.each([0.5, 0.95, 1.05, 1.5])('κ = %s g/v²: the multipliers are 1 and the pair of trace 2 − 4κv²/g', async (ratio) => {
    const mod = await loadGenerated(deriveSystem(buildModel(spec)));
    const k = (ratio * G) / v ** 2;
    // Started off the orbit on the floor (x = 0.01, ẋ = 0.02) with the impact speed fixed.
    const o = periodicOrbit(mod, { q0: [0.01, (k * 0.01 ** 2) / 2], qd0: [0.02, v], params: { k }, section: { contact: 'floor' }, fix: ["y'"] });
    expect(o.q[0]).toBeCloseTo(0, 9);
    expect(o.qd[0]).toBeCloseTo(0, 9);
    expect(o.qd[1]).toBe(v);
    expect(o.period).toBeCloseTo((2 * v) / G, 10);
    expect(o.impacts.map((i) => i.jacobian)).toEqual(['difference']);
    const [a, b] = pair(ratio);
    const energy = o.multipliers.filter((z) => Math.abs(z.re - 1) < 1e-6 && Math.abs(z.im) < 1e-9);
    expect(energy.length).toBe(1);
    const rest = byRe(o.multipliers.filter((z) => z !== energy[0]));
    if (ratio < 1) {
      for (const z of rest) {
        expect(z.re).toBeCloseTo(a, 7);
        expect(Math.abs(z.im)).toBeCloseTo(b, 7);
        expect(abs(z)).toBeCloseTo(1, 7);
      }
      expect(o.stable).toBe(true);
    } else {
      expect(rest[0]!.re).toBeCloseTo(a, 7);
      expect(rest[1]!.re).toBeCloseTo(b, 7);
      expect(o.stable).toBe(false);
    }
    expect(o.asymptotic).toBe(false);
  });

  it('the multipliers do not depend on the section: a coordinate crossing at the apex gives the same', async () => {
    const mod = await loadGenerated(deriveSystem(buildModel(spec)));
    const params = { k: (1.5 * G) / v ** 2 };
    const apex = (v * v) / (2 * G);
    // Falling through half the apex height at ẏ = −v/√2, the same energy.
    const o = periodicOrbit(mod, {
      q0: [0.01, apex / 2],
      qd0: [0.02, -v / Math.SQRT2],
      params,
      section: { coordinate: 'y', value: apex / 2, direction: 'down' },
      fix: ["y'"],
    });
    const [a, b] = pair(1.5);
    const re = o.multipliers.map((z) => z.re).sort((p, q) => p - q);
    expect(re[0]).toBeCloseTo(a, 7);
    expect(re[1]).toBeCloseTo(b, 7);
    expect(re[2]).toBeCloseTo(1, 7);
  });
});

describe('a ball on a vibrating table s(t) = A sin ωt, e < 1: the period-one orbit', () => {
  const spec = defineModel({
    name: 'ball-on-table',
    coordinates: ['y'],
    parameters: { g: G, e: 0.5, A: 0.12, w: 10 },
    kinetic: "y'^2/2",
    potential: 'g*y',
    unilateral: [{ name: 'table', constraint: 'y - A*sin(w*t) >= 0', law: { newton: 'e' } }],
  });

  it('leaves at u = gT/2 at the phase Aω cos φ (1 + e) = gT(1 − e)/2, multipliers of product e² and trace 1 + e² + (1 + e)²a/g', async () => {
    // Map of (impact time, velocity after): ∂t' = ∂t + (T/c)∂u with c = w + gT/2 the
    // relative approach speed; det = e², trace = 1 + e² + (1 + e)² a/g, a = −Aω² sin φ.
    const mod = await loadGenerated(deriveSystem(buildModel(spec)));
    const e = 0.5,
      A = 0.12,
      w = 10,
      T = (2 * Math.PI) / w;
    const phi = Math.acos((Math.PI * G * (1 - e)) / ((1 + e) * A * w * w));
    const o = periodicOrbit(mod, { q0: [A * Math.sin(phi) + 0.01], qd0: [3], t0: phi / w + 0.02, section: { contact: 'table' }, period: T });
    expect(o.period).toBeCloseTo(T, 10);
    expect(o.qd[0]).toBeCloseTo((G * T) / 2, 9);
    const phase = (((o.t0 * w) % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
    expect(phase).toBeCloseTo(phi, 8);
    expect(o.multipliers.length).toBe(2);
    const [m1, m2] = o.multipliers;
    expect(m1!.re * m2!.re - m1!.im * m2!.im).toBeCloseTo(e * e, 8);
    expect(m1!.re + m2!.re).toBeCloseTo(1 + e * e + ((1 + e) ** 2 * -A * w * w * Math.sin(phi)) / G, 8);
    expect(o.asymptotic).toBe(true);
    expect(o.periodicity).toEqual({ t: { kind: 'shift', how: 'declared' } });
  });

  it('needs the period, the model being time-dependent', async () => {
    const mod = await loadGenerated(deriveSystem(buildModel(spec)));
    expect(() => periodicOrbit(mod, { q0: [0.2], qd0: [3], section: { contact: 'table' } })).toThrow(/depends on time: give the period/);
  });
});

describe('the bouncing ball (e < 1): the trivial orbit', () => {
  it('its stride map v ↦ e v: multiplier e of the impact velocity at every amplitude, so the rest at v = 0 is approached geometrically', () => {
    for (const v of [0.5, 3]) {
      const r = strideMap(ball as unknown as LoadedModule, { q0: [0], qd0: [v], section: { contact: 'floor' }, params: { e: 0.8 } });
      const N = 3;
      const reduced = [r.poincare[0]!, r.poincare[1]!, r.poincare[N]!, r.poincare[N + 1]!];
      const mus = eigenvalues(2, reduced)
        .map(abs)
        .sort((a, b) => a - b);
      expect(mus[0]).toBeLessThan(1e-9);
      expect(mus[1]).toBeCloseTo(0.8, 9);
    }
  });

  it('with e = 1 the orbits form a family along the energy: multiplier 1, linearly but not asymptotically stable', () => {
    const o = periodicOrbit(ball as unknown as LoadedModule, { q0: [0], qd0: [3], section: { contact: 'floor' }, params: { e: 1 } });
    expect(o.multipliers.length).toBe(1);
    expect(o.multipliers[0]!.re).toBeCloseTo(1, 8);
    expect(o.stable).toBe(true);
    expect(o.asymptotic).toBe(false);
    expect(o.period).toBeCloseTo((2 * o.qd[0]!) / G, 10);
  });

  it('with e < 1 there is no orbit but the rest: Newton says so', () => {
    expect(() =>
      periodicOrbit(ball as unknown as LoadedModule, { q0: [0], qd0: [3], section: { contact: 'floor' }, params: { e: 0.8 }, maxIterations: 4 }),
    ).toThrow(/Newton on the return map stopped/);
  });
});

describe('Birkhoff billiard (000 (4.8)): the two-bounce orbit of length l between mirrors of radii R₁ ≤ R₂ is stable iff l < R₁ or R₂ < l < R₁ + R₂', () => {
  // Between two circular walls facing each other on the x-axis (centres at
  // −l/2 + R₁ and l/2 − R₂): the round trip of a ray, [[1, 0], [−2/R₂, 1]]
  // [[1, l], [0, 1]] [[1, 0], [−2/R₁, 1]] [[1, l], [0, 1]], has trace 4g₁g₂ − 2,
  // gᵢ = 1 − l/Rᵢ: |trace| < 2 ⟺ 0 < g₁g₂ < 1 ⟺ (4.8).
  const spec = defineModel({
    name: 'two-mirrors',
    coordinates: ['x', 'y'],
    parameters: { R1: 2, R2: 3, l: 1, e: 1 },
    kinetic: "(x'^2 + y'^2)/2",
    potential: '0',
    unilateral: [
      { name: 'left', constraint: 'R1^2 - (x + l/2 - R1)^2 - y^2 >= 0', law: { newton: 'e' } },
      { name: 'right', constraint: 'R2^2 - (x - l/2 + R2)^2 - y^2 >= 0', law: { newton: 'e' } },
    ],
  });

  // Full circles bound the table only while l < 2R₁ (else the left circle reaches the
  // right wall's vertex, a corner): the region l > R₁ + R₂ is out of reach here.
  it.each([
    [2, 3, 1, true],
    [1, 3, 1.5, false],
    [1.2, 1.5, 1.4, false],
    [1, 1.5, 1.8, true],
  ])('R₁ = %s, R₂ = %s, l = %s: stable %s, multipliers 1 and the pair of trace 4g₁g₂ − 2', async (R1, R2, l, stable) => {
    const system = deriveSystem(buildModel(spec));
    const mod = await loadGenerated(system);
    const o = periodicOrbit(mod, {
      q0: [-l / 2, 0.001],
      qd0: [1, 0.002],
      params: { R1, R2, l },
      section: { contact: 'left' },
      fix: ["x'"],
      impactJacobian: impactMapJacobian(system)!,
    });
    expect(o.period).toBeCloseTo(2 * l, 9);
    expect(o.impacts.map((i) => i.jacobian)).toEqual(['symbolic', 'symbolic']);
    const g1 = 1 - l / R1,
      g2 = 1 - l / R2;
    const sum = o.multipliers.reduce((s, z) => s + z.re, 0);
    expect(sum - 1).toBeCloseTo(4 * g1 * g2 - 2, 7);
    expect(o.stable).toBe(stable);
    expect(stable).toBe(l < R1 || (R2 < l && l < R1 + R2));
  });
});

describe('Kozlov §6: an oscillator V = c r²/2 inside the ellipse x²/a² + y²/b² ≤ 1 (a = 2, b = 1), bouncing along an axis', () => {
  // (6.2), c < 0: along the minor axis stable iff h ≥ ½|c|(a² − b²); a bounce
  // on the end of the major axis (the repelling centre turns it back) stable
  // iff h ≤ −½|c|(a² − b²). With c > 0 only the minor axis is stable
  // (l = 2b < 2R = 2a²/b; along the major axis l = 2a > 2R = 2b²/a).
  const spec = defineModel({
    name: 'oscillator-in-ellipse',
    coordinates: ['x', 'y'],
    parameters: { c: -1, a: 2, b: 1, e: 1 },
    kinetic: "(x'^2 + y'^2)/2",
    potential: 'c*(x^2 + y^2)/2',
    unilateral: [{ name: 'wall', constraint: '1 - x^2/a^2 - y^2/b^2 >= 0', law: { newton: 'e' } }],
  });
  const a = 2,
    b = 1;

  it.each([
    [-1, 'minor', 1.3, false],
    [-1, 'minor', 1.7, true],
    [-1, 'major', -1.6, true],
    [-1, 'major', -1.4, false],
    [1, 'minor', 1, true],
    [1, 'major', 3, false],
  ] as const)('c = %s, %s axis, h = %s: stable %s', async (c, axis, h, stable) => {
    const system = deriveSystem(buildModel(spec));
    const mod = await loadGenerated(system);
    const r = axis === 'minor' ? b : a;
    const v = Math.sqrt(2 * h - c * r * r); // speed at the wall
    const off = 0.001;
    const start =
      axis === 'minor'
        ? { q0: [off, b * Math.sqrt(1 - (off / a) ** 2)], qd0: [off, -v], fix: ["y'"] }
        : { q0: [a * Math.sqrt(1 - (off / b) ** 2), off], qd0: [-v, off], fix: ["x'"] };
    // Both ends of the axis are the same contact: a period is two impacts, or one
    // when the repelling centre sends the point back to the wall it left (h < 0).
    const crossings = h > 0 ? 2 : 1;
    const o = periodicOrbit(mod, { ...start, params: { c }, section: { contact: 'wall' }, crossings, impactJacobian: impactMapJacobian(system)! });
    expect(o.impacts).toHaveLength(crossings);
    expect(Math.abs(o.q[axis === 'minor' ? 0 : 1]!)).toBeLessThan(1e-8);
    expect(o.stable).toBe(stable);
    expect(stable).toBe(c > 0 ? axis === 'minor' : axis === 'minor' ? h >= 0.5 * -c * (a * a - b * b) : h <= -0.5 * -c * (a * a - b * b));
    // Conservative: the energy's multiplier 1, and a pair of product 1.
    const [, p, q] = [...o.multipliers].sort((x, y) => Math.abs(x.re - 1) + Math.abs(x.im) - (Math.abs(y.re - 1) + Math.abs(y.im)));
    expect(p!.re * q!.re - p!.im * q!.im).toBeCloseTo(1, 6);
  });
});
