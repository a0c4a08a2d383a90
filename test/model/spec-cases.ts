// Valid models to break one field at a time, and what buildModel reports.
import { expect } from 'vitest';
import { MechanicsError } from '../../src/errors.js';
import { buildModel, type Model, type ModelSpec } from '../../src/model/index.js';
import { thrown } from '../helpers/thrown.js';

/** A ball of mass m above a floor y ≥ 0 with Newton restitution e: the valid starting point. */
export const ball = {
  name: 'ball',
  title: 'Bouncing ball',
  coordinates: [{ name: 'y', description: 'height', unit: 'm' }],
  parameters: { m: 1, g: 9.81, e: { default: 0.9, range: [0, 1] } },
  kinetic: "m*y'^2/2",
  potential: 'm*g*y',
  unilateral: [{ name: 'floor', constraint: 'y >= 0', law: { newton: 'e' } }],
  initial: { q: { y: 1 }, t1: 5 },
} as const satisfies ModelSpec;

/** A pendulum as a particle (x, y) on a rod of length l: a holonomic constraint to keep. */
export const rodPendulum = {
  name: 'rod-pendulum',
  coordinates: ['x', 'y'],
  parameters: { m: 1, g: 9.81, l: 2 },
  kinetic: "m*(x'^2 + y'^2)/2",
  potential: 'm*g*y',
  holonomic: [{ name: 'rod', expr: 'x^2 + y^2 - l^2' }],
  initial: { q: { x: 2, y: 0 }, qd: { y: -1 } },
} as const satisfies ModelSpec;

/** A spec with some fields replaced by anything at all (a model file is JavaScript). */
export const mutate = (base: object, change: Record<string, unknown>): ModelSpec => ({ ...base, ...change }) as unknown as ModelSpec;

/** The MechanicsError buildModel throws for spec (failing if it throws anything else, or nothing). */
export const modelError = (spec: unknown): MechanicsError => thrown(() => buildModel(spec as ModelSpec), MechanicsError);

/** Every problem as [code, field]. */
export function problems(spec: unknown): [string, string | undefined][] {
  const err = modelError(spec);
  return (err.problems.length ? err.problems : [err]).map((p) => [p.code, p.where.field]);
}

/** The spec builds; the model is returned for further checks. */
export function builds(spec: unknown): Model {
  let model: Model | undefined;
  expect(() => (model = buildModel(spec as ModelSpec))).not.toThrow();
  return model!;
}
