// The viscoelastic disk of Kuleshov, Treschev, Ivanova, Naimushina
// (kuleshov2011) simulated from its model file (derivations/viscoelastic-disk.ts):
// the contact law derived from the patch, generated, and integrated by the
// compliant runtime (Radau IIA, contact and separation located).
//  - vertical drop: the restitution is the universal H(v) of (6.1)–(6.3) at
//    the scaled speed h′ = q̇ν/(ka), a = (mk/(ν²r))² (test/derive/
//    universal-restitution.test.ts derives the scaling), H computed here
//    independently by a fixed-step RK4 of (6.1)–(6.2);
//  - oblique impact (§7): 2uₓ − rω (the scaled 2v − γ) is unchanged while
//    the disk slips through the impact;
//  - incline (§11–§12): sliding stops iff tan α < 3λ (2.3), and then the disk
//    rolls with u̇ₓ = (2/3)(g sin α + F_res/m), F_res = −mg cos α·c(1 − (3/4)c/ϑ₀),
//    c = νuₓ/(kr) ((3.1), (12.3)): a resistance proportional to speed.
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/runtime/hybrid/simulate.js';
import type { LoadedModule } from '../../src/runtime/contract.js';
import { committedModule } from '../helpers/examples.js';

const disk: LoadedModule = (await committedModule('viscoelastic-disk'))!;
const DEFAULTS = Object.fromEntries(disk.model.parameters.map((p) => [p.name, p.default])) as Record<string, number>;
const S2 = Math.SQRT2;

/** H(v) of (6.1)–(6.3) by RK4 with n steps per unit of scaled time, the crossing by linear interpolation. */
function universalH(v: number): number {
  const h = 1e-4 * Math.min(1, 1 / v);
  let y = [0, v];
  const step = (f: (u: number[]) => number[]): number[] => {
    const k1 = f(y),
      k2 = f(y.map((u, i) => u + (h / 2) * k1[i]!)),
      k3 = f(y.map((u, i) => u + (h / 2) * k2[i]!)),
      k4 = f(y.map((u, i) => u + h * k3[i]!));
    return y.map((u, i) => u + (h / 6) * (k1[i]! + 2 * k2[i]! + 2 * k3[i]! + k4[i]!));
  };
  const down = (u: number[]): number[] => [u[1]!, -2 * S2 * Math.sqrt(Math.max(u[0]!, 0)) * u[1]! - ((4 * S2) / 3) * Math.max(u[0]!, 0) ** 1.5];
  const up = (u: number[]): number[] => [u[1]!, -((4 * S2) / 3) * Math.max(u[0]! + u[1]!, 0) ** 1.5];
  while (y[1]! > 0) y = step(down);
  for (;;) {
    const next = step(up);
    if (next[0]! + next[1]! <= 0) {
      const a = y[0]! + y[1]!,
        b = next[0]! + next[1]!;
      return -(y[1]! + (a / (a - b)) * (next[1]! - y[1]!));
    }
    y = next;
  }
}

describe('vertical drop: the restitution is the universal H(v) (6.1)–(6.3)', () => {
  // Without gravity the motion after separation is uniform, so the velocity
  // at the release (the disk back at the undeformed line) is the separation's.
  it.each([0.5, 3])('at scaled impact speed %f', (h0) => {
    const p: Record<string, number> = { ...DEFAULTS, g: 0 };
    const a = ((p.m! * p.k!) / (p.nu! ** 2 * p.r!)) ** 2;
    const qd = (h0 * p.k! * a) / p.nu!;
    const tr = simulate(disk, { q0: [0, p.r!, 0], qd0: [0, -p.r! * qd, 0], t1: 0.2, params: p, rtol: 1e-9, atol: 1e-12 });
    const release = tr.events.find((e) => e.type === 'release');
    expect(release).toBeDefined();
    const out = release!.qd[1]! / (p.r! * qd);
    const H = universalH(h0);
    expect(Math.abs(out - H / h0)).toBeLessThan(2e-4);
    // H(v)/v < 1 and decreasing (Proposition 11).
    expect(out).toBeLessThan(1);
  });
});

describe('oblique impact (§7, Proposition 9): 2uₓ − rω is a first integral while the disk slips', () => {
  it('through a whole impact with slip throughout', () => {
    const p: Record<string, number> = { ...DEFAULTS, g: 0 };
    const a = ((p.m! * p.k!) / (p.nu! ** 2 * p.r!)) ** 2;
    const qd = (1 * p.k! * a) / p.nu!;
    const [ux, omega] = [3, 0];
    const tr = simulate(disk, { q0: [0, p.r!, 0], qd0: [ux, -p.r! * qd, omega], t1: 0.05, samples: 400, params: p, rtol: 1e-9, atol: 1e-12 });
    const release = tr.events.find((e) => e.type === 'release')!;
    const first = 2 * ux - p.r! * omega;
    // The slip uₓ + rω stays positive (σ = 1) …
    expect(release.qd[0]! + p.r! * release.qd[2]!).toBeGreaterThan(0);
    // … it was reduced by friction, 3λ(h′₋ + H) in the scaled units (Proposition 9's A).
    expect(release.qd[0]!).toBeLessThan(ux - 0.1);
    // 2v − γ, scaled 2uₓ − rω: conserved up to the rolling-resistance part −∫ϑ dF_y of F_x, which §7(a) drops as O(ϑ₀).
    for (let i = 0; i < tr.t.length && tr.t[i]! <= release.t; i++) {
      expect(Math.abs(2 * tr.qd[i]![0]! - p.r! * tr.qd[i]![2]! - first) / first).toBeLessThan(0.01);
    }
  });
});

/** The depth at rest under the load mg cos α, F_y = (4√2/3)kr²q^{3/2} (5.3) at q̇ = 0. */
const restingDepth = (p: Record<string, number>, alpha: number): number => ((3 * p.m! * p.g! * Math.cos(alpha)) / (4 * S2 * p.k! * p.r! ** 2)) ** (2 / 3);

describe('on an incline (§11, (2.3)): the sliding stops iff tan α < 3λ', () => {
  // A lower viscosity keeps the rolling resistance c = νuₓ/(kr) (which (11.2) drops) near 1%.
  const p: Record<string, number> = { ...DEFAULTS, lambda: 0.2, nu: 3e3 };
  const run = (alpha: number) => {
    const q = restingDepth(p, alpha);
    return simulate(disk, { q0: [0, p.r! * (1 - q), 0], qd0: [1, 0, 0], t1: 0.8, samples: 160, params: { ...p, alpha } });
  };
  const slip = (tr: ReturnType<typeof run>, i: number): number => tr.qd[i]![0]! + p.r! * tr.qd[i]![2]!;
  /** (8.6)–(8.7) while sliding forward: ṡ = g(sin α − 3λ cos α) − g cos α·c, the last the resistance −∫ϑ dF_y/m. */
  const slipRate = (alpha: number, u: number): number =>
    p.g! * (Math.sin(alpha) - 3 * p.lambda! * Math.cos(alpha)) - (p.g! * Math.cos(alpha) * (p.nu! * u)) / (p.k! * p.r!);
  /** The measured slip rate over [t0, t1] against slipRate at the mean speed. */
  const checkRate = (tr: ReturnType<typeof run>, alpha: number, t0: number, t1: number): void => {
    const [i, j] = [tr.t.findIndex((t) => t >= t0), tr.t.findIndex((t) => t >= t1)];
    const measured = (slip(tr, j) - slip(tr, i)) / (tr.t[j]! - tr.t[i]!);
    const predicted = slipRate(alpha, 0.5 * (tr.qd[i]![0]! + tr.qd[j]![0]!));
    expect(Math.abs(measured / predicted - 1)).toBeLessThan(0.02);
  };
  it('tan α = 0.31 < 3λ = 0.6: the slip decays at g(3λ cos α − sin α), then stays zero (rolling without slip)', () => {
    const alpha = 0.3;
    const tr = run(alpha);
    const stop = 1 / -slipRate(alpha, 1);
    checkRate(tr, alpha, 0.1, 0.8 * stop);
    for (let k = tr.t.findIndex((t) => t >= 1.1 * stop); k < tr.t.length; k++) expect(Math.abs(slip(tr, k))).toBeLessThan(1e-3);
  });
  it('tan α = 0.84 > 3λ = 0.6: the slip grows at g(sin α − 3λ cos α)', () => {
    const alpha = 0.7;
    const tr = run(alpha);
    checkRate(tr, alpha, 0.1, 0.8);
    expect(slip(tr, tr.t.length - 1)).toBeGreaterThan(2);
  });
});

describe('rolling without slip (§12, (3.1)): a resistance proportional to speed', () => {
  it('on the level the speed decays at u̇ₓ = −(2/3)g·c(1 − (3/4)c/ϑ₀), c = νuₓ/(kr)', () => {
    // A lower viscosity, so that c/ϑ₀ is small (the paper's low-speed regime).
    const p: Record<string, number> = { ...DEFAULTS, nu: 3e3 };
    const q = restingDepth(p, 0);
    const theta0 = Math.sqrt(2 * q);
    const tr = simulate(disk, { q0: [0, p.r! * (1 - q), 0], qd0: [1, 0, -1 / p.r!], t1: 1, samples: 100, params: p });
    const predicted = (u: number): number => {
      const c = (p.nu! * u) / (p.k! * p.r!);
      return -(2 / 3) * p.g! * c * (1 - (0.75 * c) / theta0);
    };
    // After the vertical oscillation has decayed: the measured deceleration against the formula.
    for (const [t0, t1] of [
      [0.5, 0.7],
      [0.8, 1],
    ] as const) {
      const [i, j] = [tr.t.findIndex((t) => t >= t0), tr.t.findIndex((t) => t >= t1)];
      const measured = (tr.qd[j]![0]! - tr.qd[i]![0]!) / (tr.t[j]! - tr.t[i]!);
      const formula = predicted(0.5 * (tr.qd[i]![0]! + tr.qd[j]![0]!));
      expect(Math.abs(measured / formula - 1)).toBeLessThan(0.05);
      // Rolling: no slip.
      expect(Math.abs(tr.qd[j]![0]! + p.r! * tr.qd[j]![2]!)).toBeLessThan(1e-6);
    }
  });
});
