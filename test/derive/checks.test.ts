// Numeric sanity checks of a derivation (src/derive/checks.ts) on the
// shared Cholesky of src/numeric: positive definiteness with its relative
// pivot threshold, independence of constraint rows, and the named errors a
// derivation stops with (test/model/errors.test.ts checks where they point).
import { describe, expect, it } from 'vitest';
import { defineModel, type ModelSpec } from '../../src/model/index.js';
import { independentRows, isPositiveDefinite, pinnedMetric } from '../../src/derive/checks.js';
import { deriveSystem } from '../../src/derive/system.js';
import { buildModel } from '../../src/model/index.js';
import { MechanicsError } from '../../src/errors.js';
import { simulate } from '../../src/runtime/hybrid/simulate.js';
import { rimlessWheel } from '../../derivations/rimless-wheel.js';
import { loadGenerated } from '../helpers/generated-module.js';
import { thrown } from '../helpers/thrown.js';

describe('positive definiteness', () => {
  it('holds for a mass matrix and fails for singular, indefinite and NaN ones', () => {
    expect(
      isPositiveDefinite([
        [2, 1],
        [1, 2],
      ]),
    ).toBe(true);
    expect(
      isPositiveDefinite([
        [1, 1],
        [1, 1],
      ]),
    ).toBe(false);
    expect(
      isPositiveDefinite([
        [1, 2],
        [2, 1],
      ]),
    ).toBe(false);
    expect(
      isPositiveDefinite([
        [1, 0],
        [0, NaN],
      ]),
    ).toBe(false);
  });
  it('fails for a pivot within rounding of zero (M of massless spokes: 1 − (1 − 1e-17))', () => {
    expect(
      isPositiveDefinite([
        [1, 1],
        [1, 1 + 1e-16],
      ]),
    ).toBe(false);
    expect(
      isPositiveDefinite([
        [1, 1],
        [1, 1 + 1e-6],
      ]),
    ).toBe(true);
  });
});

describe('independent constraint rows', () => {
  it('are told from proportional rows, also when rounding makes them differ in the last bit', () => {
    expect(
      independentRows([
        [1, 0, 0],
        [0, 1, 0],
      ]),
    ).toBe(true);
    expect(
      independentRows([
        [1, -1, 0],
        [2, -2, 0],
      ]),
    ).toBe(false);
    expect(
      independentRows([
        [0.1, 0.3, 0],
        [0.1 * 3, 0.3 * 3, 0],
      ]),
    ).toBe(false);
    expect(
      independentRows([
        [1, 0],
        [0, 1],
        [1, 1],
      ]),
    ).toBe(false);
  });
});

describe('a derivation', () => {
  const particle = {
    name: 'particle',
    title: 'Particle',
    coordinates: ['x', 'y'],
    parameters: { m: { default: 1 } },
    kinetic: "m*(x'^2 + y'^2)/2",
    initial: { q: { x: 1, y: 1 } },
  } as const;
  it('stops with singular-mass-matrix when a velocity is missing from T', () => {
    expect(thrown(() => deriveSystem(buildModel(defineModel({ ...particle, kinetic: "m*x'^2/2" }))), MechanicsError)).toMatchObject({
      code: 'singular-mass-matrix',
      kind: 'model',
    });
  });
  it('stops with dependent-constraints for x − y = 0 and 2x − 2y = 0', () => {
    const three = defineModel({ ...particle, coordinates: ['x', 'y', 'z'], kinetic: "m*(x'^2 + y'^2 + z'^2)/2", holonomic: ['x - y', '2*x - 2*y'] });
    expect(thrown(() => deriveSystem(buildModel(three)), MechanicsError)).toMatchObject({ code: 'dependent-constraints' });
  });
});

describe('a mass matrix singular alone, pinned by the contacts', () => {
  it('M + ρRᵀR: ρ = max Mᵢᵢ / max Rᵣᵢ², positive definite exactly when the rows cover M’s null space', () => {
    // diag(2, 2, 0) (the point-mass wheel's M at m = l = 1) with the spoke's normal (0, 1, sin ψ) and tangent (1, 0, cos ψ).
    const M = [
      [2, 0, 0],
      [0, 2, 0],
      [0, 0, 0],
    ];
    const s = Math.sin(0.2),
      c = Math.cos(0.2);
    const pinned = pinnedMetric(M, [
      [0, 1, s],
      [1, 0, c],
    ]);
    expect(pinned).toEqual([
      [4, 0, 2 * c],
      [0, 4, 2 * s],
      [2 * c, 2 * s, 2],
    ]);
    expect(isPositiveDefinite(pinned)).toBe(true);
    // A row that does not touch ψ leaves its direction massless.
    expect(
      isPositiveDefinite(
        pinnedMetric(M, [
          [0, 1, 0],
          [1, 0, 0],
        ]),
      ),
    ).toBe(false);
  });

  it('a point-mass rimless wheel (I* = 0 by default) derives — stated in its checks, Hamilton’s explicit form skipped with the reason — and rolls from its initial stance', async () => {
    const wheel = rimlessWheel(6);
    const spec: ModelSpec = { ...wheel, name: 'point-mass-rimless-wheel', parameters: { ...wheel.parameters, Istar: { default: 0 } } };
    const model = buildModel(spec);
    const system = deriveSystem(model);
    expect(system.checks.massMatrix).toBe('pinned-by-contacts');
    expect(system.checks.notes[0]).toMatch(/M \+ ρRᵀR is positive definite/);
    expect(system.hamilton.explicit).toBeUndefined();
    expect(system.hamilton.skipped).toMatch(/singular alone/);
    const mod = await loadGenerated(system);
    const run = simulate(mod, { q0: model.initial.q0, qd0: model.initial.qd0, t1: 1.5, samples: 31 });
    // Every strike gives ψ̇⁺ = ψ̇⁻ cos 2α (Rubanovich–Formalsky (2.6) at I* = 0, α = π/6).
    const strikes = run.events.filter((e) => e.type === 'impact');
    expect(strikes.length).toBeGreaterThanOrEqual(1);
    for (const e of strikes) expect(e.qdPlus![2]! / e.qd[2]!).toBeCloseTo(Math.cos(Math.PI / 3), 7);
  });

  it('is refused when the contacts do not pin it: a massless coordinate no contact row touches', () => {
    const spec = defineModel({
      name: 'massless-z',
      coordinates: ['y', 'z'],
      parameters: { m: 1 },
      kinetic: "m*y'^2/2",
      potential: 'y',
      unilateral: [{ name: 'floor', constraint: 'y >= 0', law: { plastic: true } }],
      initial: { q: { y: 1 } },
    });
    const err = thrown(() => deriveSystem(buildModel(spec)), MechanicsError);
    expect(err).toMatchObject({ code: 'singular-mass-matrix' });
    expect(err.message).toMatch(/contacts do not pin the massless directions/);
  });
});
