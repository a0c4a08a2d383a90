// npm run bench: the performance figures as JSON lines, one object per line
// on stdout, so that other tools can read them:
//   { bench: 'pendulum', n, deriveMs, codegenMs, rhsNs, optimized, ops, acc, … }   bench/pendulum.ts
//   { bench: 'pendulum-scaling', from, to, exponent }                      derive + codegen, 10 → 40 and 10 → 100
//   { bench: 'pendulum-routes', n, articulatedNs, denseNs, maxDiff, optimized }   bench/pendulum.ts (q̈ of the chain by both routes)
//   { bench: 'moreau-jean', model, contacts, h, steps, stepsPerSec, cpuUsPerStep, … }   bench/time-stepping.ts
//       for the bouncing ball, a chain of 50 balls and a stack of 20 blocks (bench/models.ts),
//       the latter two with denseCpuUsPerStep and sparseSpeedup (M's pattern against the dense route)
//   { bench: 'event-driven', model, tRest, wallMs, … }
//   { bench: 'bicycle', deriveMs, linearizeMs, simplifiedMs, codegenMs, rhsNs, eigenvalues } bench/bicycle.ts
//       and SymPy's { bench: 'bicycle', peer: 'sympy', deriveMs, linearizeMs, eigenvalues } with --large
//   { bench: 'target-c', model, n, cNs, tsNs, maxDiff }                    bench/targets.ts
//       accelerations of the C module (gcc -O2) and the TypeScript one: double pendulum, 4-link pendulum, tumbling box
//   { bench: 'target-python', model, n, pythonNs, sympyNs, maxDiff }        bench/targets.ts
//       accelerations of the Python module and of SymPy's lambdify on the same pendulum (with the peers)
//   { bench: 'startup', command, wallMs, targetMs, runs, load }            bench/startup.ts
//       wall time of `mechanics --help`, `list`, `simulate` and `derive --no-report`
//   { bench: 'sweep', basin, route, workers, cells, chunk, cellsPerSec, … }   bench/sweep-queue.ts
//   { bench: 'sweep-overhead', basin, workers, chunk, rounds, overheadPct, cpuOverheadPct, load, … }
//       two basins' cells per second (the bouncing ball's, cheap cells, and the compass
//       walker's) on the local pool (tinypool) and through the Redis queue with 1 and 2
//       worker processes, and the queue's overhead per cell, wall and CPU, in % and µs per
//       cell, the median of 9 rounds of both routes with its spread and its 95 % interval,
//       the queue's CPU per cell by process, and the load average over the rounds
// and, when SymPy or Siconos are installed, the peers' lines from the same
// run with a `peer` field (bench/peers.ts); SymPy's pendulum lines carry
// sympy.cse's operation counts on our expressions (bench/ops.ts).
//   { bench: 'machine', date, node, cpus, cpuModel, loadStart, loadEnd, processes }
// Flags: --large adds n = 60, 100 and SymPy's bicycle; --quick runs small sizes and short
// simulations (the bench's own test); --no-peers leaves the peers out;
// --startup runs only the start-up lines, --sweep only the sweep lines (with
// --rounds <n> fewer rounds, with --basin ball|walker one basin). A
// run that is neither quick nor partial writes its lines to docs/bench.json
// and renders docs/bench.md from them (bench/docs.ts).
// Timings stay here: no unit test asserts one. When the bench runs
// compiled, every figure (each pendulum size, the chain's routes, each
// time-stepping model, the event-driven ball, the bicycle, the C and Python
// modules, each peer's script) is measured in PROCESSES processes
// of its own (heaps, caches and the JIT do not carry over) and its line is
// their median, with [min, max] under `spread` (bench/stats.ts).
import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { buildModel } from '../src/model/index.js';
import { deriveSystem } from '../src/derive/system.js';
import { generateModule } from '../src/codegen/module.js';
import { measureBicycle } from './bicycle.js';
import { writeResults } from './docs.js';
import { loadGenerated } from './generate.js';
import { ballChain, blockStack } from './models.js';
import { measurePendulum, measureRoutes, PENDULUM_WARM_UP_MS } from './pendulum.js';
import { sympyPendulumLines } from './ops.js';
import { siconosMoreauJean, sympyBicycle } from './peers.js';
import { startupLines } from './startup.js';
import { eventDrivenBall, moreauJean, moreauJeanBall } from './time-stepping.js';
import { targetCLines, targetPythonLines } from './targets.js';
import { measureSweep, startRedis, sweepOverhead, type SweepGrid, type SweepJob, type SweepLine, type SweepRound } from './sweep-queue.js';
import { merge, repeated, round } from './stats.js';

export interface BenchOptions {
  readonly sizes: readonly number[];
  /** Sizes of the chain whose q̈ is timed by both routes (bench/pendulum.ts measureRoutes). */
  readonly routeSizes: readonly number[];
  /** Measure each figure in child processes (needs the compiled bench); otherwise once, in this process. */
  readonly isolate: boolean;
  /** Processes per figure when isolated: its line is their median and spread. */
  readonly processes: number;
  readonly moreauJean: { readonly h: number; readonly t1: number; readonly reps: number };
  /** The many-contact models: balls in the chain, blocks in the stack, and their time span. */
  readonly manyContacts: { readonly chain: number; readonly stack: number; readonly t1: number; readonly reps: number };
  readonly eventDriven: { readonly t1: number; readonly reps: number };
  readonly peers: boolean;
  /** SymPy's bicycle beside ours (bench/peers/sympy_bicycle.py, about 300 s of CPU, half an hour of wall on the loaded machine): with --large only. */
  readonly sympyBicycle: boolean;
  readonly sympySizes: readonly number[];
  /** Sizes at which SymPy's cse is counted against ours (bench/ops.ts). */
  readonly sympyOpsSizes: readonly number[];
  /** The pendulum's JIT warm-up (bench/pendulum.ts). */
  readonly pendulumWarmUpMs: number;
  /** CLI processes per command for the start-up lines (0: none; they need the compiled CLI). */
  readonly startupRuns: number;
  /** The basins swept on the local pool and through the queue (bench/sweep-queue.ts), and the rounds of both routes. */
  readonly sweep: { readonly basins: readonly SweepGrid[]; readonly rounds: number };
  /** Calls per timed batch of the C and the Python modules' accelerations (bench/targets.ts), a few ms each. */
  readonly targetCalls: { readonly c: number; readonly python: number };
  /** Sizes of the pendulum whose Python module is timed against SymPy's lambdify. */
  readonly sympyTargetSizes: readonly number[];
  /** The bicycle's line: how long its rhs may warm up (bench/bicycle.ts), and the dense route beside it (its codegen alone is ~10 s). */
  readonly bicycle: { readonly warmUpMs: number; readonly dense: boolean };
}

const SIZES = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 15, 20, 30, 40];

/** Processes per figure: the median of five moves by a quarter of what one process does on this shared machine. */
const PROCESSES = 5;

export const FULL: BenchOptions = {
  sizes: SIZES,
  routeSizes: [10, 40, 100],
  isolate: true,
  processes: PROCESSES,
  moreauJean: { h: 1e-3, t1: 10, reps: 5 },
  // A run of the chain or the stack takes a few ms: eleven of each route per process.
  manyContacts: { chain: 50, stack: 20, t1: 1, reps: 11 },
  eventDriven: { t1: 10, reps: 5 },
  peers: true,
  sympyBicycle: true,
  // SymPy's derivation grows fast (seconds at n = 8, ~20 s at n = 10).
  sympySizes: [2, 4, 6, 8, 10],
  // sympy.cse's four runs take about 6 s at n = 15 and 20 s at n = 20.
  sympyOpsSizes: [2, 4, 6, 8, 10, 15, 20],
  pendulumWarmUpMs: PENDULUM_WARM_UP_MS,
  startupRuns: 7,
  // The ball's 15 000 cells in 150 chunks, the walker's 1600 in 16: each 3.5 to 4 s of one core's
  // work, so that a run lasts seconds and what the queue adds per chunk outweighs a sweep's fixed
  // costs (2000 cells of the ball, 1 s, left the CPU ratios scattered from −7 % to +32 %). 9 rounds
  // of both routes, each sweep in a process of its own: the median's 95 % interval is the 2nd to
  // 8th ratio (with 7, the whole range).
  sweep: {
    basins: [
      { basin: 'ball', counts: [150, 100], chunk: 100 },
      { basin: 'walker', counts: [40, 40], chunk: 100 },
    ],
    rounds: 9,
  },
  targetCalls: { c: 20_000, python: 200 },
  sympyTargetSizes: [2, 4],
  bicycle: { warmUpMs: 20_000, dense: true },
};

export const QUICK: BenchOptions = {
  sizes: [2, 3],
  routeSizes: [3],
  isolate: false,
  processes: 1,
  moreauJean: { h: 1e-3, t1: 0.5, reps: 1 },
  manyContacts: { chain: 5, stack: 3, t1: 0.1, reps: 1 },
  eventDriven: { t1: 5, reps: 1 },
  peers: true,
  sympyBicycle: false,
  sympySizes: [2],
  sympyOpsSizes: [2],
  pendulumWarmUpMs: 0,
  startupRuns: 0,
  sweep: {
    basins: [
      { basin: 'ball', counts: [4, 5], chunk: 10 },
      { basin: 'walker', counts: [2, 2], chunk: 2 },
    ],
    rounds: 2,
  },
  targetCalls: { c: 1000, python: 10 },
  sympyTargetSizes: [2],
  bicycle: { warmUpMs: 2_000, dense: false },
};

/** Cost exponent of derive + codegen between two sizes: log(t_b/t_a)/log(b/a). */
function scaling(lines: readonly Record<string, unknown>[], from: number, to: number): object | undefined {
  const total = (n: number): number | undefined => {
    const l = lines.find((x) => x.bench === 'pendulum' && x.peer === undefined && x.n === n && typeof x.deriveMs === 'number');
    return l ? (l.deriveMs as number) + (l.codegenMs as number) : undefined;
  };
  const a = total(from);
  const b = total(to);
  if (a === undefined || b === undefined) return undefined;
  return { bench: 'pendulum-scaling', from, to, exponent: round(Math.log(b / a) / Math.log(to / from), 2) };
}

/**
 * The CLI's startup flag (src/cli/main.ts's shebang), so that the bench
 * measures what the CLI pays: a 64 MB young generation scavenges codegen's
 * short-lived monomials about 4× less often.
 */
const NODE_FLAGS = ['--max-semi-space-size=64'];

/**
 * The pendulum's memory budget (n = 100 within 1 GB resident): V8 lets the
 * heap grow well past the live set before a full collection (the process's
 * RSS follows the cap, about cap + 110 MB), so the child's old space is
 * capped below the budget.
 */
const MEMORY_CAP = ['--max-old-space-size=1500'];

/** One measurement, in whatever process runs it. */
type Job =
  | { readonly kind: 'pendulum'; readonly n: number; readonly warmUpMs: number }
  | {
      readonly kind: 'moreau-jean';
      readonly model: 'bouncing-ball' | 'ball-chain' | 'block-stack';
      readonly n: number;
      readonly h: number;
      readonly t1: number;
      readonly reps: number;
    }
  | { readonly kind: 'event-driven'; readonly t1: number; readonly reps: number }
  | ({ readonly kind: 'sweep' } & SweepJob)
  | ({ readonly kind: 'bicycle' } & BenchOptions['bicycle'])
  | { readonly kind: 'pendulum-routes'; readonly n: number }
  | { readonly kind: 'target-c'; readonly calls: number }
  | {
      readonly kind: 'target-python';
      readonly sizes: readonly number[];
      readonly calls: number;
      /** SymPy's pendulum lines when the run already has them (not isolated); else the job runs SymPy itself. */
      readonly sympy?: readonly Line[];
    };

type Line = Record<string, unknown>;

/** A job's lines (one for most kinds; one per model or size for the targets). */
async function runJob(job: Job): Promise<Line[]> {
  switch (job.kind) {
    case 'pendulum':
      return [{ ...(await measurePendulum(job.n, job.warmUpMs)) }];
    case 'moreau-jean': {
      const spec = job.model === 'ball-chain' ? ballChain(job.n) : job.model === 'block-stack' ? blockStack(job.n) : undefined;
      if (!spec) return [{ ...moreauJeanBall(job.h, job.t1, job.reps) }];
      const mod = await loadGenerated(generateModule(deriveSystem(buildModel(spec)), `bench/models.ts (${spec.name})`).source);
      // The many-contact models beside the dense route (bench/time-stepping.ts).
      return [{ ...moreauJean(mod, job.h, job.t1, job.reps, true) }];
    }
    case 'event-driven':
      return [{ ...eventDrivenBall(job.t1, job.reps) }];
    case 'sweep':
      return [{ ...(await measureSweep(job)) }];
    case 'bicycle':
      return [{ ...(await measureBicycle(job)) }];
    case 'pendulum-routes':
      return [{ ...(await measureRoutes(job.n)) }];
    case 'target-c':
      return await targetCLines(job.calls);
    case 'target-python':
      return targetPythonLines(job.sizes, job.calls, job.sympy);
  }
}

/** A job in a fresh process running this file compiled; a job that fails (memory, stack) is a finding, not the end of the bench. */
function child(job: Job): Line[] {
  try {
    return JSON.parse(
      execFileSync(process.execPath, [...NODE_FLAGS, ...MEMORY_CAP, fileURLToPath(import.meta.url), '--job', JSON.stringify(job)], {
        encoding: 'utf8',
        maxBuffer: 64 << 20,
      }),
    ) as Line[];
  } catch (err) {
    const error = (err as Error).message.split('\n').find((l) => /Error/.test(l)) ?? String(err);
    if (job.kind === 'pendulum' || job.kind === 'pendulum-routes') return [{ bench: job.kind, n: job.n, error }];
    return [job.kind === 'sweep' ? { bench: 'sweep', basin: job.basin, route: job.route, workers: job.workers, error } : { bench: job.kind, error }];
  }
}

export async function runBench(opts: BenchOptions, emit: (line: Record<string, unknown>) => void): Promise<void> {
  const loadStart = loadavg()[0]!;
  const lines: Record<string, unknown>[] = [];
  const out = (line: Record<string, unknown>): void => {
    lines.push(line);
    emit(line);
  };
  // Each job in `processes` processes of its own, its lines merged figure by figure (bench/stats.ts).
  const measure = async (job: Job): Promise<void> => {
    for (const line of opts.isolate ? repeated(opts.processes, () => child(job)) : await runJob(job)) out(line);
  };
  for (const n of opts.sizes) await measure({ kind: 'pendulum', n, warmUpMs: opts.pendulumWarmUpMs });
  for (const [from, to] of [
    [10, 40],
    [10, 100],
  ] as const) {
    const growth = scaling(lines, from, to);
    if (growth) out({ ...growth });
  }
  for (const n of opts.routeSizes) await measure({ kind: 'pendulum-routes', n });
  const { h, t1, reps } = opts.moreauJean;
  const many = opts.manyContacts;
  const models = [
    { model: 'bouncing-ball', n: 1, t1, reps },
    { model: 'ball-chain', n: many.chain, t1: many.t1, reps: many.reps },
    { model: 'block-stack', n: many.stack, t1: many.t1, reps: many.reps },
  ] as const;
  for (const m of models) await measure({ kind: 'moreau-jean', ...m, h });
  await measure({ kind: 'event-driven', ...opts.eventDriven });
  await measure({ kind: 'bicycle', ...opts.bicycle });
  await measure({ kind: 'target-c', calls: opts.targetCalls.c });
  // Not isolated, SymPy's pendulum runs once, for its own lines (emitted below) and as the Python module's peer; isolated,
  // each of the job's processes runs it, so that its sympyNs is timed as often as pythonNs.
  const sympyOnce = opts.peers && !opts.isolate ? sympyPendulumLines(opts.sympySizes, opts.sympyOpsSizes) : undefined;
  if (opts.peers)
    await measure({ kind: 'target-python', sizes: opts.sympyTargetSizes, calls: opts.targetCalls.python, ...(sympyOnce ? { sympy: sympyOnce } : {}) });
  if (opts.startupRuns > 0) for (const line of startupLines(opts.startupRuns)) out({ ...line });
  for (const line of await sweepLines(opts)) out(line);
  if (opts.peers) {
    // Each call runs the peer's script in a process of its own.
    const times = opts.isolate ? opts.processes : 1;
    for (const line of sympyOnce ?? repeated(times, () => sympyPendulumLines(opts.sympySizes, opts.sympyOpsSizes))) out(line);
    for (const m of models) for (const line of repeated(times, () => siconosMoreauJean(m.model, m.n, h, m.t1))) out(line);
    // One process: its derivation alone takes minutes.
    if (opts.sympyBicycle) for (const line of sympyBicycle()) out(line);
  }
  const cpu = cpus();
  out({
    bench: 'machine',
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpu.length,
    cpuModel: cpu[0]?.model.trim() ?? 'unknown',
    loadStart: round(loadStart, 2),
    loadEnd: round(loadavg()[0]!, 2),
    processes: opts.isolate ? opts.processes : 1,
  });
}

/**
 * Each basin on the local pool and through the queue, with 1 and 2 workers,
 * in rounds: each round sweeps it by both routes one right after the other
 * (each in a process of its own when isolated), the route that goes first
 * alternating from round to round, so that a load that rises or falls
 * weighs on both alike. A route's line is the median of its rounds, the
 * overhead's the median of the rounds' ratios (bench/sweep-queue.ts), with
 * the 1-minute load average's [min, max] at the rounds' starts.
 */
async function sweepLines(opts: BenchOptions): Promise<Record<string, unknown>[]> {
  const redis = await startRedis();
  const run = async (job: Job): Promise<Line> => (opts.isolate ? child(job) : await runJob(job))[0]!;
  try {
    const lines: Record<string, unknown>[] = [];
    for (const basin of opts.sweep.basins)
      for (const workers of [1, 2]) {
        const pool: Record<string, unknown>[] = [];
        const queue: Record<string, unknown>[] = [];
        const rounds: SweepRound[] = [];
        const load: number[] = [];
        for (let r = 0; r < opts.sweep.rounds; r++) {
          load.push(loadavg()[0]!);
          const poolJob = { kind: 'sweep', route: 'tinypool', workers, ...basin } as const;
          if (!('url' in redis)) {
            pool.push(await run(poolJob));
            continue;
          }
          const queueJob = { kind: 'sweep', route: 'queue', workers, ...basin, url: redis.url, redisPid: redis.pid, processes: opts.isolate } as const;
          let p: Record<string, unknown>, q: Record<string, unknown>;
          if (r % 2 === 0) {
            p = await run(poolJob);
            q = await run(queueJob);
          } else {
            q = await run(queueJob);
            p = await run(poolJob);
          }
          pool.push(p);
          queue.push(q);
          if (p.error === undefined && q.error === undefined) rounds.push({ pool: p as unknown as SweepLine, queue: q as unknown as SweepLine });
        }
        lines.push(merge(pool));
        if (queue.length > 0) lines.push(merge(queue));
        if (rounds.length > 0) lines.push({ ...sweepOverhead(rounds), load: [round(Math.min(...load), 2), round(Math.max(...load), 2)] });
      }
    return 'url' in redis ? lines : [...lines, { bench: 'sweep', route: 'queue', skipped: redis.skipped }];
  } finally {
    if ('url' in redis) redis.stop();
  }
}

/** The value after a flag, if given. */
const option = (argv: readonly string[], flag: string): string | undefined => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1] : undefined);

export async function main(argv: readonly string[]): Promise<void> {
  const job = argv.indexOf('--job');
  if (job >= 0) {
    console.log(JSON.stringify(await runJob(JSON.parse(argv[job + 1]!) as Job)));
    return;
  }
  if (argv.includes('--startup')) {
    for (const line of startupLines(FULL.startupRuns)) console.log(JSON.stringify(line));
    return;
  }
  if (argv.includes('--sweep')) {
    const rounds = option(argv, '--rounds');
    const basin = option(argv, '--basin');
    const sweep = {
      basins: FULL.sweep.basins.filter((b) => basin === undefined || b.basin === basin),
      rounds: rounds === undefined ? FULL.sweep.rounds : Number(rounds),
    };
    for (const line of await sweepLines({ ...FULL, sweep })) console.log(JSON.stringify(line));
    return;
  }
  const base = argv.includes('--quick') ? QUICK : FULL;
  const large = argv.includes('--large');
  const opts: BenchOptions = {
    ...base,
    sizes: large ? [...base.sizes, 60, 100] : base.sizes,
    sympyBicycle: base.sympyBicycle && large,
    peers: base.peers && !argv.includes('--no-peers'),
  };
  const lines: Line[] = [];
  await runBench(opts, (line) => {
    lines.push(line);
    console.log(JSON.stringify(line));
  });
  // A full run is the latest: its lines into docs/bench.json, and docs/bench.md rendered from them (run from the repository's root, as npm run bench is).
  if (!argv.includes('--quick')) writeResults({ flags: argv, lines });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main(process.argv.slice(2));
