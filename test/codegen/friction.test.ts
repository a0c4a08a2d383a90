// The friction exports of generated modules (src/codegen/friction.ts):
// slip rows and rates, the coefficients, and the sliding/sticking contact
// phase, checked against hand derivations (block on an incline, Painlevé's
// rod) and against the module's own M, forcing and rows at random states.
import { describe, expect, it } from 'vitest';
import block from '../../derivations/block-on-incline.js';
import rod from '../../derivations/falling-rod.js';
import planes from '../../derivations/point-between-planes.js';
import roughHinge from '../../derivations/rough-hinge-pendulum.js';
import { SimulationError } from '../../src/runtime/errors.js';
import { simulate } from '../../src/runtime/hybrid/simulate.js';
import type { LoadedModule } from '../../src/runtime/contract.js';
import { derived } from '../helpers/examples.js';
import { loadGenerated } from '../helpers/generated-module.js';
import { expectClose } from '../helpers/numeric.js';
import { rng, uniform } from '../helpers/random.js';
import { thrown } from '../helpers/thrown.js';

type Frictional = Required<Pick<LoadedModule, 'slipJacobian' | 'slipRates' | 'friction' | 'frictionPhase' | 'gapJacobian' | 'massMatrix' | 'forcing'>> &
  LoadedModule;

const blockModule = (await loadGenerated(derived(block))) as Frictional;
const rodModule = (await loadGenerated(derived(rod))) as Frictional;

describe('block on a rough incline', () => {
  const p = { alpha: 0.5, muk: 0.4, mus: 0.6, g: 9.81, m: 2 };
  const q = [0.3, 0],
    qd = [1.5, 0];
  it('exports its slip row, rate and coefficients', () => {
    expect([...blockModule.slipJacobian(0, q, p)]).toEqual([1, 0]);
    expect([...blockModule.slipRates(0, q, qd, p)]).toEqual([1.5]);
    expect([...blockModule.friction(0, p)]).toEqual([0.4, 0.6]);
    expect(blockModule.model.unilateral[0]).toMatchObject({ slip: 1, friction: { kinetic: 'muk', static: 'mus' } });
  });
  it('sliding downhill: ẍ = g(sin α − μk cos α), σ̇ = m g cos α, det = 1/m', () => {
    const out = blockModule.frictionPhase(0, q, qd, p, [1]);
    expectClose(out[0]!, 9.81 * (Math.sin(0.5) - 0.4 * Math.cos(0.5)), 1e-13);
    expectClose(out[1]!, 0, 1e-13, 10);
    expectClose(out[2]!, 2 * 9.81 * Math.cos(0.5), 1e-13);
    expect(out[3]).toBe(0);
    expectClose(out[4]!, 1 / 2, 1e-15);
  });
  it('sliding uphill: friction adds to gravity, ẍ = g(sin α + μk cos α)', () => {
    const out = blockModule.frictionPhase(0, q, [-1, 0], p, [-1]);
    expectClose(out[0]!, 9.81 * (Math.sin(0.5) + 0.4 * Math.cos(0.5)), 1e-13);
  });
  it('sticking: q̈ = 0 and the tangential reaction holds the weight, τ = −m g sin α', () => {
    const out = blockModule.frictionPhase(0, q, [0, 0], p, [2]);
    expectClose(out[0]!, 0, 1e-13, 10);
    expectClose(out[1]!, 0, 1e-13, 10);
    expectClose(out[2]!, 2 * 9.81 * Math.cos(0.5), 1e-13);
    expectClose(out[3]!, -2 * 9.81 * Math.sin(0.5), 1e-13);
    expect(out[4]).toBeGreaterThan(0);
  });
  it('open: free fall in the slope frame', () => {
    const out = blockModule.frictionPhase(0, [0, 0.2], qd, p, [0]);
    expectClose(out[0]!, 9.81 * Math.sin(0.5), 1e-13);
    expectClose(out[1]!, -9.81 * Math.cos(0.5), 1e-13);
    expect([out[2], out[3], out[4]]).toEqual([0, 0, 1]);
  });
});

describe("Painlevé's rod: the sliding end's reaction matrix", () => {
  // N = ∂(y − l sin θ)/∂q = (0, 1, −l cos θ), S = ∂(x − l cos θ)/∂q = (1, 0, l sin θ),
  // M = diag(m, m, m l²/3): det = N M⁻¹ (N − μ d S)ᵀ = (1 + 3cos²θ + 3μ d sin θ cos θ)/m.
  // End A slides (mode d), end B is open (mode 0): det follows q̈ (3), σ̇ (2) and τ (2) in frictionPhase's output.
  const ROD_DET = 7;
  const r = rng(12);
  it('det = (1 + 3cos²θ + 3μd sinθ cosθ)/m at random states, and q̈ solves M q̈ = f + (N − μ d S)ᵀσ̇ with g̈ = 0', () => {
    for (let trial = 0; trial < 200; trial++) {
      const m = uniform(r, 0.5, 3),
        l = uniform(r, 0.2, 2),
        mu = uniform(r, 0, 3),
        th = uniform(r, 0.05, 1.5);
      const d = r() < 0.5 ? -1 : 1;
      const p = { m, l, mu, g: 9.81, e: 0.5 };
      const q = [uniform(r, -1, 1), l * Math.sin(th), th];
      const xd = uniform(r, 0.1, 2) * d,
        thd = uniform(r, -2, 2);
      // ẏ = l cos θ θ̇ keeps the tip on the floor; ẋ chosen so ṡ has the sign d.
      const qd = [xd - l * Math.sin(th) * thd, l * Math.cos(th) * thd, thd];
      const out = rodModule.frictionPhase(0, q, qd, p, [d, 0]);
      const det = (1 + 3 * Math.cos(th) ** 2 + 3 * mu * d * Math.sin(th) * Math.cos(th)) / m;
      expectClose(out[ROD_DET]!, det, 1e-12);
      const sigma = out[3]!;
      const M = rodModule.massMatrix(0, q, p),
        f = rodModule.forcing(0, q, qd, p);
      const N = rodModule.gapJacobian(0, q, p),
        S = rodModule.slipJacobian(0, q, p);
      for (let i = 0; i < 3; i++) {
        let lhs = 0;
        for (let k = 0; k < 3; k++) lhs += M[i * 3 + k]! * out[k]!;
        expectClose(lhs, f[i]! + (N[i]! - mu * d * S[i]!) * sigma, 1e-12, 10 * (1 + Math.abs(sigma) * (1 + mu)));
      }
      // g̈ = N q̈ + (l sin θ) θ̇² = 0.
      expectClose(
        N[0]! * out[0]! + N[1]! * out[1]! + N[2]! * out[2]! + l * Math.sin(th) * thd ** 2,
        0,
        1e-12,
        10 * (1 + Math.abs(out[1]!) + Math.abs(out[2]!) + thd ** 2),
      );
    }
  });
  it('det < 0 (Painlevé) exactly when μ > (1 + 3cos²θ)/(3 sin θ cos θ), sliding backwards (d = −1)', () => {
    const th = Math.PI / 6,
      critical = (1 + 3 * Math.cos(th) ** 2) / (3 * Math.sin(th) * Math.cos(th));
    const q = [0, Math.sin(th), th];
    for (const [mu, sign] of [
      [0.99 * critical, 1],
      [1.01 * critical, -1],
    ] as const) {
      const out = rodModule.frictionPhase(0, q, [-1, 0, 0], { mu }, [-1, 0]);
      expect(Math.sign(out[ROD_DET]!)).toBe(sign);
    }
  });
});

describe("Smirnov's supports and hinges in generated code", () => {
  it('the module names its support pairs and exports supportRows; a hinge with journal friction exports hingeRows, and without them is refused (non-ideal-unsupported), never integrated as ideal', async () => {
    const mod = await loadGenerated(derived(planes));
    expect(mod.model.nonIdeal).toEqual(['gap']);
    expect(mod.model.supports).toEqual(['gap']);
    expect(mod.supportRows).toBeDefined();
    const hinge = await loadGenerated(derived(roughHinge));
    expect(hinge.supportRows).toBeUndefined();
    expect(hinge.model.hinges).toEqual(['journal']);
    // The pin x − l cos φ, y − l sin φ: J = [1 0 l sin φ; 0 1 −l cos φ], J̇q̇ = l φ̇² (cos φ, sin φ); w = ∂φ/∂q.
    const [phi, phid, l] = [0.7, -1.3, 0.5];
    const p = { l, r: 0.04, f: 0.2, fr: 0.6 };
    const rows = hinge.hingeRows!(0, [l * Math.cos(phi), l * Math.sin(phi), phi], [-l * Math.sin(phi) * phid, l * Math.cos(phi) * phid, phid], p);
    const expected = [
      1,
      0,
      l * Math.sin(phi),
      0,
      1,
      -l * Math.cos(phi),
      0,
      0,
      1,
      l * phid ** 2 * Math.cos(phi),
      l * phid ** 2 * Math.sin(phi),
      phid,
      0,
      0.04,
      0.2,
      0.6,
    ];
    expect(rows).toHaveLength(expected.length);
    expected.forEach((v, i) => expect(rows[i]).toBeCloseTo(v, 14));
    const { q0, qd0 } = hinge.model.initial;
    expect(() => simulate(hinge, { q0, qd0, t1: 0.1 })).not.toThrow();
    const err = thrown(() => simulate({ ...hinge, hingeRows: undefined }, { q0, qd0, t1: 1 }), SimulationError);
    expect(err.code).toBe('non-ideal-unsupported');
    expect(err.message).toContain('pinx');
    expect(blockModule.model.nonIdeal).toBeUndefined();
  });
});
