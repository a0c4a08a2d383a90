// rhsJacobian by forward-mode differentiation (src/codegen/forward.ts), on
// the DAG of M, forcing, A and c and, where the bodies make T, on the
// program assembling them body by body (src/codegen/bodywise.ts, the
// bicycle's default), against the symbolic route of the same module on
// models small enough to have one: free (double pendulum, tumbling box), a
// hinged compass, with retaining non-holonomic constraints through the KKT
// solve (knife edge, rolling disk), and in contact with what acts only
// there: a realized constraint (Kelvin–Voigt release, below its line) and a
// patch (the viscoelastic disk pressed into its foundation). Two exact
// derivatives of one rhs agree to rounding; a central difference would miss
// by its truncation error, ~1e-10 relative.
import { describe, expect, it } from 'vitest';
import { defaultJacobianRoute } from '../../src/codegen/jacobian.js';
import { generateModule } from '../../src/codegen/module.js';
import type { ModelSpec } from '../../src/model/index.js';
import { derived, loadExamples, paramsOf, qdOf, qOf, randomEnv, STATE_OPTIONS, type StateOptions } from '../helpers/examples.js';
import { loadGenerated } from '../helpers/generated-module.js';
import { rng } from '../helpers/random.js';

/** The models, with the states drawn for each (in contact where something acts only there). */
const STATES: Readonly<Record<string, StateOptions | undefined>> = {
  'double-pendulum': undefined,
  'tumbling-box': undefined,
  'hinged-compass': undefined,
  'knife-edge': undefined,
  'rolling-disk': STATE_OPTIONS['rolling-disk'],
  'kozlov-release-kelvin-voigt': { q: { y: [-0.02, -0.001] } },
  // The disk of radius 0.1 pressed into its foundation.
  'viscoelastic-disk': { q: { y: [0.05, 0.095] } },
};
const MODELS = Object.keys(STATES);
const examples = (await loadExamples()).filter((e) => MODELS.includes(e.spec.name));

/** The largest entry of J and J's worst relative difference from F, over 10 random states. */
async function compare(name: string, example: { spec: ModelSpec }, route: 'forward' | 'bodywise'): Promise<{ worst: number; largest: number }> {
  const sys = derived(example.spec);
  const symbolic = await loadGenerated(sys, undefined, { jacobian: 'symbolic' });
  const forward = await loadGenerated(sys, undefined, { jacobian: route });
  expect(forward.rhsJacobian!.toString()).not.toBe(symbolic.rhsJacobian!.toString());
  const { model } = sys;
  const r = rng(47);
  let worst = 0;
  let largest = 0;
  for (let trial = 0; trial < 10; trial++) {
    const env = randomEnv(model, r, STATES[name]);
    const x = Float64Array.from([...qOf(model, env), ...qdOf(model, env)]);
    const p = paramsOf(model, env);
    const J = symbolic.rhsJacobian!(env.t!, x, p);
    const F = forward.rhsJacobian!(env.t!, x, p);
    J.forEach((v, k) => {
      worst = Math.max(worst, Math.abs(v - F[k]!) / (1 + Math.abs(v)));
      largest = Math.max(largest, Math.abs(v));
    });
  }
  return { worst, largest };
}

describe.each(examples.map((e) => [e.spec.name, e] as const))('%s', (name, example) => {
  it('the forward route agrees with the symbolic one to 1e-10 at 10 random states', async () => {
    const { worst, largest } = await compare(name, example, 'forward');
    // Not a Jacobian of zeros and identities: ∂q̈/∂x has entries of size.
    expect(largest).toBeGreaterThan(1.5);
    expect(worst).toBeLessThan(1e-10);
  });

  // Forward mode on the bodies' program (bodywise.ts), where the bodies make T.
  it.skipIf(!derived(example.spec).bodywise)('the bodywise route agrees with the symbolic one to 1e-10 at 10 random states', async () => {
    const { worst, largest } = await compare(name, example, 'bodywise');
    expect(largest).toBeGreaterThan(1.5);
    expect(worst).toBeLessThan(1e-10);
  });
});

it('covers every model the test names', () => {
  expect(examples.map((e) => e.spec.name).sort()).toEqual([...MODELS].sort());
});

// The bicycle, too large for the symbolic route, against Richardson's
// extrapolation of central differences of its rhs (error O(h⁶)): a central
// difference alone, what its rhsJacobian was before, misses by ~1e-9.
describe('bicycle', () => {
  it('takes the bodywise route by default, and agrees with extrapolated differences of rhs to 1e-10', async () => {
    const example = (await loadExamples()).find((e) => e.spec.name === 'bicycle')!;
    const sys = derived(example.spec);
    expect(defaultJacobianRoute(sys)).toBe('bodywise');
    const mod = await loadGenerated(sys);
    const { model } = sys;
    const n = model.coordinates.length;
    const r = rng(5);
    let worst = 0;
    for (let trial = 0; trial < 2; trial++) {
      // Leaning and steering by at most 0.5 rad, pitched by at most 0.1 (0 upright).
      const env = randomEnv(model, r, { q: { phi: [-0.5, 0.5], delta: [-0.5, 0.5], theta: [-0.1, 0.1] }, defaults: true });
      const x = Float64Array.from([...qOf(model, env), ...qdOf(model, env)]);
      const p = paramsOf(model, env);
      const J = mod.rhsJacobian!(env.t!, x, p);
      const f = (k: number, h: number): Float64Array => {
        const y = Float64Array.from(x);
        y[k] += h;
        return mod.rhs(env.t!, y, p, new Float64Array(2 * n));
      };
      for (let k = 0; k < 2 * n; k++) {
        const central = (h: number): number[] => Array.from(f(k, h), (v, i) => (v - f(k, -h)[i]!) / (2 * h));
        const h = 1e-3 * (1 + Math.abs(x[k]!));
        const [d1, d2, d3] = [central(h), central(h / 2), central(h / 4)];
        const r1 = d2.map((v, i) => (4 * v - d1[i]!) / 3);
        const r2 = d3.map((v, i) => (4 * v - d2[i]!) / 3);
        r2.forEach((v, i) => {
          const extrapolated = (16 * v - r1[i]!) / 15;
          worst = Math.max(worst, Math.abs(extrapolated - J[i * 2 * n + k]!) / (1 + Math.abs(extrapolated)));
        });
      }
    }
    expect(worst).toBeLessThan(1e-10);
  }, 300_000);

  // Two exact forward modes, on the bodies' program and on the DAG of the
  // symbolic M, forcing, A and c: the same numbers to rounding.
  it('the bodywise route agrees with forward mode on the symbolic DAG to 1e-10 at 5 random states', async () => {
    const example = (await loadExamples()).find((e) => e.spec.name === 'bicycle')!;
    const sys = derived(example.spec);
    const bodywise = await loadGenerated(sys, undefined, { jacobian: 'bodywise' });
    const forward = await loadGenerated(sys, undefined, { jacobian: 'forward' });
    const { model } = sys;
    const r = rng(23);
    let worst = 0;
    let largest = 0;
    for (let trial = 0; trial < 5; trial++) {
      const env = randomEnv(model, r, { q: { phi: [-0.5, 0.5], delta: [-0.5, 0.5], theta: [-0.1, 0.1] }, defaults: true });
      const x = Float64Array.from([...qOf(model, env), ...qdOf(model, env)]);
      const p = paramsOf(model, env);
      const F = forward.rhsJacobian!(env.t!, x, p);
      const B = bodywise.rhsJacobian!(env.t!, x, p);
      F.forEach((v, k) => {
        worst = Math.max(worst, Math.abs(v - B[k]!) / (1 + Math.abs(v)));
        largest = Math.max(largest, Math.abs(v));
      });
    }
    expect(largest).toBeGreaterThan(1.5);
    expect(worst).toBeLessThan(1e-10);
  }, 300_000);
});

// Every rule of forward.ts beside sine, cosine and integer powers: a
// particle in a plane whose mass and potential call tan, exp, log, asin,
// acos, |·| and sign (in forces), a square root, powers with a parameter
// and with a coordinate for exponent.
describe('a model calling every elementary function', () => {
  const spec = {
    name: 'elementary',
    coordinates: ['x', 'y'],
    parameters: { k: 1.3, a: 1.7 },
    kinetic: "(1 + exp(y/3)/2)*x'^2/2 + sqrt(2 + x^2)*y'^2/2 + tan(x/4)*x'*y'/4",
    potential: 'k*log(2 + x^2)*acos(y/4) + asin(x/5)*y + (1 + x^2 + y^2)^a + (3 + y^2)^(-3/2) + (2 + x^2)^(y/5)',
    // Quadratic drag, and a force whose sign() has no tangent.
    forces: { x: "-k*abs(x')*x'", y: "-sign(x)*y'" },
  } as const satisfies ModelSpec;

  it('the forward route agrees with the symbolic one to 1e-10 at 10 random states', async () => {
    const sys = derived(spec);
    const symbolic = await loadGenerated(sys, undefined, { jacobian: 'symbolic' });
    const forward = await loadGenerated(sys, undefined, { jacobian: 'forward' });
    const r = rng(11);
    let worst = 0;
    for (let trial = 0; trial < 10; trial++) {
      const env = randomEnv(sys.model, r, { q: { x: [-2, 2], y: [-2, 2] } });
      const x = Float64Array.from([...qOf(sys.model, env), ...qdOf(sys.model, env)]);
      const p = paramsOf(sys.model, env);
      const J = symbolic.rhsJacobian!(env.t!, x, p);
      const F = forward.rhsJacobian!(env.t!, x, p);
      J.forEach((v, k) => (worst = Math.max(worst, Math.abs(v - F[k]!) / (1 + Math.abs(v)))));
    }
    expect(worst).toBeLessThan(1e-10);
  });

  it('refuses the bodywise route, its T not made by bodies, with a named error', () => {
    const sys = derived(spec);
    expect(sys.bodywise).toBeUndefined();
    expect(() => generateModule(sys, 'test/elementary.ts', { jacobian: 'bodywise' })).toThrow(
      expect.objectContaining({ code: 'invalid-option', where: { model: 'elementary', field: 'jacobian' } }),
    );
  });
});
