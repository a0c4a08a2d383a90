// The numbers of one run, from the command line (or the playground's
// sliders, as the same text) and the model: parameter values (written as
// expressions, `alpha=pi/4`, checked against the declared ranges), and an
// initial state that fits those values.
// Tests: test/cli/cli.test.ts (parameter ranges, overrides), test/cli/initial-state.test.ts (the state recomputed and checked), test/pipeline/run-values.test.ts (any double).
import { parseExpr } from '../core/parse.js';
import { evaluate, type Env } from '../core/evaluate.js';
import { freeSymbols } from '../core/expr.js';
import { toText } from '../core/print.js';
import { combineErrors, MechanicsError, UsageError } from '../errors.js';
import { complexConstant, initialState, initialStateProblems, limitProblems, type InitialState, type Model, type ValueLimit } from '../model/index.js';
import { decimalValue } from './decimal.js';

/** A `name=value` assignment of a run (`--param alpha=pi/4`, a slider's value): a name and the expression it is set to. */
export interface Assignment {
  readonly name: string;
  /** The right-hand side, an expression still to be evaluated. */
  readonly value: string;
}

/**
 * A number written as an expression of the parameters (`pi/4`, `2*l`,
 * `1e-3`). A plain decimal is read as the double it names: the kernel's
 * exact coefficients hold most decimals but not every double (1e-300).
 */
export function evaluateOption(option: string, text: string, env: Env): number {
  let value: number;
  try {
    const decimal = decimalValue(text);
    const e = decimal === undefined ? parseExpr(text) : undefined;
    const complex = e && complexConstant(e);
    if (complex) throw new MechanicsError('complex-constant', 'input', `${option}: ${toText(complex)} has no real value`, { field: option });
    value = e ? evaluate(e, env) : decimal!;
  } catch (err) {
    if (err instanceof MechanicsError && err.code === 'complex-constant') throw err;
    if (err instanceof MechanicsError) throw new UsageError(`${option}: ${err.detail}`, option);
    throw err;
  }
  if (!Number.isFinite(value)) throw new UsageError(`${option}: '${text}' is ${value}, not a finite number`, option);
  return value;
}

/**
 * Parameter values: the defaults, then each `--param name=value` in the
 * order given (a value may use the parameters before it). The values must
 * keep the limits the model's defaults keep (src/model/limits.ts).
 */
export function parameterValues(model: Model, assignments: readonly Assignment[]): Record<string, number> {
  const env: Record<string, number> = Object.fromEntries(model.parameters.map((p) => [p.name, p.default]));
  const given = new Set<string>();
  for (const { name, value } of assignments) {
    const p = model.parameters.find((q) => q.name === name);
    if (!p) {
      throw new MechanicsError(
        'unknown-parameter',
        'input',
        `no parameter '${name}' (parameters: ${model.parameters.map((q) => q.name).join(', ') || 'none'})`,
        { model: model.name, field: '--param' },
      );
    }
    if (given.has(name)) throw new UsageError(`--param ${name} given twice`, '--param');
    given.add(name);
    try {
      env[name] = evaluateOption(`--param ${name}`, value, env);
    } catch (err) {
      throw err instanceof MechanicsError && err.code === 'complex-constant' ? err.at({ model: model.name }) : err;
    }
  }
  // The limits the model's defaults keep (declared ranges, restitution, compliant coefficients, masses), in the options that broke them.
  const options = (l: ValueLimit): string => {
    const names = [l.value, l.lower, l.upper].flatMap((e) => (e ? [...freeSymbols(e)] : [])).filter((n) => given.has(n));
    return names.length ? [...new Set(names)].map((n) => `--param ${n}`).join(', ') : l.field;
  };
  const problems = limitProblems(model, env, "at this run's parameter values", options);
  if (problems.length) throw combineErrors(problems);
  return env;
}

/** What the command line sets of the initial state: `--q0`, `--qd0` (name=value, repeatable) and `--t1`. */
export interface StateOverrides {
  readonly q0: readonly Assignment[];
  readonly qd0: readonly Assignment[];
  readonly t1?: string;
}

/**
 * The initial state of a run: the model's, recomputed for the run's
 * parameter values (a model may write it in terms of its parameters: the
 * compass's hub height from l and alpha), with `--q0`, `--qd0` and `--t1`
 * (expressions of those values) on top; refused with the model's named
 * problems if the model does not allow it at those values (a foot below
 * the ground, a pendulum off its rod).
 */
export function runStart(model: Model, params: Env, overrides: StateOverrides): InitialState {
  const names = model.coordinates.map((c) => c.name);
  const declared = initialState(model, params);
  const start = (option: '--q0' | '--qd0', values: readonly number[], given: readonly Assignment[]): number[] => {
    const vector = [...values];
    const seen = new Set<string>();
    for (const { name, value } of given) {
      const i = names.indexOf(name);
      if (i < 0)
        throw new MechanicsError('unknown-coordinate', 'input', `no coordinate '${name}' (coordinates: ${names.join(', ')})`, {
          model: model.name,
          field: option,
        });
      if (seen.has(name)) throw new UsageError(`${option} ${name} given twice`, option);
      seen.add(name);
      vector[i] = evaluateOption(`${option} ${name}`, value, params);
    }
    return vector;
  };
  const state: InitialState = {
    q0: start('--q0', declared.q0, overrides.q0),
    qd0: start('--qd0', declared.qd0, overrides.qd0),
    t1: overrides.t1 === undefined ? declared.t1 : evaluateOption('--t1', overrides.t1, params),
  };
  const problems = initialStateProblems(model, state, params);
  if (problems.length) throw combineErrors(problems.map((p) => asRunProblem(p, overrides)));
  return state;
}

/** The option that sets each part of the state (initial.q, initial.qd, initial.t1). */
const OPTION_OF_PART = { q: '--q0', qd: '--qd0', t1: '--t1' } as const;

/**
 * A problem of the run's state, said in terms of the command line: in the
 * option that set the offending part (--q0 for a configuration that
 * penetrates, --qd0, --t1), else in the model's field, evaluated at the
 * run's parameter values.
 */
function asRunProblem(p: MechanicsError, overrides: StateOverrides): MechanicsError {
  const field = p.where.field ?? 'initial';
  // initial.q (the whole configuration), initial.q.<name> (one value), initial.qd…, initial.t1, initial.
  const [, part, name] = field.split('.');
  const given = part === 'q' ? overrides.q0 : part === 'qd' ? overrides.qd0 : [];
  const overridden = part === 't1' ? overrides.t1 !== undefined : name === undefined ? given.length > 0 : given.some((a) => a.name === name);
  const option = overridden ? OPTION_OF_PART[part as keyof typeof OPTION_OF_PART] : undefined;
  const source = option === undefined ? "the model's initial state at this run's parameter values" : `the state given with ${option}`;
  return new MechanicsError(p.code, 'input', `${p.detail} (${source})`, { ...p.where, field: option ?? field });
}
