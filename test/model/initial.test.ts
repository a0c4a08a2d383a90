// The model's initial state at other parameter values, and the consistency check of any state.
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/core/evaluate.js';
import { buildModel, initialState, initialStateProblems, type Model } from '../../src/model/index.js';
import compass from '../../derivations/compass.js';
import rimlessWheel from '../../derivations/rimless-wheel.js';
import hingedCompass from '../../derivations/hinged-compass.js';
import { ball, builds, mutate, rodPendulum } from './spec-cases.js';

/** Gap of each contact at a state (from the kernel expression) and its rate ġ = ∂g/∂q · q̇ (central differences). */
function contactsAt(model: Model, q0: readonly number[], qd0: readonly number[], params: Record<string, number>): { gap: number; rate: number }[] {
  const env: Record<string, number> = { ...params, t: 0 };
  model.coordinates.forEach((c, i) => (env[c.name] = q0[i]!));
  return model.unilateral.map((u) => ({
    gap: evaluate(u.gap, env),
    // ġ = Σ ∂g/∂q_i q̇_i, from a central difference with step 1e-6 (error ~1e-12 for these trigonometric gaps).
    rate: model.coordinates.reduce((s, c, i) => {
      const h = 1e-6;
      const at = (d: number): number => evaluate(u.gap, { ...env, [c.name]: q0[i]! + d });
      return s + ((at(h) - at(-h)) / (2 * h)) * qd0[i]!;
    }, 0),
  }));
}

describe('initialState', () => {
  it('is model.initial at the defaults', () => {
    for (const spec of [compass, rimlessWheel, hingedCompass]) {
      const model = buildModel(spec);
      expect(initialState(model), spec.name).toEqual(model.initial);
      expect(initialState(model, Object.fromEntries(model.parameters.map((p) => [p.name, p.default]))), spec.name).toEqual(model.initial);
    }
  });

  it('keeps the compass standing on foot B, at rest, for every alpha in its range (D above the line by 2 l sin ψ sin α)', () => {
    const model = buildModel(compass);
    for (const alpha of [0.05, 0.3, 0.7, 1.2, 1.5]) {
      for (const l of [0.5, 1, 2]) {
        const params = { m: 1, g: 9.81, l, alpha };
        const { q0, qd0 } = initialState(model, { l, alpha });
        const [footD, footB] = contactsAt(model, q0, qd0, params);
        expect(Math.abs(footB!.gap), `alpha ${alpha}, l ${l}`).toBeLessThan(1e-15);
        expect(Math.abs(footB!.rate), `alpha ${alpha}, l ${l}`).toBeLessThan(1e-9);
        expect(footD!.gap).toBeCloseTo(2 * l * Math.sin(0.05) * Math.sin(alpha), 14);
        expect(initialStateProblems(model, { q0, qd0, t1: 3 }, params)).toEqual([]);
      }
    }
  });

  it('keeps the rimless wheel and the hinged compass on their standing foot for another leg length', () => {
    for (const spec of [rimlessWheel, hingedCompass]) {
      const model = buildModel(spec);
      const params = { ...Object.fromEntries(model.parameters.map((p) => [p.name, p.default])), l: 1.7 };
      const { q0, qd0 } = initialState(model, params);
      // The wheel stands on its first spoke, the hinged compass on foot 2 (the paper's B).
      const standing = contactsAt(model, q0, qd0, params)[spec === hingedCompass ? 1 : 0];
      expect(Math.abs(standing!.gap), spec.name).toBeLessThan(1e-15);
      expect(Math.abs(standing!.rate), spec.name).toBeLessThan(1e-9);
      expect(q0[1], spec.name).not.toBe(model.initial.q0[1]);
    }
  });

  it('evaluates every value at the parameters given, the defaults for the others', () => {
    const spec = mutate(ball, { parameters: { ...ball.parameters, h: 2 }, initial: { q: { y: 'h/2' }, qd: { y: '-g' }, t1: '3*h' } });
    expect(initialState(builds(spec), { h: 5 })).toEqual({ q0: [2.5], qd0: [-9.81], t1: 15 });
  });
});

describe('initialStateProblems', () => {
  const pendulum = builds(rodPendulum);

  it('is empty for a state the model allows at the parameters given, and names the problem otherwise', () => {
    expect(initialStateProblems(pendulum, { q0: [3, 0], qd0: [0, 1], t1: 1 }, { l: 3 })).toEqual([]);
    const off = initialStateProblems(pendulum, { q0: [2, 0], qd0: [0, 1], t1: 1 }, { l: 3 });
    expect(off.map((p) => [p.code, p.where.field, p.where.model])).toEqual([['initial-violation', 'initial.q', 'rod-pendulum']]);
    expect(off[0]!.detail).toContain("retaining constraint 'rod'");
  });

  it('names velocities off the constraint and a penetrating configuration', () => {
    expect(initialStateProblems(pendulum, { q0: [2, 0], qd0: [1, 0], t1: 1 }).map((p) => [p.code, p.where.field])).toEqual([
      ['initial-velocity-violation', 'initial.qd'],
    ]);
    const model = builds(ball);
    expect(initialStateProblems(model, { q0: [-1e-3], qd0: [0], t1: 1 }).map((p) => [p.code, p.where.field])).toEqual([['initial-penetration', 'initial.q']]);
  });

  it('names a value that is not finite, or a t1 that is not positive, before anything else', () => {
    const model = builds(ball);
    expect(initialStateProblems(model, { q0: [Number.NaN], qd0: [Infinity], t1: 0 }).map((p) => [p.code, p.where.field])).toEqual([
      ['bad-initial', 'initial.q.y'],
      ['bad-initial', 'initial.qd.y'],
      ['bad-initial', 'initial.t1'],
    ]);
  });
});
