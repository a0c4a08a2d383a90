// A declared orbit sought again over a sweep of the stiffness (OrbitSpec.sweep,
// src/studies/orbit.ts) against an independent monodromy: Kozlov's variational
// equation δẍ + p(t)δx = 0 along the closed-form orbit, integrated by RK4 over
// the swings and carried across the flights by their transfer matrices. The
// trace in (x, ẋ) is the sum of the study's multipliers less the energy's 1.
import { describe, expect, it } from 'vitest';
import { deriveSystem } from '../../src/derive/system.js';
import { buildModel } from '../../src/model/index.js';
import { declaredOrbit } from '../../src/studies/orbit.js';
import birkhoffStiff from '../../derivations/kozlov-birkhoff-stiff.js';
import stiffBouncing from '../../derivations/kozlov-stiff-bouncing.js';
import { loadGenerated } from '../helpers/generated-module.js';

type M2 = [number, number, number, number];
const mul = (a: M2, b: M2): M2 => [a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3], a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3]];

/** The transfer matrix of δẍ = −p(t)δx over [t0, t1], (δx, δẋ) as a column, by RK4 in `steps` steps. */
function transfer(p: (t: number) => number, t0: number, t1: number, steps = 4000): M2 {
  const h = (t1 - t0) / steps;
  const col = (x: number, v: number): [number, number] => {
    for (let k = 0; k < steps; k++) {
      const t = t0 + k * h;
      const f = (tt: number, xx: number, vv: number): [number, number] => [vv, -p(tt) * xx];
      const k1 = f(t, x, v);
      const k2 = f(t + h / 2, x + (h / 2) * k1[0], v + (h / 2) * k1[1]);
      const k3 = f(t + h / 2, x + (h / 2) * k2[0], v + (h / 2) * k2[1]);
      const k4 = f(t + h, x + h * k3[0], v + h * k3[1]);
      x += (h / 6) * (k1[0] + 2 * k2[0] + 2 * k3[0] + k4[0]);
      v += (h / 6) * (k1[1] + 2 * k2[1] + 2 * k3[1] + k4[1]);
    }
    return [x, v];
  };
  const [a, c] = col(1, 0);
  const [b, d] = col(0, 1);
  return [a, b, c, d];
}
const flight = (t: number): M2 => [1, t, 0, 1];

/** kozlov1988 (4.2)–(4.3): the swing y₀ in the floor, p = −Nf″(0)y₀, then the flight 2v/g. */
function bouncingTrace(N: number, g: number, v: number, a: number): number {
  const s = Math.sqrt(N);
  const tau = (Math.PI + 2 * Math.atan(g / (v * s))) / s;
  const y0 = (t: number): number => (g / N) * (Math.cos(s * t) - 1) - (v / s) * Math.sin(s * t);
  const M = mul(
    flight((2 * v) / g),
    transfer((t) => (-N * y0(t)) / a, 0, tau),
  );
  return M[0] + M[3];
}

/** kozlov1988 (4.6): p = vR⁻¹√N sin √N t on each swing, 0 on the flights l/v. */
function birkhoffTrace(N: number, l: number, R1: number, R2: number, v: number): number {
  const s = Math.sqrt(N);
  const swing = (R: number): M2 => transfer((t) => (v * s * Math.sin(s * t)) / R, 0, Math.PI / s);
  const M = mul(flight(l / v), mul(swing(R2), mul(flight(l / v), swing(R1))));
  return M[0] + M[3];
}

const traceOf = (multipliers: readonly { re: number }[]): number => multipliers.reduce((s, z) => s + z.re, 0) - 1;

describe('the stiff orbits of Kozlov §4 over N: unstable at N = 100, stable as N grows', () => {
  it('kozlov-stiff-bouncing, f″(0) = 0.9 < g/v²: each trace is the monodromy of (4.3); −2.51 at N = 100, toward 2 − 4f″v²/g = −1.6', async () => {
    const system = deriveSystem(buildModel(stiffBouncing));
    const study = declaredOrbit(await loadGenerated(system), stiffBouncing.orbit!);
    const [g, v, a] = [1, 1, 10 / 9];
    expect(traceOf(study.orbit!.multipliers)).toBeCloseTo(bouncingTrace(100, g, v, a), 4);
    expect(bouncingTrace(100, g, v, a)).toBeLessThan(-2.5);
    expect(study.orbit!.stable).toBe(false);
    expect(study.sweep!.map((s) => s.value)).toEqual([1e3, 1e4, 1e5]);
    for (const s of study.sweep!) {
      expect(traceOf(s.orbit!.multipliers)).toBeCloseTo(bouncingTrace(s.value, g, v, a), 3);
      expect(s.orbit!.stable).toBe(true);
    }
    expect(Math.abs(traceOf(study.sweep!.at(-1)!.orbit!.multipliers) - (2 - (4 * v * v) / (a * g)))).toBeLessThan(0.05);
  });
  it('kozlov-birkhoff-stiff, l_* < l < R₁: each trace is the monodromy of (4.6); −2.03 at N = 100, toward the rigid a = −1.492', async () => {
    const system = deriveSystem(buildModel(birkhoffStiff));
    const study = declaredOrbit(await loadGenerated(system), birkhoffStiff.orbit!);
    const [l, R1, R2, v] = [0.5, 0.7, 0.9, 1];
    expect(traceOf(study.orbit!.multipliers)).toBeCloseTo(birkhoffTrace(100, l, R1, R2, v), 4);
    expect(birkhoffTrace(100, l, R1, R2, v)).toBeLessThan(-2);
    expect(study.orbit!.stable).toBe(false);
    for (const s of study.sweep!) {
      expect(traceOf(s.orbit!.multipliers)).toBeCloseTo(birkhoffTrace(s.value, l, R1, R2, v), 3);
      expect(s.orbit!.stable).toBe(true);
    }
    const rigid = 2 * (1 - 2 * l * (1 / R1 + 1 / R2) + (2 * l * l) / (R1 * R2));
    expect(Math.abs(traceOf(study.sweep!.at(-1)!.orbit!.multipliers) - rigid)).toBeLessThan(0.05);
  });
});
