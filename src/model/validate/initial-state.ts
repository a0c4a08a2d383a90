// An initial state must be one the model allows: finite (an angle within
// MAX_ANGLE), on every retaining constraint, with velocities that keep it
// there, and on the admissible side of every unilateral one, at t = 0 where
// a run starts.
// buildModel checks the model's own state at the parameters' defaults; the
// CLI checks the state of a run (recomputed for its parameters, with its
// overrides) at the run's parameters.
import { timeDerivative } from '../../core/diff.js';
import { evaluate, type Env } from '../../core/evaluate.js';
import { children, contains, unreachable, type Expr } from '../../core/expr.js';
import * as Q from '../../core/rational.js';
import { MAX_ANGLE, type MechanicsError } from '../../errors.js';
import { TIME } from '../names.js';
import type { Coordinate, InitialState, Model } from '../types.js';
import { defaultValues } from './parameters.js';
import { Problems, type Checked } from './problems.js';

/**
 * Residuals are compared with 1e-9 × the size of the expression's terms at
 * the state (`magnitude`), so the test does not depend on units. States
 * computed in floating point (the compass standing on a foot, from
 * trigonometry) miss by about 1e-16 of that size; a real mistake (a pendulum
 * started off its rod) by far more than 1e-9.
 */
export const RELATIVE_TOLERANCE = 1e-9;

/**
 * The size against which rounding in evaluating e is measured: Σ|coefficient ×
 * term| recursively through sums and products (the usual running error bound
 * of a sum), |value| plus the size of the argument for a function.
 */
export function magnitude(e: Expr, env: Env): number {
  switch (e.kind) {
    case 'num':
      return Math.abs(Q.toNumber(e.value));
    case 'sym':
      return Math.abs(evaluate(e, env));
    case 'add':
      return e.terms.reduce((s, t) => s + Math.abs(Q.toNumber(t.coeff)) * magnitude(t.expr, env), Math.abs(Q.toNumber(e.constant)));
    case 'mul':
      return e.factors.reduce((p, f) => p * power(f.base, f.exp, env), Math.abs(Q.toNumber(e.coeff)));
    case 'pow':
      return power(e.base, e.exp, env);
    case 'fn':
      return Math.abs(evaluate(e, env)) + e.args.reduce((s, a) => s + magnitude(a, env), 0);
    default:
      return unreachable(e);
  }
}

function power(base: Expr, exp: Expr, env: Env): number {
  const k = evaluate(exp, env);
  return Number.isInteger(k) && k > 0 ? magnitude(base, env) ** k : Math.abs(evaluate(base, env)) ** k;
}

/** Every value of the state a finite number and t1 a positive one: 'bad-initial' in the field of the value. */
export function checkStateValues(coordinates: readonly Coordinate[], state: InitialState, model: string | undefined): Checked<void> {
  const out = new Problems(model);
  const finite = (field: 'q' | 'qd', values: readonly number[]): void =>
    coordinates.forEach((c, i) => {
      const v = values[i]!;
      if (!Number.isFinite(v))
        out.add(
          'bad-initial',
          `initial.${field}.${c.name}`,
          `initial ${field === 'q' ? 'value' : 'velocity'} of '${c.name}' is ${v}; it must be a finite number`,
        );
    });
  finite('q', state.q0);
  finite('qd', state.qd0);
  if (!(state.t1 > 0 && Number.isFinite(state.t1))) out.add('bad-initial', 'initial.t1', `initial.t1 must be a positive finite end time, got ${state.t1}`);
  return out.result(undefined);
}

/** Every sine and cosine of the expressions (each shared subexpression visited once). */
function trigonometric(exprs: readonly Expr[]): Expr[] {
  const seen = new Set<Expr>();
  const out: Expr[] = [];
  const visit = (e: Expr): void => {
    if (seen.has(e)) return;
    seen.add(e);
    if (e.kind === 'fn' && (e.name === 'sin' || e.name === 'cos')) out.push(e);
    children(e).forEach(visit);
  };
  exprs.forEach(visit);
  return out;
}

/**
 * An initial value beyond MAX_ANGLE of a coordinate inside a sine or cosine
 * of the physics: 'bad-initial' in the field of the value, as a run refuses
 * such a q0 of a periodic coordinate.
 */
function angleProblems(model: StateModel, q0: readonly number[]): readonly MechanicsError[] {
  const out = new Problems(model.name);
  if (!q0.some((v) => Math.abs(v) > MAX_ANGLE)) return out.list;
  const trig = trigonometric([model.L, ...model.holonomic.map((h) => h.phi), ...model.nonholonomic.map((h) => h.expr), ...model.unilateral.map((u) => u.gap)]);
  model.coordinates.forEach((c, i) => {
    if (Math.abs(q0[i]!) > MAX_ANGLE && trig.some((f) => contains(f, c.q)))
      out.add(
        'bad-initial',
        `initial.q.${c.name}`,
        `initial value of '${c.name}' is ${q0[i]}, an angle too large to take its turns off (|angle| ≤ ${MAX_ANGLE.toPrecision(2)}); give it modulo 2π`,
      );
  });
  return out.list;
}

/** What a state is checked against: the model without its name-only fields. */
export type StateModel = Pick<Model, 'name' | 'coordinates' | 'parameters' | 'holonomic' | 'nonholonomic' | 'unilateral' | 'L'>;

/**
 * The named problems of starting `model` from `state` with parameter values
 * `params` (the defaults for those not given); none if the state is one the
 * model allows. Fields are the model's (initial.q, initial.qd, …).
 */
export function initialStateProblems(model: StateModel, state: InitialState, params: Env = {}): readonly MechanicsError[] {
  const values = checkStateValues(model.coordinates, state, model.name);
  if (values.problems.length) return values.problems;
  const angles = angleProblems(model, state.q0);
  if (angles.length) return angles;
  const out = new Problems(model.name);
  const { q0, qd0 } = state;
  const env: Record<string, number> = { ...defaultValues(model.parameters), ...params, [TIME]: 0 };
  model.coordinates.forEach((c, i) => {
    env[c.name] = q0[i]!;
    env[c.qd.name] = qd0[i]!;
  });
  const chain = model.coordinates.map((c) => [c.name, c.qd] as const);
  /** The residual of e at the initial state if it exceeds the tolerance (or is not finite), else undefined. */
  const off = (e: Expr, sign: 'any' | 'negative' = 'any'): { r: number; tol: number } | undefined => {
    const r = evaluate(e, env);
    const tol = RELATIVE_TOLERANCE * magnitude(e, env);
    const bad = !Number.isFinite(r) || (sign === 'any' ? Math.abs(r) > tol : r < -tol);
    return bad ? { r, tol } : undefined;
  };
  const at = ({ r, tol }: { r: number; tol: number }): string => `${r} (tolerance ${tol.toPrecision(2)})`;

  for (const h of model.holonomic) {
    const pos = off(h.phi);
    if (pos) out.add('initial-violation', 'initial.q', `the initial state violates retaining constraint '${h.name}': φ = ${at(pos)}; start on the constraint`);
    const vel = off(timeDerivative(h.phi, TIME, chain));
    if (vel)
      out.add(
        'initial-velocity-violation',
        'initial.qd',
        `the initial velocities leave retaining constraint '${h.name}': dφ/dt = ${at(vel)}; give velocities tangent to the constraint`,
      );
  }
  for (const h of model.nonholonomic) {
    const vel = off(h.expr);
    if (vel) out.add('initial-velocity-violation', 'initial.qd', `the initial velocities violate constraint '${h.name}': A·q' + b = ${at(vel)}`);
  }
  for (const u of model.unilateral) {
    const pen = off(u.gap, 'negative');
    if (pen)
      out.add(
        'initial-penetration',
        'initial.q',
        `the initial state penetrates unilateral constraint '${u.name}': gap = ${at(pen)} < 0; start on the admissible side`,
      );
  }
  // An initial velocity of −1e300 overflows the kinetic energy: NaN energies, and no error, in a simulation.
  if (!Number.isFinite(evaluate(model.L, env)))
    out.add('bad-initial', 'initial', 'the Lagrangian is not finite at the initial state; check the initial values and the parameters');
  return out.list;
}
