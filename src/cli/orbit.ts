// `mechanics orbit <file|model>`: the periodic orbit through a Poincaré
// section near the model's initial state (with --q0/--qd0/--param on top),
// found by Newton on the return map, with its Floquet multipliers, the
// stability verdict and the advance of the coordinates outside the
// periodicity. The impact maps' derivatives come from the derivation's
// closed forms where it has them (equilibria.ts), else from differences of
// the generated map (the JSON says which, per impact).
// Tests: test/cli/orbit.test.ts
import { impactMapJacobian } from '../derive/linearization/equilibria.js';
import type { Model } from '../model/index.js';
import { periodicOrbit, type PeriodicOrbit, type PeriodicOrbitOptions, type Section, type ShiftSpec } from '../runtime/analysis/periodic.js';
import { describeSection } from '../runtime/analysis/variational.js';
import { SimulationError } from '../runtime/errors.js';
import { UsageError } from '../errors.js';
import { complexText, numberText } from '../pipeline/run-text.js';
import { evaluateOption, parameterValues, runStart, type Assignment } from '../pipeline/run-values.js';
import { parseAssignment, type CommandSpec, type ParsedArgs } from './args.js';
import { compileOne } from './models.js';
import { PROGRESS_HELP, PROGRESS_OPTION, progressStatus } from './progress.js';
import { namingTheOption, positiveInteger } from './simulate.js';

export const ORBIT: CommandSpec = {
  name: 'orbit',
  maxPositionals: 1,
  options: {
    '--q0': { kind: 'list' },
    '--qd0': { kind: 'list' },
    '--param': { kind: 'list' },
    '--section': { kind: 'value' },
    '--format': { kind: 'value' },
    '--t0': { kind: 'value' },
    '--period': { kind: 'value' },
    '--shift': { kind: 'list' },
    '--fix': { kind: 'list' },
    '--crossings': { kind: 'value' },
    '--max-time': { kind: 'value' },
    '--max-iterations': { kind: 'value' },
    ...PROGRESS_OPTION,
  },
};

/** The default search time per return, in units of the model's declared run (initial.t1): a return slower than that is rarely an orbit. */
export const RUNS_PER_RETURN = 10;
const MAX_ITERATIONS = 30;

export const ORBIT_HELP = `usage: mechanics orbit <file|model> [options]

Finds the periodic orbit through a Poincaré section near the model's initial
state (recomputed for the parameters given, with --q0/--qd0 on top) by
Newton's method on the return map, and prints it at the section with its
period, impacts, Floquet multipliers, stability and the advance per period
of the coordinates outside the periodicity (x by a step length, an angle by
2π), which are detected from the equations' symmetry or given with --shift.

  <file|model>           a model file (.ts, .mts, .js, .mjs) or the name of a model in ./derivations/
  --section contact:NAME just after each impact of contact NAME (default: the first contact)
  --section coordinate:NAME=VALUE:up|down
                         where coordinate NAME crosses VALUE upwards or downwards
  --q0 name=value        start coordinate (repeatable; default: the model's)
  --qd0 name=value       start velocity (repeatable; default: the model's)
  --param name=value     parameter value (repeatable), inside its declared range
  --t0 <s>               start time (default 0)
  --period <s>           the orbit's period: required for a time-dependent model (its forcing period, or a multiple)
  --shift name=free|value
                         a coordinate outside the periodicity: free, or advanced by value per period (repeatable)
  --fix name             hold a component at its start value and drop its return equation (repeatable; name' for a
                         velocity): a conservative model's orbits form a family along the energy
  --crossings <k>        section crossings per period (default 1; 2 for a period-two orbit)
  --max-time <s>         give up when the section is not reached within this time (default ${RUNS_PER_RETURN} × the model's
                         initial.t1); the flow's own caps (100000 steps per smooth phase, 1000 events) bound a larger one
  --max-iterations <k>   give up when Newton has not converged after k steps (default ${MAX_ITERATIONS})
  --format summary|json  output (default summary)
${PROGRESS_HELP}

Every number may be an expression of the parameters.
Newton's iterations and residuals go to stderr when it is a terminal.
JSON: { model, params, section, q: {name: value}, qd: {name: value}, t0, period, impacts: [{ t, contacts, q, qdMinus, qdPlus,
jacobian }], multipliers: [{ re, im }], stable, asymptotic, shift: {name: value}, periodicity, iterations, residual }.
Exit codes: 0 success, 1 a model error or no orbit found, 2 a usage error.`;

export async function runOrbit(args: ParsedArgs): Promise<number> {
  const format = args.values.get('--format') ?? 'summary';
  if (format !== 'summary' && format !== 'json') throw new UsageError(`--format must be one of summary, json, got '${format}'`, '--format');
  const assignments = (option: string): Assignment[] => (args.lists.get(option) ?? []).map((text) => parseAssignment(option, text));
  const paramsGiven = assignments('--param');
  const q0Given = assignments('--q0');
  const qd0Given = assignments('--qd0');
  const shiftGiven = assignments('--shift');
  const sectionText = args.values.get('--section');
  const sectionSpec = sectionText === undefined ? undefined : parseSection(sectionText);

  const { model, system, loaded: mod } = await compileOne(args, 'orbit');
  const params = parameterValues(model, paramsGiven);
  const start = runStart(model, params, { q0: q0Given, qd0: qd0Given });
  const number = (option: string): number | undefined => {
    const text = args.values.get(option);
    return text === undefined ? undefined : evaluateOption(option, text, params);
  };
  const section = sectionOf(model, sectionSpec, params);
  const shift: Record<string, ShiftSpec> = {};
  for (const { name, value } of shiftGiven) shift[name] = value === 'free' ? 'free' : evaluateOption(`--shift ${name}`, value, params);
  const crossings = positiveInteger('--crossings', number('--crossings'));
  const maxIterations = positiveInteger('--max-iterations', number('--max-iterations')) ?? MAX_ITERATIONS;
  const status = progressStatus(`${model.name} orbit`, { force: args.flags.has('--progress') });
  const impactJacobian = impactMapJacobian(system);
  const opts: PeriodicOrbitOptions = {
    q0: start.q0,
    qd0: start.qd0,
    params,
    section,
    shift,
    ...optional('t0', number('--t0')),
    ...optional('period', number('--period')),
    ...optional('crossings', crossings),
    maxTime: positive('--max-time', number('--max-time')) ?? RUNS_PER_RETURN * start.t1,
    maxIterations,
    ...(status
      ? { onIteration: (k: number, residual: number) => status.update(`Newton step ${k}/${maxIterations}, residual ${residual.toExponential(1)}`) }
      : {}),
    ...(args.lists.get('--fix') ? { fix: args.lists.get('--fix')! } : {}),
    ...(impactJacobian ? { impactJacobian } : {}),
  };
  let orbit: PeriodicOrbit;
  try {
    orbit = periodicOrbit(mod, opts);
  } catch (err) {
    throw namingTheOption(flowCapAsMaxTime(err), OPTION_OF);
  } finally {
    status?.end();
  }
  const record = orbitRecord(model, params, section, orbit);
  process.stdout.write(format === 'json' ? `${JSON.stringify(record)}\n` : summary(record));
  return 0;
}

/**
 * The flow's step or event cap tripped before the section was reached (a
 * large --max-time on a section the motion never crosses): said in the
 * command's terms, since the caps it names are not options of orbit.
 */
function flowCapAsMaxTime(err: unknown): unknown {
  if (!(err instanceof SimulationError)) return err;
  const cap = { maxSteps: 'steps', maxEvents: 'events' }[err.where.field ?? ''];
  if (cap === undefined) return err;
  return new SimulationError(
    err.code,
    err.kind,
    `the motion ran into the flow's cap on ${cap} before it reached the section; choose a section the motion crosses, or a smaller --max-time (default ${RUNS_PER_RETURN} × the model's initial.t1)`,
    { model: err.where.model ?? '', field: '--max-time' },
    err.t,
    [],
    err.state,
  );
}

/** The runtime's caps and the options that raise them. */
const OPTION_OF: readonly (readonly [api: string, cli: string])[] = [
  ['maxIterations', '--max-iterations'],
  ['maxTime', '--max-time'],
];

function positive(option: string, v: number | undefined): number | undefined {
  if (v !== undefined && !(v > 0 && Number.isFinite(v))) throw new UsageError(`${option} must be a positive number, got ${v}`, option);
  return v;
}

function optional<K extends string>(key: K, v: number | undefined): Partial<Record<K, number>> {
  return v === undefined ? {} : ({ [key]: v } as Record<K, number>);
}

type SectionText = { contact: string } | { coordinate: string; value: string; direction: 'up' | 'down' };

/** contact:NAME or coordinate:NAME=VALUE:up|down (the value an expression, evaluated once the parameters are known). */
export function parseSection(text: string): SectionText {
  const contact = /^contact:([A-Za-z_][\w]*)$/.exec(text);
  if (contact) return { contact: contact[1]! };
  const coordinate = /^coordinate:([A-Za-z_][\w]*)=(.+?)(?::(up|down))?$/.exec(text);
  if (coordinate) return { coordinate: coordinate[1]!, value: coordinate[2]!, direction: (coordinate[3] ?? 'up') as 'up' | 'down' };
  throw new UsageError(`--section must be contact:NAME or coordinate:NAME=VALUE:up|down, got '${text}'`, '--section');
}

function sectionOf(model: Model, spec: SectionText | undefined, params: Readonly<Record<string, number>>): Section {
  if (spec === undefined) {
    const first = model.unilateral[0];
    if (!first) throw new UsageError(`${model.name} has no contacts: give --section coordinate:NAME=VALUE:up|down`, '--section');
    return { contact: first.name };
  }
  if ('contact' in spec) return spec;
  return { coordinate: spec.coordinate, value: evaluateOption('--section', spec.value, params), direction: spec.direction };
}

export interface OrbitRecord {
  readonly model: string;
  readonly params: Readonly<Record<string, number>>;
  readonly section: string;
  readonly q: Record<string, number>;
  readonly qd: Record<string, number>;
  readonly t0: number;
  readonly period: number;
  readonly impacts: {
    t: number;
    contacts: string[];
    q: Record<string, number>;
    qdMinus: Record<string, number>;
    qdPlus: Record<string, number>;
    jacobian: string;
  }[];
  readonly multipliers: { re: number; im: number }[];
  readonly stable: boolean;
  readonly asymptotic: boolean;
  readonly shift: Record<string, number>;
  readonly periodicity: PeriodicOrbit['periodicity'];
  readonly iterations: number;
  readonly residual: number;
}

/** The orbit with names: the JSON the command prints. */
export function orbitRecord(model: Model, params: Readonly<Record<string, number>>, section: Section, o: PeriodicOrbit): OrbitRecord {
  const names = model.coordinates.map((c) => c.name);
  const named = (v: readonly number[]): Record<string, number> => Object.fromEntries(names.map((c, i) => [c, v[i]!]));
  return {
    model: model.name,
    params,
    section: describeSection(section),
    q: named(o.q),
    qd: named(o.qd),
    t0: o.t0,
    period: o.period,
    impacts: o.impacts.map((i) => ({
      t: i.t,
      contacts: i.contacts.map((j) => model.unilateral[j]!.name),
      q: named(i.q),
      qdMinus: named(i.qdMinus),
      qdPlus: named(i.qdPlus),
      jacobian: i.jacobian,
    })),
    multipliers: o.multipliers.map((z) => ({ re: z.re, im: z.im })),
    stable: o.stable,
    asymptotic: o.asymptotic,
    shift: o.shift,
    periodicity: o.periodicity,
    iterations: o.iterations,
    residual: o.residual,
  };
}

function summary(r: OrbitRecord): string {
  const fmt = (v: number): string => numberText(v, 8);
  const values = (o: Record<string, number>): string =>
    Object.entries(o)
      .map(([k, v]) => `${k} = ${fmt(v)}`)
      .join(', ');
  const complex = (z: { re: number; im: number }): string => complexText(z, 8);
  const lines = [
    `${r.model}: periodic orbit on section ${r.section} (Newton: ${r.iterations} iterations, residual ${r.residual.toExponential(1)})`,
    `  q:  ${values(r.q)}`,
    `  q': ${values(r.qd)}`,
    `  period ${fmt(r.period)}, ${r.impacts.length} impact${r.impacts.length === 1 ? '' : 's'}${r.impacts.length ? ` (${r.impacts.map((i) => i.contacts.join('+')).join(', ')})` : ''}`,
    ...(Object.keys(r.shift).length ? [`  shift per period: ${values(r.shift)}`] : []),
    `  multipliers: ${r.multipliers.map((z) => `${complex(z)} (|μ| = ${fmt(Math.hypot(z.re, z.im))})`).join(', ')}`,
    `  ${r.asymptotic ? 'asymptotically stable' : r.stable ? 'linearly stable (no multiplier outside the unit circle)' : 'unstable'}`,
  ];
  return `${lines.join('\n')}\n`;
}
