// `mechanics simulate <file|model>`: derive the model as its file says now
// (in memory: never a stale build), set the parameters and the initial
// state, run the event-driven or the Moreau–Jean scheme, print the result.
// Tests: test/cli/cli.test.ts (methods, tolerances, caps naming their option).
import { SimulationError } from '../runtime/errors.js';
import { simulateMoreauJean } from '../runtime/hybrid/moreau-jean.js';
import { simulate } from '../runtime/hybrid/simulate.js';
import { methodText } from '../studies/motion.js';
import { DEFAULT_ATOL, DEFAULT_RTOL, type SimulateOptions, type Trajectory } from '../runtime/hybrid/trajectory.js';
import type { LoadedModule } from '../runtime/contract.js';
import { UsageError } from '../errors.js';
import { cachedModule } from '../pipeline/cached-module.js';
import { decimalValue } from '../pipeline/decimal.js';
import type { ModelFile } from '../pipeline/model-file.js';
import { OUTPUT_FORMATS, render, runModel, type RunModel } from '../pipeline/run-text.js';
import type { Assignment } from '../pipeline/run-values.js';
import { parseAssignment, type CommandSpec, type ParsedArgs } from './args.js';
import { oneModelFile } from './models.js';
import { PROGRESS_HELP, PROGRESS_OPTION, progressBar } from './progress.js';
import { checkOutputFile, writeOutputFile } from './write-outputs.js';

/** Most output samples: 10⁶ make a 77–119 MB CSV at 1.1–1.4 GB peak memory (ball, double pendulum); 2·10⁷ passed 4.7 GB without printing. */
export const MAX_SAMPLES = 1_000_000;

export const SIMULATE: CommandSpec = {
  name: 'simulate',
  maxPositionals: 1,
  options: {
    '--t1': { kind: 'value' },
    '--q0': { kind: 'list' },
    '--qd0': { kind: 'list' },
    '--param': { kind: 'list' },
    '--method': { kind: 'value' },
    '--h': { kind: 'value' },
    '--samples': { kind: 'value' },
    '--format': { kind: 'value' },
    '--out': { kind: 'value' },
    '--max-steps': { kind: 'value' },
    '--max-events': { kind: 'value' },
    '--rtol': { kind: 'value' },
    '--atol': { kind: 'value' },
    ...PROGRESS_OPTION,
  },
};

export const SIMULATE_HELP = `usage: mechanics simulate <file|model> [options]

Derives the model from its file as it is now and simulates it from its
declared initial state, recomputed for the parameters given (a model may
write it in terms of them), with --q0/--qd0 on top. A state the model does
not allow at those values (a contact penetrating, a constraint violated) is
refused, naming the option or the model field that set it.

  <file|model>           a model file (.ts, .mts, .js, .mjs) or the name of a model in ./derivations/
  --t1 <s>               end time (default: the model's initial.t1)
  --q0 name=value        initial coordinate (repeatable; default: the model's)
  --qd0 name=value       initial velocity (repeatable; default: the model's)
  --param name=value     parameter value (repeatable), inside its declared range
  --method event|moreau-jean
                         event-driven DOPRI5 (default) or Moreau–Jean time-stepping
  --h <s>                event: largest integrator step; moreau-jean: the time step (default (t1 − t0)/10⁴)
  --samples <k>          output samples, both ends included (default 200, at most ${MAX_SAMPLES})
  --format summary|csv|json
                         output (default summary)
  --out <file>           write the output to a file instead of stdout (its folder must exist)
  --max-steps <n>        event: cap on integrator steps per smooth phase (default 100000);
                         moreau-jean: cap on the steps (t1 − t0)/h, checked before the run (default 10000000)
  --max-events <n>       event: cap on events (default 100000)
  --rtol <x>, --atol <x> event: integrator tolerances (default ${DEFAULT_RTOL}, ${DEFAULT_ATOL})
${PROGRESS_HELP}

Every number may be an expression of the parameters: --param alpha=pi/4, --q0 psi=alpha/2.
The output path and the sizes are checked before the run: an unwritable --out is
error bad-output, more than ${MAX_SAMPLES} samples error over-limit (both exit 2).
Exit codes: 0 success, 1 a model or simulation error, 2 a usage error.`;

type Method = 'event' | 'moreau-jean';
const METHODS: readonly Method[] = ['event', 'moreau-jean'];
/** Options of the adaptive integrator, meaningless for a fixed-step scheme. */
const EVENT_ONLY = ['--max-events', '--rtol', '--atol'];

export async function runSimulate(args: ParsedArgs): Promise<number> {
  const [target] = args.positionals;
  if (target === undefined) throw new UsageError('simulate needs a model file or a model name (see `mechanics list`)');
  const method = choice('--method', args.values.get('--method') ?? 'event', METHODS);
  const format = choice('--format', args.values.get('--format') ?? 'summary', OUTPUT_FORMATS);
  if (method === 'moreau-jean') {
    const misplaced = EVENT_ONLY.filter((o) => args.values.has(o));
    if (misplaced.length) throw new UsageError(`${misplaced.join(', ')} ${misplaced.length > 1 ? 'apply' : 'applies'} to --method event only`, misplaced[0]);
  }

  // Every argument is checked before the (slower) model is loaded.
  const assignments = (option: string): Assignment[] => (args.lists.get(option) ?? []).map((text) => parseAssignment(option, text));
  const paramsGiven = assignments('--param');
  const q0Given = assignments('--q0');
  const qd0Given = assignments('--qd0');
  const out = args.values.get('--out');
  if (out !== undefined) checkOutputFile('--out', out);

  const file = await oneModelFile(args, 'simulate');
  const { model, loaded: mod, params, start, number } = await runSetup(args, file, { params: paramsGiven, q0: q0Given, qd0: qd0Given });
  const onProgress = progressBar(model.name, { force: args.flags.has('--progress') });
  const run = {
    q0: start.q0,
    qd0: start.qd0,
    t1: start.t1,
    params,
    samples: sampleCount(number('--samples')),
    ...(onProgress ? { onProgress } : {}),
  };
  const { trajectory, description } =
    method === 'moreau-jean'
      ? moreauJean(mod, run, number('--h') ?? start.t1 / 1e4, positiveInteger('--max-steps', number('--max-steps')))
      : eventDriven(mod, run, number);

  const text = render(format, { model, params, trajectory, method: description });
  if (out === undefined) process.stdout.write(text);
  else writeOutputFile('--out', out, text);
  return 0;
}

/** The options read as numbers (expressions of the parameters). */
const NUMBER_OPTIONS = ['--samples', '--h', '--max-steps', '--max-events', '--rtol', '--atol'];

interface RunSetup {
  readonly model: RunModel;
  readonly loaded: LoadedModule;
  readonly params: Record<string, number>;
  readonly start: { readonly q0: readonly number[]; readonly qd0: readonly number[]; readonly t1: number };
  /** An option's value as a number (undefined when not given). */
  readonly number: (option: string) => number | undefined;
}

/**
 * The model, its module and the run's numbers. A run at the model's
 * defaults and declared state, its other numbers plain decimals, takes
 * them from the cached module's own metadata: no validation, no parser, no
 * derivation. Anything else (a parameter, a state, an expression) compiles
 * the model and evaluates the values against it.
 */
async function runSetup(args: ParsedArgs, file: ModelFile, given: Record<'params' | 'q0' | 'qd0', readonly Assignment[]>): Promise<RunSetup> {
  const atDefaults = given.params.length === 0 && given.q0.length === 0 && given.qd0.length === 0 && !args.values.has('--t1');
  const decimals = NUMBER_OPTIONS.map((o) => [o, args.values.get(o)] as const).filter(([, text]) => text !== undefined);
  const plain = decimals.every(([, text]) => Number.isFinite(decimalValue(text!)));
  const cached = atDefaults && plain ? cachedModule(file) : undefined;
  if (cached !== undefined) {
    const values = new Map(decimals.map(([o, text]) => [o, decimalValue(text!)]));
    return {
      model: runModel(cached.model, file.spec),
      loaded: cached,
      params: Object.fromEntries(cached.model.parameters.map((p) => [p.name, p.default])),
      start: cached.model.initial,
      number: (option) => values.get(option),
    };
  }
  const [{ compileModelFile }, { evaluateOption, parameterValues, runStart }] = await Promise.all([
    import('../pipeline/cached-model.js'),
    import('../pipeline/run-values.js'),
  ]);
  const { model, loaded } = compileModelFile(file);
  const params = parameterValues(model, given.params);
  const t1 = args.values.get('--t1');
  const start = runStart(model, params, { q0: given.q0, qd0: given.qd0, ...(t1 !== undefined ? { t1 } : {}) });
  const number = (option: string): number | undefined => {
    const text = args.values.get(option);
    return text === undefined ? undefined : evaluateOption(option, text, params);
  };
  return { model, loaded, params, start, number };
}

type Run = Omit<SimulateOptions, 'contact' | 'rtol' | 'atol' | 'hmax' | 'maxSteps'>;
interface Result {
  readonly trajectory: Trajectory;
  /** The method and its settings, for the summary. */
  readonly description: string;
}

function moreauJean(mod: LoadedModule, run: Run, h: number, maxSteps: number | undefined): Result {
  try {
    return { trajectory: simulateMoreauJean(mod, { ...run, h, ...(maxSteps !== undefined ? { maxSteps } : {}) }), description: `Moreau–Jean, h = ${h}` };
  } catch (err) {
    throw namingTheOption(err);
  }
}

/** DOPRI5 with event location; --h is the largest step; a cap that trips names its option. */
function eventDriven(mod: LoadedModule, run: Run, number: (option: string) => number | undefined): Result {
  const rtol = number('--rtol') ?? DEFAULT_RTOL;
  const atol = number('--atol') ?? DEFAULT_ATOL;
  const hmax = number('--h');
  const maxSteps = positiveInteger('--max-steps', number('--max-steps'));
  const maxEvents = positiveInteger('--max-events', number('--max-events'));
  try {
    const trajectory = simulate(mod, {
      ...run,
      rtol,
      atol,
      ...(hmax !== undefined ? { hmax } : {}),
      ...(maxSteps !== undefined ? { maxSteps } : {}),
      ...(maxEvents !== undefined ? { contact: { maxEvents } } : {}),
    });
    return { trajectory, description: `${methodText(mod)}, rtol ${rtol}, atol ${atol}` };
  } catch (err) {
    throw namingTheOption(err);
  }
}

/** --samples: a positive integer up to MAX_SAMPLES (default 200). */
function sampleCount(v: number | undefined): number {
  const samples = positiveInteger('--samples', v) ?? 200;
  if (samples > MAX_SAMPLES) {
    throw new UsageError(
      `--samples ${samples} is more than the ${MAX_SAMPLES} samples the command line prints (a larger output would not fit in memory); give fewer, or call simulate() from a program`,
      '--samples',
      'over-limit',
    );
  }
  return samples;
}

export function positiveInteger(option: string, v: number | undefined): number | undefined {
  if (v !== undefined && !(Number.isInteger(v) && v > 0)) throw new UsageError(`${option} must be a positive integer, got ${v}`, option);
  return v;
}

function choice<T extends string>(option: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value)) throw new UsageError(`${option} must be one of ${allowed.join(', ')}, got '${value}'`, option);
  return value as T;
}

/** The runtime's option names (RunOptions, ContactOptions) and the command-line options that set them, longest first. */
const OPTION_OF: readonly (readonly [api: string, cli: string])[] = [
  ['contact.maxEvents', '--max-events'],
  ['maxSteps', '--max-steps'],
  ['rtol', '--rtol'],
  ['atol', '--atol'],
];

/** A cap that tripped, said in terms of the command line: the field and the message name the options (of `names`) that raise it. */
export function namingTheOption(err: unknown, names: readonly (readonly [api: string, cli: string])[] = OPTION_OF): unknown {
  if (!(err instanceof SimulationError)) return err;
  const field = names.find(([api]) => api === err.where.field)?.[1];
  if (field === undefined) return err;
  let detail = err.t === undefined ? err.detail : err.detail.replace(` (at t = ${err.t})`, '');
  for (const [api, cli] of names) detail = detail.replace(new RegExp(`(?<![\\w.-])${api.replace('.', '\\.')}(?!\\w)`, 'g'), cli);
  return new SimulationError(err.code, err.kind, detail, { model: err.where.model ?? '', field }, err.t, err.problems as readonly SimulationError[], err.state);
}
