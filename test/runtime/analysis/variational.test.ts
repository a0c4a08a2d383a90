// The flow sensitivities of impacting motions: the saltation matrix against
// its closed form for a ball on a floor, and Φ = ∂X(t1)/∂X(t0) through
// impacts, held contact phases and releases against central differences of
// the independent event-driven driver (simulateHybrid), to 1e-6.
import { describe, expect, it } from 'vitest';
import { deriveSystem } from '../../../src/derive/system.js';
import { impactMapJacobian } from '../../../src/derive/linearization/equilibria.js';
import { buildModel, defineModel } from '../../../src/model/index.js';
import type { LoadedModule, Params } from '../../../src/runtime/contract.js';
import { periodicOrbit, type PeriodicOrbit } from '../../../src/runtime/analysis/periodic.js';
import { simulate } from '../../../src/runtime/hybrid/simulate.js';
import { flowSensitivity, flowToSection, saltationMatrix, type FlowResult } from '../../../src/runtime/analysis/variational.js';
import * as ball from '../../../generated/bouncing-ball.js';
import * as roughDisk from '../../../generated/rough-disk.js';
import { committedModule } from '../../helpers/examples.js';
import { loadGenerated } from '../../helpers/generated-module.js';

const G = 9.81;

// Modules generated now (the committed ones may predate contactAccelerationsJacobian).
// The committed modules of derivations/ (the rimless wheel's default has six spokes): what the current sources
// generate from them, byte for byte but the header (test/codegen/generated.test.ts).
const release = (await committedModule('kozlov-release'))!;
const wheel = (await committedModule('rimless-wheel'))!;

/** The module as one generated before contactAccelerationsJacobian: its phases' Jacobians by differences. */
function withoutPhaseJacobian(mod: LoadedModule): LoadedModule {
  const { contactAccelerationsJacobian: _, ...rest } = mod;
  return rest;
}

/** (q, q̇) at t1 from the event-driven driver, tight tolerances. */
function hybridEnd(mod: LoadedModule, q0: readonly number[], qd0: readonly number[], t0: number, t1: number, params: Params): number[] {
  const tr = simulate(mod, { q0, qd0, t0, t1, params, rtol: 1e-12, atol: 1e-14, samples: 2 });
  return [...tr.q.at(-1)!, ...tr.qd.at(-1)!];
}

/** Central differences of the hybrid flow along direction d of X₀ = (q, q̇, t0). */
function hybridDirection(mod: LoadedModule, X0: readonly number[], d: readonly number[], t1: number, params: Params, h = 1e-6): number[] {
  const n = mod.model.coordinates.length;
  const at = (s: number): number[] => {
    const X = X0.map((v, i) => v + s * d[i]!);
    return hybridEnd(mod, X.slice(0, n), X.slice(n, 2 * n), X[2 * n]!, t1, params);
  };
  const plus = at(h),
    minus = at(-h);
  return plus.map((v, i) => (v - minus[i]!) / (2 * h));
}

/** Φ·d restricted to the (q, q̇) rows. */
function phiTimes(r: FlowResult, d: readonly number[]): number[] {
  const N = d.length;
  return Array.from({ length: N - 1 }, (_, i) => d.reduce((s, dk, k) => s + r.phi[i * N + k]! * dk, 0));
}

function expectClose(actual: readonly number[], expected: readonly number[], tol: number): void {
  const scale = Math.max(1, ...expected.map(Math.abs));
  for (let i = 0; i < expected.length; i++)
    expect(Math.abs(actual[i]! - expected[i]!), `component ${i}: ${actual[i]} vs ${expected[i]}`).toBeLessThan(tol * scale);
}

describe('saltation matrix', () => {
  it('of a ball striking a floor is [[−e, 0], [−(1+e)g/v⁻, −e]] (Leine & Nijmeijer §7), time row untouched', () => {
    const e = 0.7,
      vMinus = -3;
    // X = (y, ẏ, t): Δ(y, ẏ, t) = (y, −eẏ, t), h = y.
    const D = [1, 0, 0, 0, -e, 0, 0, 0, 1];
    const S = saltationMatrix(3, D, [vMinus, -G, 1], [-e * vMinus, -G, 1], [1, 0, 0]);
    expectClose(Array.from(S), [-e, 0, 0, (-(1 + e) * G) / vMinus, -e, 0, 0, 0, 1], 1e-15);
  });

  it('through the flow: a ball dropped from rest, Φ after one bounce equals the closed form', () => {
    // y₀ = h at rest: lands at t₁ = √(2h/g), then y = e g t₁ (t − t₁) − g(t − t₁)²/2.
    // ∂y(t)/∂h at fixed t = (1 + e)... derived from the formula by differencing it in closed form.
    const e = 0.6,
      h = 0.8,
      t1 = 0.55;
    const exact = (y0: number, v0: number): number[] => {
      const tl = (v0 + Math.sqrt(v0 * v0 + 2 * G * y0)) / G;
      const up = e * Math.sqrt(v0 * v0 + 2 * G * y0);
      const s = t1 - tl;
      return [up * s - (G * s * s) / 2, up - G * s];
    };
    const r = flowSensitivity(ball as unknown as LoadedModule, { q0: [h], qd0: [0], t1, params: { e } });
    expect(r.events.map((ev) => ev.type)).toEqual(['impact']);
    const d = 1e-6;
    for (const [k, dir] of [
      [0, [d, 0]],
      [1, [0, d]],
    ] as const) {
      const p = exact(h + dir[0], dir[1]),
        m = exact(h - dir[0], -dir[1]);
      const column = p.map((v, i) => (v - m[i]!) / (2 * d));
      expectClose([r.phi[0 * 3 + k]!, r.phi[1 * 3 + k]!], column, 1e-7);
    }
  });
});

describe('Φ through impacts against differences of the event-driven flow', () => {
  // Kozlov's point over a parabolic floor y ≥ κx²/2 (kozlov1988 §4).
  const pointSpec = defineModel({
    name: 'point-over-parabola',
    coordinates: ['x', 'y'],
    parameters: { g: G, e: 0.9, k: 0.8 },
    kinetic: "(x'^2 + y'^2)/2",
    potential: 'g*y',
    unilateral: [{ name: 'floor', constraint: 'y - k*x^2/2 >= 0', law: { newton: 'e' } }],
  });

  it('a point bouncing on a parabola: every column through three impacts, with symbolic and differenced impact derivatives alike', async () => {
    const system = deriveSystem(buildModel(pointSpec));
    const mod = await loadGenerated(system);
    const X0 = [0.3, 1, 0.4, 0, 0];
    const t1 = 1.7;
    const symbolic = flowSensitivity(mod, { q0: X0.slice(0, 2), qd0: X0.slice(2, 4), t1, impactJacobian: impactMapJacobian(system) });
    const differenced = flowSensitivity(mod, { q0: X0.slice(0, 2), qd0: X0.slice(2, 4), t1 });
    expect(symbolic.events.filter((e) => e.type === 'impact').length).toBe(3);
    expect(symbolic.events.every((e) => e.jacobian === 'symbolic')).toBe(true);
    expect(differenced.events.every((e) => e.jacobian === 'difference')).toBe(true);
    expect(symbolic.phaseJacobians).toEqual(['generated']);
    for (let k = 0; k < 4; k++) {
      const d = X0.map((_, i) => (i === k ? 1 : 0));
      const fd = hybridDirection(mod, X0, d, t1, {});
      expectClose(phiTimes(symbolic, d), fd, 1e-6);
      expectClose(phiTimes(differenced, d), phiTimes(symbolic, d), 1e-7);
    }
  });

  it('a ball on a vibrating table (a gap that moves with t): the start-time column too', async () => {
    const spec = defineModel({
      name: 'ball-on-table',
      coordinates: ['y'],
      parameters: { g: G, e: 0.5, A: 0.12, w: 10 },
      kinetic: "y'^2/2",
      potential: 'g*y',
      unilateral: [{ name: 'table', constraint: 'y - A*sin(w*t) >= 0', law: { newton: 'e' } }],
    });
    const mod = await loadGenerated(deriveSystem(buildModel(spec)));
    const X0 = [0.4, 0.5, 0.2];
    const t1 = 1.4;
    const r = flowSensitivity(mod, { q0: [X0[0]!], qd0: [X0[1]!], t0: X0[2], t1 });
    expect(r.events.filter((e) => e.type === 'impact').length).toBeGreaterThanOrEqual(2);
    for (let k = 0; k < 3; k++) {
      const d = X0.map((_, i) => (i === k ? 1 : 0));
      expectClose(phiTimes(r, d), hybridDirection(mod, X0, d, t1, {}), 1e-6);
    }
  });

  it('Kozlov’s release (2.3): the point held on the line leaves it at t = 1, where the force jumps (S ≠ I)', () => {
    const mod = release;
    const X0 = [-1, 0, 1, 0, 0];
    const t1 = 2;
    const r = flowSensitivity(mod, { q0: [-1, 0], qd0: [1, 0], t1 });
    expect(r.events.map((e) => e.type)).toEqual(['release']);
    expect(r.events[0]!.t).toBeCloseTo(1, 12);
    expect(r.phaseJacobians).toEqual(['generated']);
    expect(flowSensitivity(withoutPhaseJacobian(mod), { q0: [-1, 0], qd0: [1, 0], t1 }).phaseJacobians).toEqual(['difference', 'generated']);
    // Along the line (x, ẋ): the motion stays on it until x = 0.
    for (const k of [0, 2]) {
      const d = X0.map((_, i) => (i === k ? 1 : 0));
      expectClose(phiTimes(r, d), hybridDirection(mod, X0, d, t1, {}), 1e-6);
    }
  });

  it('the rimless wheel standing on a spoke: directions along the stance family through three impacts and held phases', () => {
    const mod = wheel;
    const params = { gamma: 0.2 };
    // Standing on spoke 1 (tip at rest): y = l cos ψ, ẋ = −l cos ψ ψ̇, ẏ = −l sin ψ ψ̇ (l = 1).
    const stance = (psi: number, w: number, x = 0): number[] => [x, Math.cos(psi), psi, -Math.cos(psi) * w, -Math.sin(psi) * w, w, 0];
    const X0 = stance(0.2, -1.5);
    const t1 = 2.2;
    const r = flowSensitivity(mod, { q0: X0.slice(0, 3), qd0: X0.slice(3, 6), t1, params });
    expect(r.events.filter((e) => e.type === 'impact').length).toBe(3);
    expect(r.phaseJacobians).toEqual(['generated']);
    const differenced = flowSensitivity(withoutPhaseJacobian(mod), { q0: X0.slice(0, 3), qd0: X0.slice(3, 6), t1, params });
    expect(differenced.phaseJacobians).toEqual(['difference']);
    expectClose(Array.from(r.phi), Array.from(differenced.phi), 1e-7);
    const h = 1e-6;
    const tangents = [
      stance(0.2 + h, -1.5).map((v, i) => (v - stance(0.2 - h, -1.5)[i]!) / (2 * h)),
      stance(0.2, -1.5 + h).map((v, i) => (v - stance(0.2, -1.5 - h)[i]!) / (2 * h)),
      stance(0.2, -1.5, 1).map((v, i) => v - X0[i]!),
    ];
    for (const d of tangents) expectClose(phiTimes(r, d), hybridDirection(mod, X0, d, t1, params), 1e-6);
  });
});

describe('Φ through a compliant contact (Kelvin–Voigt, no gravity): the closed form of the bounce', () => {
  // A unit mass at y₀ > 0 moving at ẏ₀ = −v into a floor δ = −y of force F_n = kδ − cẏ: inside,
  // δ = (v/ω_d) e^{−γs} sin ω_d s (γ = c/2, ω_d = √(k − γ²), s from the arrival at y₀/v). With
  // adhesion it leaves at ω_d s = π with speed v e^{−πγ/ω_d}; without, the force vanishes at
  // ω_d s = π − 2 arctan(γ/ω_d) (compliant.ts's RigidLimit), and the point flies force-free
  // back to δ = 0. Every time in contact is independent of v, so y(t1) = e v (t1 − t0 − y₀/v − T).
  // The damper's −cẏ switches on at δ = 0 with ẏ = −v: the field jumps there, and Φ is right only
  // with the saltation term (F⁺ − F⁻)∇hᵀ/(∇h·F⁻). (With adhesion the jumps in and out,
  // S = I ∓ c e₂e₁ᵀ, commute with the half-period flow, whose Φ₁₂ = 0 and Φ₁₁ = Φ₂₂, so there
  // they cancel; without adhesion they do not, and S = I would fail that case.)
  const k = 400;
  const exact =
    (c: number, adhesion: boolean, t1: number) =>
    (y0: number, yd0: number, t0: number): number[] => {
      const v = -yd0,
        gamma = c / 2,
        wd = Math.sqrt(k - gamma * gamma);
      const delta = (s: number): number => (v / wd) * Math.exp(-gamma * s) * Math.sin(wd * s);
      const rate = (s: number): number => (v / wd) * Math.exp(-gamma * s) * (wd * Math.cos(wd * s) - gamma * Math.sin(wd * s));
      const sr = adhesion ? Math.PI / wd : (Math.PI - 2 * Math.atan(gamma / wd)) / wd;
      const u = -rate(sr);
      const T = sr + (adhesion ? 0 : delta(sr) / u);
      return [u * (t1 - t0 - y0 / v - T), u];
    };
  const cases = [
    { c: 0, adhesion: false, law: 'a spring alone (force continuous at δ = 0: S = I)' },
    { c: 8, adhesion: true, law: 'a damped contact with adhesion (the force jumps by cv in and out)' },
    { c: 8, adhesion: false, law: 'a damped contact without adhesion (jumps in, leaves where F_n = 0, flies out inside)' },
  ];
  it.each(cases)('$law', async ({ c, adhesion }) => {
    const spec = defineModel({
      name: 'point-into-kelvin-voigt-floor',
      coordinates: ['y'],
      parameters: { k, c },
      kinetic: "y'^2/2",
      unilateral: [{ name: 'floor', constraint: 'y >= 0', law: { compliant: { stiffness: 'k', ...(c > 0 ? { damping: 'c' } : {}), adhesion } } }],
    });
    const mod = await loadGenerated(deriveSystem(buildModel(spec)));
    const X0 = [0.5, -2, 0.1],
      t1 = 1.2;
    const r = flowSensitivity(mod, { q0: [X0[0]!], qd0: [X0[1]!], t0: X0[2], t1, params: { c } });
    expect(r.events.map((e) => [e.type, e.compliant])).toEqual([
      ['contact', true],
      ['release', true],
    ]);
    expect(r.phaseJacobians).toEqual(['generated']);
    const f = exact(c, adhesion, t1);
    expectClose(Array.from(r.x), f(X0[0]!, X0[1]!, X0[2]!), 1e-8);
    const h = 1e-6;
    for (let col = 0; col < 3; col++) {
      const p = f(...(X0.map((v, i) => v + (i === col ? h : 0)) as [number, number, number]));
      const m = f(...(X0.map((v, i) => v - (i === col ? h : 0)) as [number, number, number]));
      expectClose(
        [r.phi[0 * 3 + col]!, r.phi[1 * 3 + col]!],
        p.map((v, i) => (v - m[i]!) / (2 * h)),
        1e-6,
      );
    }
  });
});

describe('Φ with rigid and compliant contacts together', () => {
  it('a point bouncing on a rigid floor (Newton, e = 0.8) against a damped compliant wall without adhesion: every column equals differences of the flow’s own end state', async () => {
    const spec = defineModel({
      name: 'point-between-floor-and-soft-wall',
      coordinates: ['x', 'y'],
      parameters: { g: G, e: 0.8, k: 2000, c: 10 },
      kinetic: "(x'^2 + y'^2)/2",
      potential: 'g*y',
      unilateral: [
        { name: 'floor', constraint: 'y >= 0', law: { newton: 'e' } },
        { name: 'wall', constraint: '1 - x >= 0', law: { compliant: { stiffness: 'k', damping: 'c' } } },
      ],
    });
    const mod = await loadGenerated(deriveSystem(buildModel(spec)));
    const X0 = [0.4, 0.6, 1.5, 0.5, 0],
      t1 = 1.2;
    const flow = (X: readonly number[]): FlowResult => flowSensitivity(mod, { q0: X.slice(0, 2), qd0: X.slice(2, 4), t0: X[4], t1, rtol: 1e-12, atol: 1e-14 });
    const r = flow(X0);
    const kinds = r.events.map((e) => `${e.type}${e.compliant ? ' (wall)' : ''}`);
    expect(kinds).toContain('impact');
    expect(kinds).toContain('contact (wall)');
    expect(kinds).toContain('release (wall)');
    const h = 1e-6;
    for (let k = 0; k < 5; k++) {
      const d = X0.map((_, i) => (i === k ? 1 : 0));
      const plus = flow(X0.map((v, i) => v + h * d[i]!)).x,
        minus = flow(X0.map((v, i) => v - h * d[i]!)).x;
      expectClose(
        phiTimes(r, d),
        Array.from(plus, (v, i) => (v - minus[i]!) / (2 * h)),
        1e-6,
      );
    }
  });
});

describe('flow to a section', () => {
  it('stops just after the section contact’s impact; the return map’s derivative annihilates the flow direction', () => {
    const mod = ball as unknown as LoadedModule;
    const r = flowToSection(mod, { q0: [0], qd0: [3], section: { contact: 'floor' }, maxTime: 10, params: { e: 0.8 } });
    expect(r.x[1]).toBeCloseTo(0.8 * 3, 10);
    expect(r.t).toBeCloseTo((2 * 3) / G, 12);
    // F(X₀) = (3, −g, 1): DP F = 0.
    const F = [3, -G, 1];
    for (let i = 0; i < 3; i++) expect(Math.abs(F.reduce((s, f, k) => s + r.poincare[i * 3 + k]! * f, 0))).toBeLessThan(1e-9);
    // ∂v⁺/∂v = e (the trivial orbit's stride map v ↦ e v).
    expect(r.poincare[1 * 3 + 1]).toBeCloseTo(0.8, 9);
  });

  it('finds a crossing inside one step: a point leaving a spring floor at v = 1 through y = 1/4 falling, its flight after the release one exact explicit step', async () => {
    const spec = defineModel({
      name: 'point-on-spring-floor',
      coordinates: ['y'],
      parameters: { g: 1, k: 1e4 },
      kinetic: "y'^2/2",
      potential: 'g*y',
      unilateral: [{ name: 'floor', constraint: 'y >= 0', law: { compliant: { stiffness: 'k' } } }],
    });
    const mod = await loadGenerated(deriveSystem(buildModel(spec)));
    const v = 1,
      w = 100;
    const r = flowToSection(mod, { q0: [0.25], qd0: [-Math.sqrt(v * v - 0.5)], section: { coordinate: 'y', value: 0.25, direction: 'down' }, maxTime: 10 });
    // Back at y = 1/4 after the two flights (2v/g less the time from 0 to 1/4 and back) and the contact time of (4.2), (2/ω)(π/2 + arctan(g/(vω))).
    expect(r.t).toBeCloseTo(2 * v + (2 / w) * (Math.PI / 2 + Math.atan(1 / (v * w))), 9);
    expect(r.events.map((e) => e.type)).toEqual(['contact', 'release']);
  });

  it('names the section it could not reach', () => {
    const mod = ball as unknown as LoadedModule;
    expect(() => flowToSection(mod, { q0: [0], qd0: [3], section: { coordinate: 'y', value: 5, direction: 'up' }, maxTime: 10, params: { e: 1 } })).toThrow(
      /did not reach the section coordinate:y=5:up/,
    );
  });

  it('stops when the impacts accumulate, naming the accumulation point (e = 1/2: the ball rests from 2v/(g(1 − e)) = 1.22324 on)', () => {
    // The impacts come at 1.22324(1 − 2⁻ᵏ); the seventh, at 1.2137, is the fifth shrinking interval in a row, and the
    // series its ratio 1/2 extrapolates sums to the closed form.
    const mod = ball as unknown as LoadedModule;
    expect(() => flowToSection(mod, { q0: [0], qd0: [3], section: { coordinate: 'y', value: 5, direction: 'up' }, maxTime: 10, params: { e: 0.5 } })).toThrow(
      /impacts accumulate near t = 1\.22324 .*instead of returning to the section/,
    );
  });
});

describe('a point-mass rimless wheel (I* = 0, M singular alone): the stride through the constrained system', () => {
  it('rolls down γ = 0.2 at the steady speed of (2.6) with r = cos 2α: ω⁻² = c/(1 − r²), c = 4g sin α sin γ; multiplier r^{2k} per revolution', () => {
    const k = 6,
      alpha = Math.PI / k,
      gamma = 0.2,
      r = Math.cos(2 * alpha);
    const wMinus = Math.sqrt((4 * G * Math.sin(alpha) * Math.sin(gamma)) / (1 - r * r));
    const psi = 0.9 * alpha,
      w = -1.1 * r * wMinus;
    const o = periodicOrbit(wheel, {
      q0: [0, Math.cos(psi), psi],
      qd0: [-Math.cos(psi) * w, -Math.sin(psi) * w, w],
      params: { Istar: 0, gamma },
      section: { contact: 'spoke2' },
    });
    // Free flight is undefined (M singular, rhs NaN): the symmetries are read off the stance phase's field.
    expect(o.periodicity).toEqual({ x: { kind: 'free', how: 'detected' }, psi: { kind: 'shift', how: 'detected' }, t: { kind: 'free', how: 'detected' } });
    expect(o.shift.psi).toBeCloseTo(-2 * Math.PI, 9);
    expect(o.qd[2]).toBeCloseTo(-r * wMinus, 8);
    expect(o.impacts).toHaveLength(k);
    expect(Math.abs(o.multipliers[0]!.re - r ** (2 * k))).toBeLessThan(1e-7);
    for (const z of o.multipliers.slice(1)) expect(Math.hypot(z.re, z.im)).toBeLessThan(1e-6);
  });
});

describe('periodic orbits with the generated phase Jacobians and with differences: the same multipliers', () => {
  /** The orbit both ways: only the generated run reports 'generated' alone; the multipliers agree to `tol`. */
  function bothWays(mod: LoadedModule, opts: Parameters<typeof periodicOrbit>[1], tol: number): PeriodicOrbit {
    const generated = periodicOrbit(mod, opts);
    const differenced = periodicOrbit(withoutPhaseJacobian(mod), opts);
    expect(generated.phaseJacobians).toEqual(['generated']);
    expect(differenced.phaseJacobians).toContain('difference');
    expect(generated.multipliers).toHaveLength(differenced.multipliers.length);
    generated.multipliers.forEach((z, i) => expect(Math.hypot(z.re - differenced.multipliers[i]!.re, z.im - differenced.multipliers[i]!.im)).toBeLessThan(tol));
    return generated;
  }

  it('the compass-gait walker on a 3° slope (its stance phases hold a sticking foot): to 1e-8', async () => {
    const walker = (await committedModule('compass-walker'))!;
    const half = 0.27,
      a1d = -0.38,
      a2d = -1.09;
    const q0 = [-Math.sin(half), Math.cos(half), -half, half],
      qd0 = [-Math.cos(half) * a2d, -Math.sin(half) * a2d, a1d, a2d];
    bothWays(walker, { q0, qd0, params: { g: 9.8 }, section: { contact: 'foot2' } }, 1e-8);
  });

  // The multiplier r^{2k} of (2.6), r = (I* + cos 2α)/(I* + 1): the generated run meets it to
  // 5e-11 (I* = 0.5) and 1.3e-9 (I* = 0), the differenced one to 3.8e-9 and 2.9e-8 (measured),
  // so at I* = 0, where the pinned solve is worse conditioned, the two agree to 5e-8 only.
  it.each([
    [0.5, 1e-8],
    [0, 5e-8],
  ])('the rimless wheel (k = 6, γ = 0.2, I* = %s) rolling from spoke to spoke: to %s, the generated run within 1e-8 of r^{2k}', (Istar, tol) => {
    const psi = (0.9 * Math.PI) / 6,
      w = -1.5;
    const o = bothWays(
      wheel,
      { q0: [0, Math.cos(psi), psi], qd0: [-Math.cos(psi) * w, -Math.sin(psi) * w, w], params: { Istar, gamma: 0.2 }, section: { contact: 'spoke2' } },
      tol,
    );
    const r = (Istar + Math.cos(Math.PI / 3)) / (Istar + 1);
    expect(Math.abs(o.multipliers[0]!.re - r ** 12)).toBeLessThan(1e-8);
  });
});

describe('contacts with Coulomb friction', () => {
  const disk = roughDisk as unknown as LoadedModule;

  it('bounce by the impact law of every driver: a rough disk striking the floor from flight leaves sticking, (2/3, 1, −20/3) (Routh)', () => {
    const r = flowSensitivity(disk, { q0: [0, 0.2, 0], qd0: [1, -2, 0], t1: 0.06, params: { g: 0, e: 0.5, mu: 0.3 } });
    const impact = r.events.find((e) => e.type === 'impact')!;
    [2 / 3, 1, -20 / 3].forEach((v, i) => expect(impact.xPlus![3 + i]).toBeCloseTo(v, 9));
  });

  it('are refused where a phase would hold them (friction-unsupported), not integrated as frictionless; at μ = 0 they are held', () => {
    const rolling = { q0: [0, 0.1, 0], qd0: [1, 0, -10], t1: 0.1 };
    expect(() => flowSensitivity(disk, rolling)).toThrow(
      expect.objectContaining({ code: 'friction-unsupported', where: expect.objectContaining({ field: 'unilateral[0].law' }) }),
    );
    const frictionless = flowSensitivity(disk, { ...rolling, params: { mu: 0 } });
    expect(frictionless.held).toEqual([true]);
    expect(frictionless.x[3]).toBeCloseTo(1, 12);
  });
});

describe('a contact whose phase starts inside the surface', () => {
  it('is watched from there: a ball left 5e-9 below the floor (past the sink 1e-9) and falling strikes it', () => {
    // Where an impact found by the sink leaves its contact (just past −gapTol), a sink counted from 0 cannot fire
    // again: g + 1e-9 < 0 from the start, and the ball fell through the floor unseen (y = −g t²/2 = −4.9e-4 at
    // t = 0.01). Counted from where the phase starts (contact-events.ts gapSinks), it fires once the ball has sunk 1e-9
    // further, after √(2·1e-9/g) = 1.43e-5 s; each bounce too small to climb out starts the next phase 1e-9 deeper.
    const r = flowSensitivity(ball as unknown as LoadedModule, { q0: [-5e-9], qd0: [0], t1: 0.01, held: [false] });
    expect(r.events[0]!.type).toBe('impact');
    expect(r.events[0]!.t).toBeCloseTo(Math.sqrt(2e-9 / G), 9);
    expect(r.events[0]!.x[0]!).toBeCloseTo(-6e-9, 15);
    expect(r.events.every((e) => e.type === 'impact')).toBe(true);
    expect(r.x[0]!).toBeGreaterThan(-1e-6);
  });
});

describe('a large angle is integrated reduced (model.periodic: the rod enters the equations through sin θ, cos θ only)', () => {
  // From θ = 10⁴ unreduced the differenced impact derivative stepped θ by ε^{1/3}·|θ| = 0.06 rad and Φ after
  // two impacts was off by 0.07; reduced to (−π, π] with its turns added back on the reported states, the flow
  // is that from the reduced angle, Φ included, and a section on θ is crossed where the unreduced value lies.
  const TWO_PI = 2 * Math.PI;
  const reduced = 10_000 - 1592 * TWO_PI;
  const rod = committedModule('falling-rod').then((mod) => mod!);
  // Frictionless, so that its phases may hold an end (friction-unsupported otherwise); four impacts by t = 0.7.
  const params = { mu: 0 };
  const from = (theta: number) => ({ q0: [0, 1, theta], qd0: [1, 0, 0], params });

  it.each([
    [10_000, 1592],
    [10_000 + 3 * TWO_PI, 1595],
    [10_000 - 5 * TWO_PI, 1587],
  ])('from θ = %f: the end state (θ less %i turns), Φ and the events are those from the reduced angle', async (theta, turns) => {
    const mod = await rod;
    const base = flowSensitivity(mod, { ...from(reduced), t1: 0.7 });
    const big = flowSensitivity(mod, { ...from(theta), t1: 0.7 });
    // End A strikes, then end B, and each again: impacts only, the same from either angle.
    expect(base.events.length).toBeGreaterThanOrEqual(2);
    expect(base.events.every((e) => e.type === 'impact')).toBe(true);
    expect(big.events.map((e) => e.type)).toEqual(base.events.map((e) => e.type));
    const shift = (x: ArrayLike<number>) => Array.from(x, (v, i) => (i === 2 ? v - turns * TWO_PI : v));
    const gap = (x: ArrayLike<number>) => mod.gaps!(0, Array.from(x).slice(0, 3), params)[0]!;
    const close = (a: readonly number[], b: ArrayLike<number>) => a.forEach((v, i) => expect(Math.abs(v - b[i]!)).toBeLessThan(1e-9));
    close(shift(big.x), base.x);
    expect(Math.abs(gap(big.x) - gap(base.x))).toBeLessThan(1e-9);
    big.events.forEach((e, k) => {
      expect(Math.abs(e.t - base.events[k]!.t)).toBeLessThan(1e-9);
      close(shift(e.x), base.events[k]!.x);
      close(shift(e.xPlus!), base.events[k]!.xPlus!);
    });
    close(Array.from(big.phi), base.phi);
    // θ halfway between the two impacts, unreduced: the same crossing.
    const [a, b] = base.events.map((e) => e.x[2]!);
    const section = (offset: number) => ({ coordinate: 'theta', value: (a! + b!) / 2 + offset, direction: b! > a! ? 'up' : 'down' }) as const;
    const s0 = flowToSection(mod, { ...from(reduced), section: section(0), maxTime: 1 });
    const s1 = flowToSection(mod, { ...from(theta), section: section(turns * TWO_PI), maxTime: 1 });
    expect(s0.t).toBeGreaterThan(base.events[0]!.t);
    expect(s0.t).toBeLessThan(base.events[1]!.t);
    expect(Math.abs(s1.t - s0.t)).toBeLessThan(1e-9);
    close(shift(s1.x), s0.x);
  });
});
