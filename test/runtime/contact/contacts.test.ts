import { describe, expect, it } from 'vitest';
import type { LoadedModule } from '../../../src/runtime/contract.js';
import { GapKinematics, projectOntoContacts, requireFunctions, restitutionCoefficients } from '../../../src/runtime/contact/contacts.js';
import { SimulationError } from '../../../src/runtime/errors.js';
import { bouncingBall } from '../../fixtures/bouncing-ball.js';
import { particleOnDome } from '../../fixtures/particle-on-dome.js';
import { thrown } from '../../helpers/thrown.js';
import * as wheel from '../../../generated/rimless-wheel.js';

const withLaws = (laws: LoadedModule['model']['unilateral'], restitution: readonly number[]): LoadedModule => ({
  ...bouncingBall,
  model: { ...bouncingBall.model, unilateral: laws },
  restitution: (_t, p, out = new Float64Array(laws.length)) => {
    out.set(restitution.map((e) => e * (p.scale ?? 1)));
    return out;
  },
});

describe('restitution coefficients come from the module, not from the law names', () => {
  const laws: LoadedModule['model']['unilateral'] = [
    { name: 'a', law: { kind: 'newton', restitution: 'e' } },
    { name: 'b', law: { kind: 'plastic' } },
    { name: 'c', law: { kind: 'w-law', w: 'W' } },
  ];

  it("returns the module's derived coefficients at the given parameters", () => {
    expect(Array.from(restitutionCoefficients(withLaws(laws, [0.5, 0, 0.64]), {}))).toEqual([0.5, 0, 0.64]);
    expect(Array.from(restitutionCoefficients(withLaws(laws, [0.5, 0, 0.64]), { scale: 2 }))).toEqual([1, 0, 1.28]);
    expect(restitutionCoefficients(bouncingBall, { e: 0.9 })[0]).toBe(0.9);
  });

  it("refuses a 'stick' contact, which the frictionless drivers cannot resolve", () => {
    const err = thrown(() => restitutionCoefficients(withLaws([{ name: 's', law: { kind: 'stick' } }], [0]), {}), SimulationError);
    expect(err.code).toBe('unsupported-impact-law');
    expect(err.where.field).toBe('unilateral[0].law');
  });

  it('names a module without restitution as incomplete (regenerate it)', () => {
    const { restitution: _, ...old } = bouncingBall;
    const err = thrown(() => restitutionCoefficients(old, {}), SimulationError);
    expect(err.code).toBe('incomplete-module');
    expect(err.where.field).toBe('restitution');
  });
});

describe('gap kinematics and projection onto a growing dome g = x² + y² − (R + ct)²', () => {
  const params = { R: 1, c: 0.1, m: 1 };
  const dome = requireFunctions(particleOnDome, ['gaps', 'gapJacobian'], 'test');
  const kin = new GapKinematics(dome, params);

  it("gives ġ = G q̇ + ∂g/∂t with ∂g/∂t = −2(R + ct)c from the module's gapRates, to rounding", () => {
    const t = 0.5,
      q = [0.3, 1.2],
      qd = [0.7, -0.4];
    const r = 1 + 0.1 * t;
    const exact = 2 * (q[0] * qd[0] + q[1] * qd[1]) - 2 * r * 0.1;
    expect(Math.abs(kin.rates(t, q, qd, new Float64Array(1))[0] - exact)).toBeLessThanOrEqual(4 * Number.EPSILON);
  });

  it('names a module without gapRates as incomplete instead of differentiating the gaps itself', () => {
    const { gapRates: _, ...old } = particleOnDome;
    const err = thrown(() => new GapKinematics(old, params), SimulationError);
    expect(err.code).toBe('incomplete-module');
    expect(err.where.field).toBe('gapRates');
  });

  it('lands on g = 0, ġ = 0 and keeps the tangential momentum (Appell)', () => {
    const t = 0.5,
      r = 1.05;
    const q = Float64Array.of(0.9, 0.5),
      qd = Float64Array.of(-1, -2);
    expect(projectOntoContacts(kin, particleOnDome, params, t, q, qd, [0])).toBe('ok');
    expect(Math.abs(q[0] ** 2 + q[1] ** 2 - r * r)).toBeLessThan(1e-14);
    expect(Math.abs(2 * (q[0] * qd[0] + q[1] * qd[1]) - 2 * r * 0.1)).toBeLessThan(1e-9);
    // The velocity changes along the normal G(q) only, so p·τ is unchanged for τ ⟂ G.
    const dv = [qd[0] + 1, qd[1] + 2];
    expect(Math.abs(-q[1] * dv[0] + q[0] * dv[1])).toBeLessThan(1e-12);
  });

  it('loses exactly ½|Δq̇|²_M of kinetic energy on a fixed dome, as a plastic impact (Carnot)', () => {
    const fixed = { R: 1, c: 0, m: 3 };
    const q = Float64Array.of(0.6, 0.8),
      qd = Float64Array.of(-1, -2);
    expect(projectOntoContacts(new GapKinematics(dome, fixed), particleOnDome, fixed, 0, q, qd, [0])).toBe('ok');
    const dv = [qd[0] + 1, qd[1] + 2];
    const T = (v: ArrayLike<number>): number => 0.5 * 3 * (v[0] ** 2 + v[1] ** 2);
    expect(Math.abs(T([-1, -2]) - T(qd) - T(dv))).toBeLessThan(1e-12);
    expect(Math.abs(0.6 * qd[0] + 0.8 * qd[1])).toBeLessThan(1e-15);
  });
});

describe('projection with a mass matrix singular alone: the point-mass rimless wheel (I* = 0, M = diag(2, 2, 0))', () => {
  const mod = wheel as unknown as LoadedModule;
  const params = { Istar: 0, gamma: 0.2 };
  const kin = new GapKinematics(mod, params);

  it('projects onto spoke 0 in the metric pinned by its normal and sticking tangent: lands on g = ġ = 0, the velocity step an impulse along the spoke (no moment about the massless hub)', () => {
    const psi = 0.2;
    const q = Float64Array.of(0.1, Math.cos(psi) + 1e-3, psi),
      qd = Float64Array.of(0.5, -0.7, -1.2);
    const before = Float64Array.from(qd);
    expect(projectOntoContacts(kin, mod, params, 0, q, qd, [0])).toBe('ok');
    expect(Math.abs(q[1]! - Math.cos(q[2]!))).toBeLessThan(1e-14);
    expect(Math.abs(kin.rates(0, q, qd, new Float64Array(6))[0]!)).toBeLessThan(1e-12);
    // M Δq̇ = (2Δẋ, 2Δẏ, 0) must be a combination of the normal (0, 1, sin ψ) and tangent (1, 0, cos ψ): Δẋ cos ψ + Δẏ sin ψ = 0.
    const dx = qd[0]! - before[0]!,
      dy = qd[1]! - before[1]!;
    expect(Math.abs(dy)).toBeGreaterThan(0.1);
    expect(Math.abs(dx * Math.cos(q[2]!) + dy * Math.sin(q[2]!))).toBeLessThan(1e-12);
  });

  it('is refused without a contact to pin ψ: singular-mass-matrix', () => {
    const q = Float64Array.of(0, 2, 0),
      qd = Float64Array.of(0, 0, 0);
    // Spoke 3 (ψ + π) made frictionless: its normal (0, 1, sin(ψ + π)) is (0, 1, 0) at ψ = 0 and leaves ψ massless.
    const floorOnly: LoadedModule = {
      ...mod,
      model: { ...mod.model, unilateral: mod.model.unilateral.map((u) => ({ ...u, law: { kind: 'plastic' as const }, slip: 0 })) },
    };
    expect(projectOntoContacts(new GapKinematics(floorOnly, params), floorOnly, params, 0, q, qd, [3])).toBe('singular-mass-matrix');
  });
});

describe('projection onto dependent rows: a particle on the floor y = 0 listed twice, or on two floors apart', () => {
  // Two contacts with the same row (0, 1): consistent when their gaps agree
  // (a statically indeterminate support, held), contradictory when the
  // second floor is 1 mm lower (no q has both gaps 0).
  const floors = (offset: number): LoadedModule => ({
    ...particleOnDome,
    model: {
      ...particleOnDome.model,
      unilateral: [
        { name: 'floor', law: { kind: 'plastic' } },
        { name: 'floor 2', law: { kind: 'plastic' } },
      ],
    },
    gaps: (_t, q, _p, out = new Float64Array(2)) => out.fill(q[1]!).map((g, j) => g + j * offset),
    gapJacobian: (_t, _q, _p, out = new Float64Array(4)) => {
      out.set([0, 1, 0, 1]);
      return out;
    },
    gapRates: (_t, _q, qd, _p, out = new Float64Array(2)) => out.fill(qd[1]!),
  });
  const params = { m: 2 };

  it('the floor twice: lands on y = 0 with ẏ = 0 and keeps ẋ, as onto the floor once', () => {
    const mod = floors(0);
    const q = Float64Array.of(0.3, 1e-4),
      qd = Float64Array.of(0.5, -2);
    expect(projectOntoContacts(new GapKinematics(mod, params), mod, params, 0, q, qd, [0, 1])).toBe('ok');
    expect(q[0]).toBe(0.3);
    expect(Math.abs(q[1]!)).toBeLessThan(1e-18);
    expect(qd[0]).toBe(0.5);
    expect(Math.abs(qd[1]!)).toBeLessThan(1e-15);
  });

  it('two floors 1 mm apart: dependent-contacts', () => {
    const mod = floors(1e-3);
    const q = Float64Array.of(0.3, 1e-4),
      qd = Float64Array.of(0.5, -2);
    expect(projectOntoContacts(new GapKinematics(mod, params), mod, params, 0, q, qd, [0, 1])).toBe('dependent-contacts');
  });
});
