// contactAccelerationsJacobian (src/codegen/phase-jacobian.ts) against central
// differences of the module's own contactAccelerations with the same held
// set: the compass standing on one sticking foot and on both, the rimless
// wheel on a spoke (also the point-mass wheel, I* = 0, whose M is singular
// alone), a ladder whose top slides on a wall (a retaining constraint) with
// its foot on the floor, and a free phase checked against rhsJacobian.
import { describe, expect, it } from 'vitest';
import compassSpec from '../../derivations/compass.js';
import { rimlessWheel } from '../../derivations/rimless-wheel.js';
import { deriveSystem } from '../../src/derive/system.js';
import { buildModel, defineModel, type ModelSpec } from '../../src/model/index.js';
import type { LoadedModule, Params } from '../../src/runtime/contract.js';
import { loadGenerated } from '../helpers/generated-module.js';

const load = (spec: ModelSpec): Promise<LoadedModule> => loadGenerated(deriveSystem(buildModel(spec)));

/** ∂(q̇, q̈)/∂(q, q̇) of contactAccelerations by central differences, row-major 2n×2n. */
function differenced(mod: LoadedModule, t: number, x: readonly number[], p: Params, active: readonly boolean[], step = 1e-6): Float64Array {
  const w = x.length,
    n = w / 2;
  const field = (y: readonly number[]): number[] => [
    ...y.slice(n),
    ...Array.from(mod.contactAccelerations!(t, y.slice(0, n), y.slice(n), p, active)).slice(0, n),
  ];
  const J = new Float64Array(w * w);
  for (let k = 0; k < w; k++) {
    const h = step * Math.max(1, Math.abs(x[k]!));
    const fp = field(x.map((v, i) => (i === k ? v + h : v)));
    const fm = field(x.map((v, i) => (i === k ? v - h : v)));
    for (let i = 0; i < w; i++) J[i * w + k] = (fp[i]! - fm[i]!) / (2 * h);
  }
  return J;
}

/** max |J − D| over the matrix, relative to max(1, max |D|). */
function relativeError(J: ArrayLike<number>, D: ArrayLike<number>): number {
  let err = 0,
    scale = 1;
  for (let i = 0; i < D.length; i++) {
    err = Math.max(err, Math.abs(J[i]! - D[i]!));
    scale = Math.max(scale, Math.abs(D[i]!));
  }
  return err / scale;
}

function expectMatchesDifferences(mod: LoadedModule, t: number, x: readonly number[], p: Params, active: readonly boolean[]): Float64Array {
  const n = x.length / 2;
  const J = mod.contactAccelerationsJacobian!(t, x.slice(0, n), x.slice(n), p, active);
  expect(J.every(Number.isFinite)).toBe(true);
  expect(relativeError(J, differenced(mod, t, x, p, active))).toBeLessThan(1e-6);
  return J;
}

describe('the compass (Rubanovich–Formalsky §1), feet sticking', async () => {
  const mod = await load(compassSpec);
  const p = { alpha: 0.3 };
  // Standing on B (y_B = 0) at ψ, with an arbitrary velocity (the phase's field is defined off its manifold too).
  const yc = (psi: number): number => Math.cos(psi - 0.3) - (Math.cos(0.3) * Math.cos(psi)) / 2;

  it('on foot B (normal and tangent rows held): equals the differences at three states', () => {
    for (const [psi, w, xd, yd] of [
      [0.05, -1, 0.3, -0.1],
      [-0.2, 0.7, -0.4, 0.2],
      [0.25, -2, 1.1, 0.5],
    ] as const) {
      const J = expectMatchesDifferences(mod, 0, [0.1, yc(psi), psi, xd, yd, w], p, [false, true]);
      // The rows' derivatives matter: the held foot couples ψ into x and y (∂ẍ/∂ψ ≠ 0).
      expect(Math.abs(J[3 * 6 + 2]!)).toBeGreaterThan(1e-3);
    }
  });

  it('on foot D alone: equals the differences', () => {
    const psi = -0.1;
    const ycD = Math.cos(psi + 0.3) - (Math.cos(0.3) * Math.cos(psi)) / 2;
    expectMatchesDifferences(mod, 0, [0, ycD, psi, 0.2, 0.1, 1.3], p, [true, false]);
  });

  it('on both feet at rest (four rows, one dependent, dropped as contactAccelerations drops it): held still, J = [0 I; 0 0]', () => {
    // Both feet on the line: ψ = 0, yc = (l/2) cos α.
    const J = expectMatchesDifferences(mod, 0, [0, Math.cos(0.3) / 2, 0, 0, 0, 0], p, [true, true]);
    for (let i = 0; i < 3; i++) for (let k = 0; k < 6; k++) expect(Math.abs(J[(3 + i) * 6 + k]!)).toBeLessThan(1e-9);
    for (let i = 0; i < 3; i++) expect(J[i * 6 + 3 + i]).toBe(1);
  });

  it('with nothing held: the free phase’s Jacobian, equal to rhsJacobian', () => {
    const x = [0.1, 0.6, 0.2, 0.3, -0.2, 1.1];
    const J = expectMatchesDifferences(mod, 0, x, p, [false, false]);
    const free = mod.rhsJacobian!(0, x, p);
    expect(relativeError(J, free)).toBeLessThan(1e-12);
  });
});

describe('the rimless wheel (k = 6) standing on spoke 0', async () => {
  const mod = await load(rimlessWheel(6));
  const onSpoke = (psi: number, w: number): number[] => [0.3, Math.cos(psi), psi, -Math.cos(psi) * w + 0.1, -Math.sin(psi) * w, w];
  const active = [true, false, false, false, false, false];

  it.each([0.5, 1])('I* = %s: equals the differences', (Istar) => {
    for (const [psi, w] of [
      [0.2, -1.5],
      [-0.3, 0.8],
    ] as const)
      expectMatchesDifferences(mod, 0, onSpoke(psi, w), { Istar, gamma: 0.2 }, active);
  });

  it('I* = 0 (a point mass on massless spokes: M singular, pinned by the held rows): equals the differences', () => {
    const p = { Istar: 0, gamma: 0.2 };
    expect(Array.from(mod.massMatrix(0, [0, 1, 0], p)).filter((v) => v !== 0)).toHaveLength(2);
    for (const [psi, w] of [
      [0.2, -1.5],
      [-0.3, 0.8],
    ] as const)
      expectMatchesDifferences(mod, 0, onSpoke(psi, w), p, active);
  });

  it('and NaN where the phase has no solution (I* = 0 with nothing held: the spokes’ angle has no mass)', () => {
    const J = mod.contactAccelerationsJacobian!(
      0,
      [0, 1, 0],
      [0, 0, 0],
      { Istar: 0 },
      active.map(() => false),
    );
    expect(J.every(Number.isNaN)).toBe(true);
  });
});

describe('a ladder with its top sliding on a wall (retaining) and its foot on the floor (contact)', async () => {
  // A bar (x, y, θ from the vertical) of length l: top A = (x − (l/2) sin θ, y + (l/2) cos θ) held
  // on the wall x_A = 0, foot B = (x + (l/2) sin θ, y − (l/2) cos θ) above the floor.
  const mod = await load(
    defineModel({
      name: 'ladder-on-wall',
      coordinates: ['x', 'y', 'theta'],
      parameters: { m: 1, l: 2, g: 9.81 },
      kinetic: "m*(x'^2 + y'^2)/2 + m*l^2*theta'^2/24",
      potential: 'm*g*y',
      holonomic: [{ name: 'wall', expr: 'x - l/2*sin(theta)' }],
      unilateral: [{ name: 'foot', constraint: 'y - l/2*cos(theta) >= 0', law: { plastic: true } }],
      initial: { q: { x: 'l/2*sin(0.5)', y: 'l/2*cos(0.5) + 0.1', theta: 0.5 }, qd: {}, t1: 1 },
    }),
  );

  it('foot held: equals the differences (λ of the wall enters through ∂(Aᵀλ)/∂q)', () => {
    for (const th of [0.4, 0.9]) {
      const thd = 0.7;
      // On the wall and the floor, velocities on both: ẋ = (l/2) cos θ θ̇, ẏ = −(l/2) sin θ θ̇.
      expectMatchesDifferences(mod, 0, [Math.sin(th), Math.cos(th), th, Math.cos(th) * thd, -Math.sin(th) * thd, thd], {}, [true]);
    }
  });

  it('foot free: equals the differences and rhsJacobian (the retaining row alone)', () => {
    const x = [Math.sin(0.5), 1.2, 0.5, 0.3, -0.4, 0.9];
    const J = expectMatchesDifferences(mod, 0, x, {}, [false]);
    expect(relativeError(J, mod.rhsJacobian!(0, x, {}))).toBeLessThan(1e-10);
  });
});
