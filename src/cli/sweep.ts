// `mechanics sweep <file|model>`: a 1-D or 2-D grid of initial states or
// parameters, each cell simulated and classified (final state, impacts) or
// searched for a periodic orbit (found, multipliers, stable), in parallel on
// worker threads (runtime/sweep.ts), printed as JSON or CSV and drawn as a
// heat map (report/sweep.ts). The small basin a report shows is src/studies/basin.ts's.
// Tests: test/cli/sweep.test.ts
import { availableParallelism } from 'node:os';
import { combineErrors, UsageError } from '../errors.js';
import { initialStateProblems, type Model } from '../model/index.js';
import type { Params } from '../runtime/contract.js';
import { sweep, type SerialSweepOptions, type SweepResult } from '../runtime/sweep/sweep.js';
import type { SweepAxis, SweepRun } from '../runtime/sweep/sweep-cell.js';
import { sweepSvg } from '../report/sweep.js';
import { compileGenerated } from '../pipeline/load-generated.js';
import { sweepCsv, sweepJson, sweepWorkerScript } from '../pipeline/sweep-files.js';
import { evaluateOption, parameterValues, runStart, type Assignment } from '../pipeline/run-values.js';
import { parseAssignment, type CommandSpec, type ParsedArgs } from './args.js';
import { compileOne } from './models.js';
import { parseSection, RUNS_PER_RETURN } from './orbit.js';
import { PROGRESS_HELP, PROGRESS_OPTION, progressBar, progressStatus } from './progress.js';
import { QUEUE_HELP, QUEUE_OPTIONS, queueProgressText, queueTarget, type QueueTarget } from './sweep-queue.js';
import { checkOutputFile, writeOutputFile } from './write-outputs.js';

export const SWEEP: CommandSpec = {
  name: 'sweep',
  maxPositionals: 1,
  options: {
    '--axis': { kind: 'list' },
    '--param': { kind: 'list' },
    '--q0': { kind: 'list' },
    '--qd0': { kind: 'list' },
    '--t': { kind: 'value' },
    '--classify': { kind: 'value' },
    '--section': { kind: 'value' },
    '--fix': { kind: 'list' },
    '--period': { kind: 'value' },
    '--workers': { kind: 'value' },
    '--format': { kind: 'value' },
    '--out': { kind: 'value' },
    '--plot': { kind: 'value' },
    '--value': { kind: 'value' },
    '--max-cells': { kind: 'value' },
    '--max-time': { kind: 'value' },
    ...QUEUE_OPTIONS,
    ...PROGRESS_OPTION,
  },
};

/** Default cap on a grid's cells (316 × 316): each cell is a run; a mistyped count must fail at once, not after hours. */
export const MAX_CELLS = 100_000;
/** Workers beyond a few per core only add memory (each loads the module and its runtime). */
const WORKERS_PER_CORE = 4;

export const SWEEP_HELP = `usage: mechanics sweep <file|model> --axis name=from:to:count [--axis …] [options]

Runs every point of a grid of one or two axes — a coordinate (x), a velocity
(x') or a parameter — from the model's initial state (recomputed for each
cell's parameters, with --q0/--qd0 on top), in parallel on worker threads,
and prints one record per cell. A cell whose start the model does not allow
(a contact penetrating) or whose run fails is kept, with its error.

  <file|model>           a model file (.ts, .mts, .js, .mjs) or the name of a model in ./derivations/
  --axis name=from:to:count
                         an axis of count values from..to (repeatable, at most twice; from and to may be expressions)
  --classify final|impacts|orbit
                         final: the state at --t (x(t), x'(t)); impacts: impacts before --t, per contact, and the rest;
                         orbit: the periodic orbit through --section (found, stable, period, max |mu|, multipliers)
                         (default final)
  --t <s>                simulated time (default: the model's initial.t1)
  --section contact:NAME|coordinate:NAME=VALUE:up|down
                         orbit: the Poincaré section (default: the first contact)
  --fix name             orbit: hold a component at its start value (repeatable; name' for a velocity)
  --period <s>           orbit: the period of a time-dependent model's orbits
  --max-time <s>         orbit: a cell finds no orbit (reason no-return) when the section is not reached within this
                         time (default ${RUNS_PER_RETURN} × the model's initial.t1)
  --q0 name=value, --qd0 name=value, --param name=value
                         the start and the parameters every cell shares (repeatable)
  --max-cells <n>        cap on the grid's cells, the product of the counts (default ${MAX_CELLS})
  --workers <n>          worker threads (default: the cores available; at most ${WORKERS_PER_CORE} per core)
  --format json|csv      output (default json): { model, axes, cells: [{ axis…, value…, error }] } or one CSV row per cell
  --out <file>           write the output to a file instead of stdout (its folder must exist)
  --plot <file.svg>      also draw the sweep as a heat map (its folder must exist)
  --value <name>         the value the heat map colours (default: x(t) of the first coordinate, impacts, or stable)
${QUEUE_HELP}

${PROGRESS_HELP}

The grid's size and the output paths are checked before anything runs: more
cells than --max-cells is error over-limit, an unwritable --out or --plot
error bad-output (both exit 2).
A progress bar goes to stderr when it is a terminal.
Exit codes: 0 success (failed cells included), 1 a model error, 2 a usage error.`;

type Classify = 'final' | 'impacts' | 'orbit';
const CLASSIFIERS: readonly Classify[] = ['final', 'impacts', 'orbit'];

export async function runSweep(args: ParsedArgs): Promise<number> {
  const format = args.values.get('--format') ?? 'json';
  if (format !== 'json' && format !== 'csv') throw new UsageError(`--format must be one of json, csv, got '${format}'`, '--format');
  const classify = (args.values.get('--classify') ?? 'final') as Classify;
  if (!CLASSIFIERS.includes(classify)) throw new UsageError(`--classify must be one of ${CLASSIFIERS.join(', ')}, got '${classify}'`, '--classify');
  const axisTexts = (args.lists.get('--axis') ?? []).map(parseAxis);
  if (axisTexts.length < 1 || axisTexts.length > 2) throw new UsageError(`sweep needs one or two --axis name=from:to:count, got ${axisTexts.length}`, '--axis');
  const assignments = (option: string): Assignment[] => (args.lists.get(option) ?? []).map((text) => parseAssignment(option, text));
  const overrides = { q0: assignments('--q0'), qd0: assignments('--qd0') };
  const paramsGiven = assignments('--param');
  const sectionText = args.values.get('--section');
  const section = sectionText === undefined ? undefined : parseSection(sectionText);
  const workersText = args.values.get('--workers');
  const queue = queueTarget(args);
  if (queue && workersText !== undefined)
    throw new UsageError('--workers applies to a local sweep: a queued one runs on the workers started with `mechanics worker`', '--workers');
  checkGridSize(axisTexts, args.values.get('--max-cells'));
  for (const option of ['--out', '--plot']) {
    const file = args.values.get(option);
    if (file !== undefined) checkOutputFile(option, file);
  }

  const { model, module } = await compileOne(args, 'sweep');
  const params = parameterValues(model, paramsGiven);
  const number = (option: string): number | undefined => {
    const text = args.values.get(option);
    return text === undefined ? undefined : evaluateOption(option, text, params);
  };
  const grid: SweepAxis[] = axisTexts.map((a) => ({
    name: a.name,
    from: evaluateOption(`--axis ${a.name}`, a.from, params),
    to: evaluateOption(`--axis ${a.name}`, a.to, params),
    count: a.count,
  }));
  const workers = workersText === undefined ? undefined : evaluateOption('--workers', workersText, params);
  if (workers !== undefined && !(Number.isInteger(workers) && workers >= 1))
    throw new UsageError(`--workers must be a positive integer, got ${workers}`, '--workers');
  const cores = availableParallelism();
  if (workers !== undefined && workers > WORKERS_PER_CORE * cores)
    throw new UsageError(`--workers ${workers} is more than ${WORKERS_PER_CORE} per core (${cores} here); more only add memory`, '--workers', 'over-limit');
  const run = sweepRun(model, classify, args, number, section, params);
  const start = cellStart(model, params, overrides);
  // The shared start, checked once before any worker starts; the base too, so that a queued sweep whose
  // cells' starts are the grid's sends the grid alone (queue-submit.ts).
  const shared = start({}, params);

  // The workers import the module as JavaScript (they cannot receive its functions).
  const source = compileGenerated(module.source, 'esm');
  const common: SerialSweepOptions = { grid, run, base: { params, q0: shared.q0, qd0: shared.qd0 }, start };
  const force = args.flags.has('--progress');
  const result = queue ? await queuedSweep(model.name, source, common, queue, force) : await localSweep(model.name, source, common, workers, force);
  const text = format === 'json' ? sweepJson(result) : sweepCsv(result);
  const out = args.values.get('--out');
  if (out === undefined) process.stdout.write(text);
  else writeOutputFile('--out', out, text);
  const plot = args.values.get('--plot');
  if (plot !== undefined) {
    const value = args.values.get('--value') ?? defaultValue(model, classify);
    writeOutputFile(
      '--plot',
      plot,
      `${sweepSvg({ id: 'sweep', title: `${model.title}: ${value} over ${grid.map((a) => a.name).join(' and ')}`, sweep: result, value })}\n`,
    );
  }
  return 0;
}

async function localSweep(name: string, source: string, common: SerialSweepOptions, workers: number | undefined, force: boolean): Promise<SweepResult> {
  const bar = progressBar(`${name} sweep`, { force });
  return sweep(
    { source },
    {
      ...common,
      ...(workers !== undefined ? { workers } : {}),
      ...(bar ? { onProgress: (done: number, total: number) => bar(done / total) } : {}),
      ...optionalWorker(),
    },
  );
}

/** The sweep through the queue: its id on stderr (for --resume, and for whoever starts workers), then progress with the rate and time left. */
async function queuedSweep(name: string, source: string, common: SerialSweepOptions, queue: QueueTarget, force: boolean): Promise<SweepResult> {
  const { submitQueued } = await import('../runtime/sweep/queue-submit.js');
  const status = progressStatus(`${name} sweep`, { force });
  const started = performance.now();
  let startDone: number | undefined;
  try {
    return await submitQueued(
      { source },
      {
        ...common,
        ...(status
          ? {
              onProgress: (done: number, total: number) => {
                startDone ??= done;
                status.update(queueProgressText(done, total, startDone, performance.now() - started));
              },
            }
          : {}),
      },
      {
        ...queue,
        onQueued: (id, chunks) =>
          void process.stderr.write(`sweep ${id} queued on ${queue.url.shown} (queue ${queue.name}, ${chunks} chunks); resume with --resume ${id}\n`),
      },
    );
  } finally {
    status?.end();
  }
}

/** The grid's cells (the product of the axes' counts) within --max-cells (default MAX_CELLS). */
function checkGridSize(axes: readonly { readonly name: string; readonly count: number }[], maxText: string | undefined): void {
  const max = maxText === undefined ? MAX_CELLS : Number(maxText);
  if (!(Number.isInteger(max) && max > 0)) throw new UsageError(`--max-cells must be a positive integer, got '${maxText}'`, '--max-cells');
  const cells = axes.reduce((n, a) => n * a.count, 1);
  if (cells > max) {
    throw new UsageError(
      `the grid has ${axes.map((a) => `${a.count} (${a.name})`).join(' × ')} = ${cells} cells, more than --max-cells ${max}; give smaller counts, or raise --max-cells`,
      '--axis',
      'over-limit',
    );
  }
}

/** name=from:to:count; the name may be a velocity (x'), from and to expressions of the parameters. */
export function parseAxis(text: string): { readonly name: string; readonly from: string; readonly to: string; readonly count: number } {
  const m = /^([A-Za-z_]\w*'?)=(.+):(.+):(\d+)$/.exec(text.trim());
  if (!m || Number(m[4]) < 1)
    throw new UsageError(`--axis needs name=from:to:count with count ≥ 1 (e.g. --axis y=0.5:2:10, --axis "y'=0:3:7"), got '${text}'`, '--axis');
  return { name: m[1]!, from: m[2]!, to: m[3]!, count: Number(m[4]) };
}

function sweepRun(
  model: Model,
  classify: Classify,
  args: ParsedArgs,
  number: (o: string) => number | undefined,
  section: ReturnType<typeof parseSection> | undefined,
  params: Params,
): SweepRun {
  if (classify !== 'orbit') {
    for (const o of ['--section', '--fix', '--period', '--max-time'])
      if (args.values.has(o) || args.lists.has(o)) throw new UsageError(`${o} applies to --classify orbit only`, o);
    return { kind: 'simulate', t1: number('--t') ?? model.initial.t1, classify };
  }
  if (args.values.has('--t')) throw new UsageError('--t applies to --classify final and impacts (an orbit runs to its section)', '--t');
  const first = model.unilateral[0];
  if (!section && !first) throw new UsageError(`${model.name} has no contacts: give --section coordinate:NAME=VALUE:up|down`, '--section');
  const sec = !section
    ? { contact: first!.name }
    : 'contact' in section
      ? section
      : { coordinate: section.coordinate, value: evaluateOption('--section', section.value, params as Record<string, number>), direction: section.direction };
  const period = number('--period');
  const maxTime = number('--max-time') ?? RUNS_PER_RETURN * model.initial.t1;
  if (!(maxTime > 0)) throw new UsageError(`--max-time must be a positive number, got ${maxTime}`, '--max-time');
  return {
    kind: 'orbit',
    section: sec,
    maxTime,
    ...(args.lists.get('--fix') ? { fix: args.lists.get('--fix')! } : {}),
    ...(period !== undefined ? { period } : {}),
  };
}

/**
 * A cell's start: the model's initial state recomputed at the cell's
 * parameters (a model may write it in terms of them), the shared --q0/--qd0
 * on top, then the cell's own coordinates and velocities; refused with the
 * model's named problems when the model does not allow it (the cell fails).
 */
function cellStart(model: Model, params: Params, overrides: { q0: Assignment[]; qd0: Assignment[] }) {
  const names = model.coordinates.map((c) => c.name);
  return (at: Readonly<Record<string, number>>, cellParams: Params): { q0: number[]; qd0: number[] } => {
    const env = { ...params, ...cellParams } as Record<string, number>;
    const s = runStart(model, env, overrides);
    const q0 = [...s.q0],
      qd0 = [...s.qd0];
    for (const [name, v] of Object.entries(at)) {
      const i = names.indexOf(name.replace(/'$/, ''));
      if (i >= 0) (name.endsWith("'") ? qd0 : q0)[i] = v;
    }
    const problems = initialStateProblems(model, { q0, qd0, t1: s.t1 }, env);
    if (problems.length) throw combineErrors(problems);
    return { q0, qd0 };
  };
}

/** The value a heat map colours unless --value says: the first coordinate at t, the impact count, or the orbit's stability. */
function defaultValue(model: Model, classify: Classify): string {
  return classify === 'final' ? `${model.coordinates[0]!.name}(t)` : classify === 'impacts' ? 'impacts' : 'stable';
}

const optionalWorker = (): { worker?: string } => {
  const worker = sweepWorkerScript();
  return worker === undefined ? {} : { worker };
};
