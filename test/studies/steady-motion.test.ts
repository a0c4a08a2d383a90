// Steady motions and their stability boundaries (src/studies/steady-motion.ts)
// against classical results typed from the textbooks:
//   - the sleeping top (Klein & Sommerfeld, Über die Theorie des Kreisels,
//     ch. VI; Goldstein, Classical Mechanics, 3rd ed., §5.7, the "fast
//     top"): stable iff C²ω² > 4 A₀ m g l, A₀ = A + m l² the transverse
//     inertia about the fixed point; in Cardan angles (the fixture
//     sleeping-top.ts: zxz Euler angles are singular at the upright axis).
//     Its small motions, ξ = α + iβ, obey A₀ ξ̈ − i C ω ξ̇ − m g l ξ = 0, so
//     λ = i(Cω ± √(C²ω² − 4 A₀ m g l))/(2 A₀);
//   - the steady precession of the heavy top at nutation θ₀ (Goldstein
//     §5.7): A₀ Ω² cos θ₀ − C n Ω + m g l = 0 with n = φ̇ + Ω cos θ₀ the
//     axial spin; for a given φ̇ it is (A₀ − C) cos θ₀ Ω² − C φ̇ Ω + m g l = 0,
//     whose two roots (slow and fast precession) meet where its
//     discriminant vanishes, at φ̇ = 2√((A₀ − C) cos θ₀ m g l)/C; the
//     nutation about either from Routh's reduction (Goldstein's effective
//     potential, §5.7);
//   - the thin uniform disk rolling upright (Neimark & Fufaev, Dynamics of
//     Nonholonomic Systems, ch. III, the rolling disk): stable iff its spin
//     ω > √(g/(3a)); its tilt and turning rate then oscillate at
//     λ² = −(C (C + m a²) ω² − A m g a)/(A (A + m a²)) (linearized by
//     hand); the hand-written fixture rolling-disk.ts and the same disk formed
//     from its geometry (derivations/rolling-disk.ts).
import { describe, expect, it } from 'vitest';
import heavyTop from '../../derivations/heavy-top.js';
import knifeEdge from '../../derivations/knife-edge.js';
import bouncingBall from '../../derivations/bouncing-ball.js';
import rollingDiskGeometry from '../../derivations/rolling-disk.js';
import { steadyMotionsAt, steadyMotionStudy, sweepSteadyMotions } from '../../src/studies/steady-motion.js';
import rollingDisk from '../fixtures/rolling-disk.js';
import sleepingTop from '../fixtures/sleeping-top.js';
import { derived } from '../helpers/examples.js';

describe('the sleeping top', () => {
  const top = { m: 2, l: 0.3, A: 0.12, C: 0.25, g: 9.81 };
  const A0 = top.A + top.m * top.l ** 2;
  const mgl = top.m * top.g * top.l;
  const critical = (2 * Math.sqrt(A0 * mgl)) / top.C;

  it('is stable above the critical spin 2√(A₀ m g l)/C, located to 1e-6', () => {
    const result = sweepSteadyMotions(
      derived(sleepingTop),
      top,
      { q: [0, 0, 0], qd: [0, 0, 10], free: [false, false, false] },
      { variable: { kind: 'rate', coordinate: 2 }, from: 0, to: 3 * critical, steps: 30 },
    );
    expect(result.branches).toHaveLength(1);
    const [branch] = result.branches;
    expect(branch!.boundaries).toHaveLength(1);
    const [boundary] = branch!.boundaries;
    expect(boundary!.kind).toBe('stability');
    expect(boundary!.below).toBe('unstable');
    expect(boundary!.above).toBe('linearly stable modulo the family');
    expect(Math.abs(boundary!.value - critical)).toBeLessThan(1e-6);
  });

  it('at a given spin ω, needs an axial inertia above C = 2√(A₀ m g l)/ω (a sweep over a parameter)', () => {
    const omega = 15;
    const result = sweepSteadyMotions(
      derived(sleepingTop),
      { ...top, C: 0.5 },
      { q: [0, 0, 0], qd: [0, 0, omega], free: [false, false, false] },
      { variable: { kind: 'parameter', name: 'C' }, from: 0.05, to: 1, steps: 19 },
    );
    const [boundary] = result.branches[0]!.boundaries;
    expect([boundary!.kind, boundary!.below]).toEqual(['stability', 'unstable']);
    expect(Math.abs(boundary!.value - (2 * Math.sqrt(A0 * mgl)) / omega)).toBeLessThan(1e-9);
  });

  it('nutates at λ = i(Cω ± √(C²ω² − 4A₀mgl))/(2A₀) above it; the spin rate is its family', () => {
    const omega = 1.5 * critical;
    const [motion] = steadyMotionsAt(derived(sleepingTop), top, { q: [0, 0, 0], qd: [0, 0, omega], free: [false, false, false] });
    expect(motion!.family).toBe(1);
    const root = Math.sqrt(top.C ** 2 * omega ** 2 - 4 * A0 * mgl);
    // ξ's two roots and their conjugates (β's equation is the imaginary part).
    const expected = [top.C * omega + root, top.C * omega - root, -(top.C * omega - root), -(top.C * omega + root)].map((w) => w / (2 * A0));
    expect(motion!.eigenvalues.map((z) => z.re).every((re) => Math.abs(re) < 1e-9)).toBe(true);
    const frequencies = motion!.eigenvalues.map((z) => z.im).sort((a, b) => b - a);
    expect(frequencies).toEqual(expected.map((w) => expect.closeTo(w, 9)));
  });
});

describe('the heavy top’s steady precession at nutation θ₀', () => {
  const top = { m: 1.5, l: 0.4, A: 0.2, C: 0.15, g: 9.81 };
  const A0 = top.A + top.m * top.l ** 2;
  const mgl = top.m * top.g * top.l;
  const theta0 = 0.7;

  it('has the slow and fast rates of A₀Ω² cos θ₀ − C n Ω + m g l = 0', () => {
    const spin = 40;
    const found = steadyMotionsAt(derived(heavyTop), top, { q: [0, theta0, 0], qd: [0, 0, spin], free: [true, false, false] });
    expect(found).toHaveLength(2);
    const rates = found.map((f) => f.qd[0]!).sort((a, b) => a - b);
    expect(rates[1]! - rates[0]!).toBeGreaterThan(1);
    for (const omega of rates) {
      const n = spin + omega * Math.cos(theta0);
      expect((A0 * omega ** 2 * Math.cos(theta0) - top.C * n * omega + mgl) / mgl).toBeCloseTo(0, 9);
    }
    for (const f of found) expect(f.verdict).toBe('linearly stable modulo the family');
    // Nutation about each: Routh's reduction with the momenta p_ψ = A₀ sin²θ ψ̇ + C n cos θ and p_φ = C n held
    // (Goldstein §5.7's effective potential), V_R(θ) = m g l cos θ + (p_ψ − p_φ cos θ)²/(2 A₀ sin²θ), ν² = V_R''(θ₀)/A₀.
    for (const f of found) {
      const omega = f.qd[0]!,
        n = spin + omega * Math.cos(theta0);
      const pPsi = A0 * Math.sin(theta0) ** 2 * omega + top.C * n * Math.cos(theta0),
        pPhi = top.C * n;
      const VR = (t: number): number => mgl * Math.cos(t) + (pPsi - pPhi * Math.cos(t)) ** 2 / (2 * A0 * Math.sin(t) ** 2);
      const h = 1e-4;
      const nu = Math.sqrt((VR(theta0 + h) - 2 * VR(theta0) + VR(theta0 - h)) / h ** 2 / A0);
      expect(f.eigenvalues.map((z) => Math.abs(z.im) / nu)).toEqual([expect.closeTo(1, 6), expect.closeTo(1, 6)]);
    }
  });

  it('exists above φ̇ = 2√((A₀ − C) cos θ₀ m g l)/C, where the slow and fast precessions meet', () => {
    const fold = (2 * Math.sqrt((A0 - top.C) * Math.cos(theta0) * mgl)) / top.C;
    const result = sweepSteadyMotions(
      derived(heavyTop),
      top,
      { q: [0, theta0, 0], qd: [0, 0, 2 * fold], free: [true, false, false] },
      { variable: { kind: 'rate', coordinate: 2 }, from: 0, to: 4 * fold, steps: 20 },
    );
    expect(result.branches).toHaveLength(2);
    for (const branch of result.branches) {
      expect(branch.boundaries.map((b) => [b.kind, b.below, b.above])).toEqual([['existence', 'none', 'linearly stable modulo the family']]);
      expect(Math.abs(branch.boundaries[0]!.value - fold)).toBeLessThan(1e-6);
    }
  });
});

describe.each([
  ['written by hand', rollingDisk],
  ['formed from its geometry', rollingDiskGeometry],
])('the thin disk rolling upright, %s', (_, model) => {
  it('is stable iff its spin exceeds √(g/(3a))', () => {
    const disk = { m: 0.7, a: 0.3, g: 9.81 };
    const critical = Math.sqrt(disk.g / (3 * disk.a));
    const result = sweepSteadyMotions(
      derived(model),
      disk,
      // The spin phi' given; the contact point's rates solved for (the rolling constraints give them).
      { q: [0, 0, 0, 0, 0], qd: [0, 0, 0, 0, 2 * critical], free: [true, true, false, false, false] },
      { variable: { kind: 'rate', coordinate: 4 }, from: 0, to: 4 * critical, steps: 16 },
    );
    const [branch] = result.branches;
    expect(result.branches).toHaveLength(1);
    expect(branch!.start.motion.qd[0]).toBeCloseTo(disk.a * 2 * critical, 9);
    expect(branch!.boundaries).toHaveLength(1);
    const [boundary] = branch!.boundaries;
    expect([boundary!.kind, boundary!.below]).toEqual(['stability', 'unstable']);
    // Above it the heading drifts (a slight tilt turns the disk into a wide circle): stable in tilt, spin and turning rate.
    expect(boundary!.above).toMatch(/^linear drift along the family/);
    expect(Math.abs(boundary!.value - critical)).toBeLessThan(1e-6);
    // Tilt and turning rate, linearized by hand: (A + ma²) θ̈ − m g a θ + (C + ma²) ω ψ̇ = 0 and A ψ̈ − C ω θ̇ = 0,
    // so A (A + ma²) λ² = A m g a − C (C + ma²) ω² with A = ma²/4, C = ma²/2 (zero at the critical spin).
    const A = (disk.m * disk.a ** 2) / 4,
      C = (disk.m * disk.a ** 2) / 2;
    const omega = 2 * critical;
    const frequency = Math.sqrt((C * (C + disk.m * disk.a ** 2) * omega ** 2 - A * disk.m * disk.g * disk.a) / (A * (A + disk.m * disk.a ** 2)));
    const nonzero = branch!.start.motion.eigenvalues.filter((z) => Math.hypot(z.re, z.im) > 1e-6);
    expect(nonzero.map((z) => [z.re, Math.abs(z.im)])).toEqual([
      [expect.closeTo(0, 9), expect.closeTo(frequency, 9)],
      [expect.closeTo(0, 9), expect.closeTo(frequency, 9)],
    ]);
  });
});

describe('the report’s steady-motion study', () => {
  it('sweeps the heavy top’s spin at its initial nutation: two precessions from the fold up', () => {
    const study = steadyMotionStudy(derived(heavyTop))!;
    expect(study.cyclic).toEqual([true, false, true]);
    expect(study.result.sweep).toMatchObject({ variable: { kind: 'rate', coordinate: 2 }, from: 0, to: 60 });
    expect(study.result.branches).toHaveLength(2);
    const A0 = 0.5 + 1 * 0.5 ** 2;
    const fold = (2 * Math.sqrt((A0 - 0.3) * Math.cos(0.5) * 1 * 9.81 * 0.5)) / 0.3;
    for (const b of study.result.branches) expect(Math.abs(b.boundaries[0]!.value - fold)).toBeLessThan(1e-6);
  });

  it('is not made for a model with contacts or without a cyclic coordinate turning at the start', () => {
    expect(steadyMotionStudy(derived(bouncingBall))).toBeUndefined();
    expect(steadyMotionStudy(derived(knifeEdge))).toBeUndefined();
  });
});
