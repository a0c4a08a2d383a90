// npm run bench: the performance figures as JSON lines, one object per line
// on stdout, so that other tools can read them:
//   { bench: 'pendulum', n, deriveMs, codegenMs, rhsNs, ops, acc, … }       bench/pendulum.ts
//   { bench: 'pendulum-scaling', from, to, exponent }                      (derive + codegen)
//   { bench: 'pendulum-routes', n, articulatedNs, denseNs, maxDiff }       bench/pendulum.ts (q̈ of the chain by both routes)
//   { bench: 'moreau-jean', model, contacts, h, steps, stepsPerSec, … }   bench/time-stepping.ts
//       for the bouncing ball, a chain of 50 balls and a stack of 20 blocks (bench/models.ts)
//   { bench: 'event-driven', model, tRest, wallMs, … }
//   { bench: 'startup', command, wallMs, targetMs, runs, load }            bench/startup.ts
//       wall time of `mechanics --help`, `list`, `simulate` and `derive --no-report`
// and, when SymPy or Siconos are installed, the peers' lines from the same
// run with a `peer` field (bench/peers.ts); SymPy's pendulum lines carry
// sympy.cse's operation counts on our expressions (bench/ops.ts).
// Flags: --large adds n = 60, 100; --quick runs small sizes and short
// simulations (the bench's own test); --no-peers leaves the peers out;
// --startup runs only the start-up lines.
// Timings stay here: no unit test asserts one. Each pendulum size runs in
// a process of its own (heaps, caches and the JIT do not carry over) when
// the bench runs compiled.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildModel } from '../src/model/index.js';
import { deriveSystem } from '../src/derive/system.js';
import { generateModule } from '../src/codegen/module.js';
import { loadGenerated } from './generate.js';
import { ballChain, blockStack } from './models.js';
import { measurePendulum, measureRoutes, PENDULUM_WARM_UP_MS } from './pendulum.js';
import { sympyPendulumLines } from './ops.js';
import { siconosMoreauJean } from './peers.js';
import { startupLines } from './startup.js';
import { eventDrivenBall, moreauJean, moreauJeanBall } from './time-stepping.js';
import { round } from './stats.js';

export interface BenchOptions {
  readonly sizes: readonly number[];
  /** Sizes of the chain whose q̈ is timed by both routes (bench/pendulum.ts measureRoutes). */
  readonly routeSizes: readonly number[];
  /** Measure each pendulum size in a child process (needs the compiled bench). */
  readonly isolate: boolean;
  readonly moreauJean: { readonly h: number; readonly t1: number; readonly reps: number };
  /** The many-contact models: balls in the chain, blocks in the stack, and their time span. */
  readonly manyContacts: { readonly chain: number; readonly stack: number; readonly t1: number; readonly reps: number };
  readonly eventDriven: { readonly t1: number; readonly reps: number };
  readonly peers: boolean;
  readonly sympySizes: readonly number[];
  /** Sizes at which SymPy's cse is counted against ours (bench/ops.ts). */
  readonly sympyOpsSizes: readonly number[];
  /** The pendulum's JIT warm-up (bench/pendulum.ts). */
  readonly pendulumWarmUpMs: number;
  /** CLI processes per command for the start-up lines (0: none; they need the compiled CLI). */
  readonly startupRuns: number;
}

const SIZES = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 15, 20, 30, 40];

export const FULL: BenchOptions = {
  sizes: SIZES,
  routeSizes: [10, 40, 100],
  isolate: true,
  moreauJean: { h: 1e-3, t1: 10, reps: 5 },
  manyContacts: { chain: 50, stack: 20, t1: 1, reps: 3 },
  eventDriven: { t1: 10, reps: 5 },
  peers: true,
  // SymPy's derivation grows fast (seconds at n = 8, ~20 s at n = 10).
  sympySizes: [2, 4, 6, 8, 10],
  // sympy.cse's four runs take about 6 s at n = 15 and 20 s at n = 20.
  sympyOpsSizes: [2, 4, 6, 8, 10, 15, 20],
  pendulumWarmUpMs: PENDULUM_WARM_UP_MS,
  startupRuns: 7,
};

export const QUICK: BenchOptions = {
  sizes: [2, 3],
  routeSizes: [3],
  isolate: false,
  moreauJean: { h: 1e-3, t1: 0.5, reps: 1 },
  manyContacts: { chain: 5, stack: 3, t1: 0.1, reps: 1 },
  eventDriven: { t1: 5, reps: 1 },
  peers: true,
  sympySizes: [2],
  sympyOpsSizes: [2],
  pendulumWarmUpMs: 0,
  startupRuns: 0,
};

/** Cost exponent of derive + codegen between two sizes: log(t_b/t_a)/log(b/a). */
function scaling(lines: readonly { n: number; deriveMs: number; codegenMs: number }[], from: number, to: number): object | undefined {
  const a = lines.find((l) => l.n === from);
  const b = lines.find((l) => l.n === to);
  if (!a || !b) return undefined;
  const exponent = Math.log((b.deriveMs + b.codegenMs) / (a.deriveMs + a.codegenMs)) / Math.log(to / from);
  return { bench: 'pendulum-scaling', from, to, exponent: round(exponent, 2) };
}

/**
 * The CLI's startup flag (src/cli/main.ts's shebang), so that the bench
 * measures what the CLI pays: a 64 MB young generation scavenges codegen's
 * short-lived monomials about 4× less often (docs/bench.md).
 */
const NODE_FLAGS = ['--max-semi-space-size=64'];

/**
 * The pendulum's memory budget (n = 100 within 2 GB): V8 lets the
 * heap grow well past the live set before a full collection (the process's
 * RSS follows the cap, about cap + 110 MB), so the child's old space is
 * capped well below it; the live set at n = 100 is 0.75 GB after the
 * derivation, 0.95 GB after codegen (docs/bench.md, Memory).
 */
const MEMORY_CAP = ['--max-old-space-size=1500'];

/** One pendulum size in a fresh process running this file compiled. */
function isolated(n: number): object {
  try {
    return JSON.parse(
      execFileSync(process.execPath, [...NODE_FLAGS, ...MEMORY_CAP, fileURLToPath(import.meta.url), '--pendulum', String(n)], {
        encoding: 'utf8',
        maxBuffer: 64 << 20,
      }),
    ) as object;
  } catch (err) {
    // A size that fails (memory, stack) is a finding, not the end of the bench.
    return { bench: 'pendulum', n, error: (err as Error).message.split('\n').find((l) => /Error/.test(l)) ?? String(err) };
  }
}

export async function runBench(opts: BenchOptions, emit: (line: object) => void): Promise<void> {
  const pendulum: { n: number; deriveMs: number; codegenMs: number }[] = [];
  for (const n of opts.sizes) {
    const line = opts.isolate ? isolated(n) : await measurePendulum(n, opts.pendulumWarmUpMs);
    if ('deriveMs' in line) pendulum.push(line as { n: number; deriveMs: number; codegenMs: number });
    emit(line);
  }
  const growth = scaling(pendulum, 10, 40);
  if (growth) emit(growth);
  for (const n of opts.routeSizes) emit(await measureRoutes(n));
  const { h, t1, reps } = opts.moreauJean;
  emit(moreauJeanBall(h, t1, reps));
  const many = opts.manyContacts;
  const models = [
    { peer: 'ball-chain', n: many.chain, spec: ballChain(many.chain) },
    { peer: 'block-stack', n: many.stack, spec: blockStack(many.stack) },
  ];
  for (const { spec } of models) {
    const mod = await loadGenerated(generateModule(deriveSystem(buildModel(spec)), `bench/models.ts (${spec.name})`).source);
    emit(moreauJean(mod, h, many.t1, many.reps));
  }
  emit(eventDrivenBall(opts.eventDriven.t1, opts.eventDriven.reps));
  if (opts.startupRuns > 0) for (const line of startupLines(opts.startupRuns)) emit(line);
  if (!opts.peers) return;
  for (const line of sympyPendulumLines(opts.sympySizes, opts.sympyOpsSizes)) emit(line);
  for (const line of siconosMoreauJean('bouncing-ball', 1, h, t1)) emit(line);
  for (const { peer, n } of models) for (const line of siconosMoreauJean(peer, n, h, many.t1)) emit(line);
}

export async function main(argv: readonly string[]): Promise<void> {
  const one = argv.indexOf('--pendulum');
  if (one >= 0) {
    console.log(JSON.stringify(await measurePendulum(Number(argv[one + 1]))));
    return;
  }
  if (argv.includes('--startup')) {
    for (const line of startupLines(FULL.startupRuns)) console.log(JSON.stringify(line));
    return;
  }
  const base = argv.includes('--quick') ? QUICK : FULL;
  const opts: BenchOptions = {
    ...base,
    sizes: argv.includes('--large') ? [...base.sizes, 60, 100] : base.sizes,
    peers: base.peers && !argv.includes('--no-peers'),
  };
  await runBench(opts, (line) => console.log(JSON.stringify(line)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main(process.argv.slice(2));
