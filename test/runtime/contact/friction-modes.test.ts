// Mode selection with Coulomb friction (src/runtime/contact/friction-modes.ts) at
// single states: the block on the incline (stick inside the cone, slide
// outside it, direction fixed by ṡ, the cone's edge), Painlevé's rod (the
// three outcomes against the closed-form determinant), the start velocity
// projection, and the classification on hand-made phase tables (self-locking,
// too many combinations).
import { describe, expect, it } from 'vitest';
import * as block from '../../../generated/block-on-incline.js';
import * as compass from '../../../generated/compass.js';
import * as rod from '../../../generated/falling-rod.js';
import type { LoadedModule, Params } from '../../../src/runtime/contract.js';
import { contactLaws, ModeSelector, usesFriction, type FrictionModule, type ModeRequest } from '../../../src/runtime/contact/friction-modes.js';
import { bouncingBall } from '../../fixtures/bouncing-ball.js';

const selector = (module: LoadedModule, params = {}): ModeSelector => new ModeSelector(module as FrictionModule, params, 0, 1e-6);
const at = (q: number[], qd: number[], extra: Partial<ModeRequest> = {}): ModeRequest => ({ t: 0, q, qd, candidates: [0], leavingCone: [], ...extra });

describe('which modules are driven with friction', () => {
  it('the Coulomb examples are; the compass (stick laws only) and a module without frictionPhase are not', () => {
    expect(usesFriction(block)).toBe(true);
    expect(usesFriction(rod)).toBe(true);
    expect(usesFriction(compass)).toBe(false);
    expect(usesFriction(bouncingBall)).toBe(false);
  });

  it('reads each contact law with its slip rows and coefficients', () => {
    expect(contactLaws(block, { muk: 0.25, mus: 0.7 }, 0)).toEqual([{ kind: 'coulomb', row: 0, rows: 1, muK: 0.25, muS: 0.7 }]);
    expect(contactLaws(compass as FrictionModule, {}, 0).map((l) => [l.kind, l.row, l.rows, l.muS])).toEqual([
      ['stick', 0, 1, Infinity],
      ['stick', 1, 1, Infinity],
    ]);
  });
});

describe('block on the incline (μs = 0.6, μk = 0.4)', () => {
  it('at rest sticks while tan α ≤ μs (τ = −m g sin α inside the cone) and slides downhill beyond', () => {
    for (const [alpha, modes] of [
      [0.5, [2]],
      [Math.atan(0.6) * 0.999, [2]],
      [Math.atan(0.6) * 1.001, [1]],
      [1.2, [1]],
    ] as const) {
      const r = selector(block, { alpha }).select(at([0, 0], [0, 0]));
      expect(r).toEqual({ status: 'ok', modes, alternatives: [], targets: [{ row: 0, value: 0 }] });
    }
  });

  it('sliding, keeps the direction of ṡ whatever the acceleration (uphill on a steep slope), with no slip target', () => {
    const r = selector(block, { alpha: 1.2 }).select(at([0, 0], [-2, 0]));
    expect(r).toEqual({ status: 'ok', modes: [-1], alternatives: [], targets: [] });
  });

  it('sliding with no normal velocity stays held: opening would penetrate (g̈ = −g cos α)', () => {
    const r = selector(block, { alpha: 0.3 }).select(at([0, 0], [1, 0]));
    expect(r.status === 'ok' && r.modes).toEqual([1]);
  });

  it('at the cone’s edge with μs = μk, a contact leaving the cone slides opposite to τ (down) though its slip acceleration is 0', () => {
    const mu = 0.5,
      alpha = Math.atan(mu);
    const sel = selector(block, { alpha, mus: mu, muk: mu });
    const r = sel.select(at([0, 0], [0, 0], { leavingCone: [0] }));
    expect(r.status === 'ok' && r.modes).toEqual([1]);
    // The slip acceleration there is g(sin α − μ cos α) = 0 to roundoff.
    const out = block.frictionPhase(0, [0, 0], [0, 0], { alpha, mus: mu, muk: mu }, [1]);
    expect(Math.abs(out[0]!)).toBeLessThan(1e-15);
  });

  it('starts a stuck block exactly at rest in the tangent, keeping ġ = 0, by the least kinetic-energy change', () => {
    const sel = selector(block, { alpha: 0.3 });
    const qd = Float64Array.from([3e-7, 2e-8]);
    expect(sel.startVelocity(0, [0, 0], qd, [2], [{ row: 0, value: 0 }])).toBe('ok');
    expect([...qd]).toEqual([0, 0]);
  });
});

describe("Painlevé's rod sliding backwards on end A at θ = π/6 (det = (1 + 3cos²θ − 3μ sin θ cos θ)/m)", () => {
  // End A is the one candidate; end B, 2 sin θ = 1 above the floor, is open in every mode ([A's, B's]).
  const th = Math.PI / 6;
  const muCritical = (1 + 3 * Math.cos(th) ** 2) / (3 * Math.sin(th) * Math.cos(th));
  const q = [0, Math.sin(th), th];
  const rates = (thetaDot: number): number[] => [-1 - Math.sin(th) * thetaDot, Math.cos(th) * thetaDot, thetaDot];

  it('compressive free acceleration: slides below μc; above it nothing is admissible (inconsistent, no self-locking mode either)', () => {
    expect(selector(rod, { mu: 0.99 * muCritical }).select(at(q, rates(0)))).toMatchObject({ status: 'ok', modes: [-1, 0], alternatives: [] });
    expect(selector(rod, { mu: 1.01 * muCritical }).select(at(q, rates(0)))).toEqual({ status: 'inconsistent', selfLocking: [] });
  });

  it('separating free acceleration: opens below μc; above it opening and sliding are both admissible and opening (det = 1) is chosen', () => {
    expect(selector(rod, { mu: 0.99 * muCritical }).select(at(q, rates(5)))).toMatchObject({ status: 'ok', modes: [0, 0], alternatives: [] });
    expect(selector(rod, { mu: 1.01 * muCritical }).select(at(q, rates(5)))).toEqual({ status: 'ok', modes: [0, 0], alternatives: [[-1, 0]], targets: [] });
  });

  it('sticking projects ṡ and ġ to 0 with Δq̇ M-orthogonal to the motions the rows allow', () => {
    const sel = selector(rod, {});
    const before = [1e-7, Math.cos(th) * 0.3 + 1e-8, 0.3];
    const qd = Float64Array.from(before);
    expect(sel.startVelocity(0, q, qd, [2, 0], [{ row: 0, value: 0 }])).toBe('ok');
    expect(Math.abs(rod.gapRates(0, q, qd, {})[0]!)).toBeLessThan(1e-16);
    expect(Math.abs(rod.slipRates(0, q, qd, {})[0]!)).toBeLessThan(1e-16);
    // The pinned end allows rotation about it: w = (−l sin θ, l cos θ, 1) (l = 1); wᵀ M Δq̇ = 0, M = diag(m, m, m l²/3).
    const w = [-Math.sin(th), Math.cos(th), 1],
      M = [1, 1, 1 / 3];
    const dot = w.reduce((s, wi, i) => s + wi * M[i]! * (qd[i]! - before[i]!), 0);
    expect(Math.abs(dot)).toBeLessThan(1e-16); // roundoff of q̇ ≈ 0.3
  });
});

/**
 * A hand-made module whose contact phase is a table: n = 2 (x along the
 * surface, y normal), M = I, each contact one planar slip row. `table`
 * gives [q̈x, q̈y, σ̇, τ, det] for a mode of contact 0.
 */
type Vec = ArrayLike<number>;

function tableModule(m: number, table: (mode: number) => number[]): FrictionModule {
  const rows = (k: number, row: number[]): Float64Array => Float64Array.from(Array.from({ length: k }, () => row).flat());
  return {
    model: {
      name: 'table',
      title: 'table',
      coordinates: ['x', 'y'],
      parameters: [],
      constraintCount: 0,
      initial: { q0: [0, 0], qd0: [0, 0], t1: 1 },
      conservative: false,
      unilateral: Array.from({ length: m }, (_, j) => ({
        name: `c${j}`,
        law: { kind: 'plastic' as const },
        slip: 1,
        friction: { kinetic: 'mu', static: 'mu' },
      })),
    },
    massMatrix: (_t: number, _q: Vec, _p: Params, out = new Float64Array(4)) => (out.set([1, 0, 0, 1]), out),
    gaps: (_t: number, q: Vec, _p: Params, out = new Float64Array(m)) => out.fill(q[1]!),
    gapJacobian: () => rows(m, [0, 1]),
    gapRates: (_t: number, _q: Vec, qd: Vec, _p: Params, out = new Float64Array(m)) => out.fill(qd[1]!),
    slipJacobian: () => rows(m, [1, 0]),
    slipRates: (_t: number, _q: Vec, qd: Vec, _p: Params, out = new Float64Array(m)) => out.fill(qd[0]!),
    friction: (_t: number, _p: Params, out = new Float64Array(2 * m)) => out.fill(1),
    frictionPhase: (_t: number, _q: Vec, _qd: Vec, _p: Params, modes: Vec, out = new Float64Array(2 + 2 * m + 1)) => {
      const [ax, ay, sigma, tau, det] = table(modes[0]!);
      out.fill(0);
      out.set([ax!, ay!]);
      if (modes[0] !== 0) out[2] = sigma!;
      if (modes[0] === 2) out[2 + m] = tau!;
      out[2 + 2 * m] = det!;
      return out;
    },
  } as unknown as FrictionModule;
}

describe('classification on a hand-made phase table', () => {
  it('a lone admissible slide whose det ≤ 0 is not realized: inconsistent, listed as self-locking', () => {
    // Held alone and sticking: q̈ = 0 (so drifts are 0), |τ| = 5 > σ̇. Open: g̈ = −1 < 0. Sliding right: σ̇ = 2, s̈ = 1 > 0,
    // det = −0.5; sliding left: s̈ = 1 against its direction.
    const table = (mode: number): number[] =>
      mode === 0 ? [0, -1, 0, 0, 1] : mode === 2 ? [0, 0, 1, -5, 1] : mode === 1 ? [1, 0, 2, 0, -0.5] : [1, 0, 2, 0, 3];
    const r = new ModeSelector(tableModule(1, table), {}, 0, 1e-6).select(at([0, 0], [0, 0]));
    expect(r).toEqual({ status: 'inconsistent', selfLocking: [[1]] });
  });

  it('two admissible modes with det > 0 and different motions are ambiguous, not chosen', () => {
    // Open: g̈ = +1; sliding right: σ̇ = 1, s̈ = 1 > 0, det = 2; sliding left: s̈ against it; sticking: |τ| = 5 > σ̇.
    const table = (mode: number): number[] => (mode === 0 ? [0, 1, 0, 0, 1] : mode === 2 ? [0, 0, 1, -5, 1] : mode === 1 ? [1, 0, 1, 0, 2] : [1, 0, 1, 0, 2]);
    const r = new ModeSelector(tableModule(1, table), {}, 0, 1e-6).select(at([0, 0], [0, 0]));
    expect(r).toEqual({ status: 'ambiguous', modes: [[1], [0]] });
  });

  it('seven Coulomb contacts at rest make 4⁷ = 16384 combinations: too many to enumerate', () => {
    const r = new ModeSelector(
      tableModule(7, () => [0, 0, 1, 0, 1]),
      {},
      0,
      1e-6,
    ).select(at([0, 0], [0, 0], { candidates: [0, 1, 2, 3, 4, 5, 6] }));
    expect(r).toEqual({ status: 'too-many-modes', count: 16384 });
  });
});
