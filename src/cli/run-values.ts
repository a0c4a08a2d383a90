// The numbers of one run, from the command line and the model: parameter
// values (written as expressions, `alpha=pi/4`, checked against the declared
// ranges), and an initial state that fits those values.
// Tests: test/cli/cli.test.ts (parameter ranges, initial-state overrides).
import { parseExpr } from '../core/parse.js';
import { evaluate, type Env } from '../core/evaluate.js';
import { toText } from '../core/print.js';
import { MechanicsError } from '../errors.js';
import type { Model } from '../model/index.js';
import type { GeneratedModel } from '../runtime/contract.js';
import { UsageError, type Assignment } from './args.js';

/** A number written as an expression of the parameters (`pi/4`, `2*l`, `1e-3`). */
export function evaluateOption(option: string, text: string, env: Env): number {
  let value: number;
  try {
    value = evaluate(parseExpr(text), env);
  } catch (err) {
    if (err instanceof MechanicsError) throw new UsageError(`${option}: ${err.detail}`, option);
    throw err;
  }
  if (!Number.isFinite(value)) throw new UsageError(`${option}: '${text}' is ${value}, not a finite number`, option);
  return value;
}

/**
 * Parameter values: the defaults, then each `--param name=value` in the
 * order given (a value may use the parameters before it). Every overridden
 * value must lie inside its declared open range.
 */
export function parameterValues(model: Model, assignments: readonly Assignment[]): Record<string, number> {
  const env: Record<string, number> = Object.fromEntries(model.parameters.map((p) => [p.name, p.default]));
  const given = new Set<string>();
  for (const { name, value } of assignments) {
    const p = model.parameters.find((q) => q.name === name);
    if (!p) {
      throw new MechanicsError('unknown-parameter', 'input', `no parameter '${name}' (parameters: ${model.parameters.map((q) => q.name).join(', ') || 'none'})`, { model: model.name, field: '--param' });
    }
    if (given.has(name)) throw new UsageError(`--param ${name} given twice`, '--param');
    given.add(name);
    env[name] = evaluateOption(`--param ${name}`, value, env);
  }
  for (const p of model.parameters) {
    if (!p.range || !given.has(p.name)) continue;
    const [lo, hi] = p.range.map((e) => evaluate(e, env)) as [number, number];
    const v = env[p.name]!;
    if (!(lo < v && v < hi)) {
      throw new MechanicsError('invalid-option', 'input', `parameter ${p.name} = ${v} lies outside its declared range (${toText(p.range[0])}, ${toText(p.range[1])}) = (${lo}, ${hi})`, { model: model.name, field: `parameters.${p.name}` });
    }
  }
  return env;
}

export interface InitialState {
  readonly q0: number[];
  readonly qd0: number[];
  readonly t1: number;
}

/**
 * The initial state of a run: the model's declared one, with `--q0`,
 * `--qd0` and `--t1` (expressions of the run's parameter values) on top.
 * A declared state is numbers worked out for the default parameters;
 * checkInitialFollowsParameters refuses it where an override makes it wrong.
 */
export function initialState(
  model: Model, params: Env,
  overrides: { readonly q0: readonly Assignment[]; readonly qd0: readonly Assignment[]; readonly t1?: string },
): InitialState {
  const names = model.coordinates.map((c) => c.name);
  const start = (option: '--q0' | '--qd0', declared: readonly number[], given: readonly Assignment[]): number[] => {
    const vector = [...declared];
    const seen = new Set<string>();
    for (const { name, value } of given) {
      const i = names.indexOf(name);
      if (i < 0) throw new MechanicsError('unknown-coordinate', 'input', `no coordinate '${name}' (coordinates: ${names.join(', ')})`, { model: model.name, field: option });
      if (seen.has(name)) throw new UsageError(`${option} ${name} given twice`, option);
      seen.add(name);
      vector[i] = evaluateOption(`${option} ${name}`, value, params);
    }
    return vector;
  };
  const t1 = overrides.t1 === undefined ? model.initial.t1 : evaluateOption('--t1', overrides.t1, params);
  return { q0: start('--q0', model.initial.q0, overrides.q0), qd0: start('--qd0', model.initial.qd0, overrides.qd0), t1 };
}

/** A configuration and the parameter values it is meant for. */
export interface RunStart {
  readonly q0: readonly number[];
  readonly params: Env;
}

/** Gap within which a contact counts as closed when comparing initial states (the runtime's default gapTol). */
const CLOSED_GAP = 1e-9;

/**
 * A model's initial state is numbers worked out for the default parameters: the compass standing on a foot at α = 0.3 starts
 * 7.8 cm in the air at α = 0.7. Refuse a run that starts with a contact
 * open where the declared initial state had it closed at the defaults (or
 * the other way round), unless the user gave the initial configuration.
 */
export function checkInitialFollowsParameters(mod: GeneratedModel, declared: RunStart, run: RunStart): void {
  if (!mod.gaps) return;
  const before = mod.gaps(0, declared.q0, declared.params);
  const after = mod.gaps(0, run.q0, run.params);
  mod.model.unilateral.forEach((u, j) => {
    const wasClosed = Math.abs(before[j]!) <= CLOSED_GAP;
    const isClosed = Math.abs(after[j]!) <= CLOSED_GAP;
    if (wasClosed === isClosed) return;
    throw new MechanicsError(
      'bad-initial', 'input',
      `the declared initial state has contact '${u.name}' ${wasClosed ? 'closed' : 'open'} at the default parameters but ${isClosed ? 'closed' : `open by ${after[j]!.toPrecision(3)}`} with these ones: it was computed for the defaults. Give the configuration with --q0 name=value, or write the model's initial state in terms of its parameters`,
      { model: mod.model.name, field: 'initial' },
    );
  });
}
