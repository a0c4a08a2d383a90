// The linearization a report prints (src/studies/linearization.ts): the
// simple pendulum hangs at θ = 0 with λ = ±i√(g/l), linearly stable, and
// K = m g l cos θ; a falling particle has no equilibrium (an empty list, not
// an error); the falling rod rests on its rough floor: upright on one end,
// which sticks, it topples about that end at the rate √(3g/(4l)) of a rod
// pinned there (I = m l²/3 + m l²), not the frictionless floor's √(3g/l)
// (the centre then falls straight, I = m l²/3); larger models and models
// with retaining constraints are not studied, nor a free particle, whose
// every configuration is an equilibrium. The disk on its viscoelastic line
// rests with one eigenvalue of its realization, −1/t_r, the slip's relaxation.
import { describe, expect, it } from 'vitest';
import billiard from '../../derivations/circle-billiard.js';
import kelvinVoigt from '../../derivations/kozlov-release-kelvin-voigt.js';
import rod from '../../derivations/falling-rod.js';
import pendulum from '../../derivations/simple-pendulum.js';
import { nLinkPendulum } from '../../derivations/n-link-pendulum.js';
import { evaluate } from '../../src/core/evaluate.js';
import { linearizationStudy } from '../../src/studies/linearization.js';
import { derived } from '../helpers/examples.js';
import rimlessWheel from '../../derivations/rimless-wheel.js';
import disk from '../../derivations/viscoelastic-disk.js';

describe('the linearization study', () => {
  it('finds the hanging pendulum from θ = 1 and θ = 0: ±i√(g/l), linearly stable, K = m g l cos θ', () => {
    const study = linearizationStudy(derived(pendulum))!;
    expect(study.equilibria).toHaveLength(1);
    const [eq] = study.equilibria;
    expect(Math.abs(eq!.q[0]!)).toBeLessThan(1e-10);
    expect(eq!.verdict).toBe('linearly stable');
    const omega = Math.sqrt(9.81);
    expect(eq!.eigenvalues.map((z) => [z.re, z.im])).toEqual([
      [expect.closeTo(0, 9), expect.closeTo(omega, 9)],
      [expect.closeTo(0, 9), expect.closeTo(-omega, 9)],
    ]);
    expect(evaluate(study.forms.K[0]![0]!, { m: 2, g: 9.81, l: 0.5, theta: 0.3 })).toBeCloseTo(2 * 9.81 * 0.5 * Math.cos(0.3), 12);
  });

  it('gives the rod the rough floor’s rates: upright on either end, sticking, ±√(3g/(4l)); lying on both ends, every coordinate held', () => {
    const g = 9.81,
      l = 1;
    const study = linearizationStudy(derived(rod))!;
    const upright = study.equilibria.filter((eq) => eq.held.length === 1);
    expect(upright.map((eq) => eq.held[0]).sort()).toEqual([0, 1]);
    for (const eq of upright) {
      expect(Math.abs(Math.cos(eq.q[2]!))).toBeLessThan(1e-9);
      expect(eq.friction).toEqual([{ contact: eq.held[0], mode: 'stick' }]);
      expect(eq.verdict).toBe('unstable');
      const rates = eq.eigenvalues.map((z) => z.re).sort((a, b) => a - b);
      expect(rates).toHaveLength(2);
      expect(rates[0]).toBeCloseTo(-Math.sqrt((3 * g) / (4 * l)), 6);
      expect(rates[1]).toBeCloseTo(Math.sqrt((3 * g) / (4 * l)), 6);
      for (const z of eq.eigenvalues) expect(Math.abs(z.re)).not.toBeCloseTo(Math.sqrt((3 * g) / l), 1);
    }
    const lying = study.equilibria.filter((eq) => eq.held.length === 2);
    expect(lying).toHaveLength(1);
    expect(Math.abs(Math.sin(lying[0]!.q[2]!))).toBeLessThan(1e-9);
    expect(lying[0]!.eigenvalues).toEqual([]);
  });

  it('rests a point on a Kelvin–Voigt floor at y = −mg/k, with λ = (−c ± i√(4km − c²))/(2m): the compliant force is in the rest and in A', () => {
    const [m, g, k, c] = [2, 9.81, 400, 6];
    const floor = {
      name: 'kelvin-voigt-floor',
      coordinates: ['y'],
      parameters: { m, g, k, c },
      kinetic: "m*y'^2/2",
      potential: 'm*g*y',
      unilateral: [{ name: 'floor', constraint: 'y >= 0', law: { compliant: { stiffness: 'k', damping: 'c' } } }],
      initial: { q: { y: 0.1 } },
    } as const;
    const study = linearizationStudy(derived(floor))!;
    expect(study.equilibria).toHaveLength(1);
    const [eq] = study.equilibria;
    expect(eq!.q[0]).toBeCloseTo((-m * g) / k, 9);
    expect(eq!.verdict).toBe('asymptotically stable');
    const im = Math.sqrt(4 * k * m - c * c) / (2 * m);
    expect(eq!.eigenvalues.map((z) => [z.re, Math.abs(z.im)])).toEqual([
      [expect.closeTo(-c / (2 * m), 6), expect.closeTo(im, 6)],
      [expect.closeTo(-c / (2 * m), 6), expect.closeTo(im, 6)],
    ]);
  });

  it('with an added mass a below the floor, the rest oscillates at √(k/(m + a))', () => {
    const [m, g, k, a] = [1, 9.81, 100, 3];
    const floor = {
      name: 'added-mass-floor',
      coordinates: ['y'],
      parameters: { m, g, k, a },
      kinetic: "m*y'^2/2",
      potential: 'm*g*y',
      unilateral: [{ name: 'floor', constraint: 'y >= 0', law: { compliant: { stiffness: 'k', addedMass: 'a' } } }],
      initial: { q: { y: -0.05 } },
    } as const;
    const [eq] = linearizationStudy(derived(floor))!.equilibria;
    expect(eq!.q[0]).toBeCloseTo((-m * g) / k, 9);
    expect(eq!.eigenvalues.map((z) => Math.abs(z.im))).toEqual([expect.closeTo(Math.sqrt(k / (m + a)), 6), expect.closeTo(Math.sqrt(k / (m + a)), 6)]);
  });

  it('does not linearize a rest on a switching surface: kozlov1988 §2 at x = 0, y = 0, where g sgn x jumps and the medium engages', () => {
    const study = linearizationStudy(derived(kelvinVoigt))!;
    const onSurface = study.equilibria.filter((eq) => Math.hypot(...eq.q) < 1e-9);
    expect(onSurface).toHaveLength(1);
    expect(onSurface[0]!.verdict).toBe('on a switching surface (the force is not differentiable there: the linearization does not decide)');
    expect(onSurface[0]!.eigenvalues).toEqual([]);
    // Pressed into the medium at x < 0 (sgn x = −1 pulls up to y = g/(N c²)), off every surface: linearized as before.
    const pressed = study.equilibria.find((eq) => eq.q[0]! < -0.5)!;
    expect(pressed.verdict).not.toMatch(/switching/);
    expect(pressed.eigenvalues.length).toBeGreaterThan(0);
  });

  it('writes no rest in closed form where the forcing depends on time (a spring pushed by F cos ωt), and does not fail', () => {
    const pushed = derived({
      name: 'pushed-spring',
      coordinates: ['x'],
      parameters: { k: 1, F: 0.5, w: 2 },
      kinetic: "x'^2/2",
      potential: 'k*x^2/2',
      forces: { x: 'F*cos(w*t)' },
    });
    const study = linearizationStudy(pushed)!;
    expect(study.rest).toBeUndefined();
    // Without the push the same spring's rest x = 0 is written.
    const still = linearizationStudy(derived({ name: 'still-spring', coordinates: ['x'], parameters: { k: 1 }, kinetic: "x'^2/2", potential: 'k*x^2/2' }))!;
    expect(still.rest?.at.get('x')).toBeDefined();
  });

  it('marks the disk’s slip relaxation at its rest as the realization’s: one eigenvalue, λ t_r = −1, and none of a model without one', () => {
    const [eq] = linearizationStudy(derived(disk))!.equilibria;
    expect(eq!.realization).toHaveLength(1);
    const [mark] = eq!.realization!;
    expect(mark!.parameter).toBe('t_r');
    // The slip ẋ + rφ̇ relaxes at 1/t_r (t_r = 10⁻⁴), the foundation's bounce and the rolling's decay at rates of their own.
    const lambda = eq!.eigenvalues[mark!.index]!;
    expect(lambda.im).toBe(0);
    expect(lambda.re * 1e-4).toBeCloseTo(-1, 2);
    expect(mark!.scaled.re).toBeCloseTo(lambda.re * 1e-4, 12);
    expect(linearizationStudy(derived(pendulum))!.equilibria[0]!.realization).toBeUndefined();
  });

  it('lists no equilibrium of a falling particle', () => {
    const study = linearizationStudy(derived({ name: 'falling', coordinates: ['y'], parameters: { m: 1, g: 9.81 }, kinetic: "m*y'^2/2", potential: 'm*g*y' }))!;
    expect(study.equilibria).toEqual([]);
  });

  it('studies no model whose every configuration is a state of rest: the point in kozlov1988 §3’s circle (K ≡ 0, h ≡ 0)', () => {
    expect(linearizationStudy(derived(billiard))).toBeUndefined();
    // Gravity keeps K ≡ 0 but leaves no free rest: the falling particle above is still studied; so is a spring's particle.
    expect(
      linearizationStudy(derived({ name: 'spring', coordinates: ['x'], parameters: { k: 1 }, kinetic: "x'^2/2", potential: 'k*x^2/2' }))!.equilibria,
    ).toHaveLength(1);
  });

  it('studies no model beyond three coordinates, nor one with retaining constraints', () => {
    expect(linearizationStudy(derived(nLinkPendulum(4)))).toBeUndefined();
    expect(
      linearizationStudy(
        derived({
          name: 'bead',
          coordinates: ['x', 'y'],
          parameters: { m: 1, g: 9.81 },
          kinetic: "m*(x'^2 + y'^2)/2",
          potential: 'm*g*y',
          holonomic: ['x^2 + y^2 - 1'],
          initial: { q: { y: -1 } },
        }),
      ),
    ).toBeUndefined();
  });

  it('finds every rest of the six-spoke wheel, the declared start turned spoke by spoke: each spoke upright, each pair of neighbours on the line', () => {
    // Spoke j at ψ + πj/3 from the slope's normal, the slope at γ = 0.1, I* = ½, g = 9.81, l = 1. Upright on spoke j
    // (ψ + πj/3 = γ, y = cos γ) it falls like an inverted pendulum about its foot, λ = ±√(g/(l(1 + I*)));
    // on spokes j and j + 1 (ψ + πj/3 = −π/6, y = cos(π/6)) every coordinate is held, both feet pressing: stable.
    const study = linearizationStudy(derived(rimlessWheel))!;
    expect(study.turnedAbout).toBe('psi');
    const angle = (x: number): number => Math.atan2(Math.sin(x), Math.cos(x));
    const upright = study.equilibria.filter((e) => e.held.length === 1);
    const pairs = study.equilibria.filter((e) => e.held.length === 2);
    expect(upright.map((e) => e.held[0])).toEqual([0, 1, 2, 3, 4, 5]);
    for (const e of upright) {
      expect(angle(e.q[2]! + (Math.PI * e.held[0]!) / 3 - 0.1)).toBeCloseTo(0, 9);
      expect(e.q[1]).toBeCloseTo(Math.cos(0.1), 9);
      expect(e.verdict).toBe('unstable');
      expect(Math.max(...e.eigenvalues.map((z) => z.re))).toBeCloseTo(Math.sqrt(9.81 / 1.5), 6);
    }
    expect(pairs.map((e) => e.held)).toEqual([
      [0, 1],
      [0, 5],
      [1, 2],
      [2, 3],
      [3, 4],
      [4, 5],
    ]);
    for (const e of pairs) {
      const j = e.held[1]! - e.held[0]! === 1 ? e.held[0]! : e.held[1]!;
      expect(angle(e.q[2]! + (Math.PI * j) / 3 + Math.PI / 6)).toBeCloseTo(0, 9);
      expect(e.q[1]).toBeCloseTo(Math.cos(Math.PI / 6), 9);
      expect(e.verdict).toBe('stable (pinned by its contacts, every normal reaction positive)');
      // Weight 2mg on the two feet at ±α = π/6 from the slope's normal: the moments about the hub give
      // N = mg sin(α ± γ)/sin α, both > 0 since γ < α (the rows: each spoke's normal, then its tangent).
      const [a, gamma, g] = [Math.PI / 6, 0.1, 9.81];
      expect([e.sigma[0]!, e.sigma[2]!].sort((p, q) => p - q)).toEqual([
        expect.closeTo((g * Math.sin(a - gamma)) / Math.sin(a), 9),
        expect.closeTo((g * Math.sin(a + gamma)) / Math.sin(a), 9),
      ]);
    }
  });
});
