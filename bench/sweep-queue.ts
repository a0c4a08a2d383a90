// A sweep's cells per second on the local pool (tinypool: `mechanics
// sweep`) and through the Redis queue (`mechanics sweep --queue` with
// `mechanics worker` processes), the lines
//   { bench: 'sweep', basin, route: 'tinypool' | 'queue', workers, cells, chunk, cellsPerSec, wallMs, cpuMs, cpuUsPerCell,
//     submitterCpuMs, workersCpuMs, redisCpuMs, clientLoadMs, csvSha }
//   { bench: 'sweep-overhead', basin, workers, cells, chunk, rounds, overheadPct, overheadUsPerCell, cpuOverheadPct,
//     cpuOverheadUsPerCell, cpuUsPerCell: { pool, submitter, workers, redis }, targetPct, spread, ci95 }
// of npm run bench (bench/run.ts). Two basins (BASINS) whose cells differ
// tenfold in cost: the README's basin of the bouncing ball (impacts before
// t = 2 over the drop height y and the restitution e), about 250 µs of CPU
// a cell, and a basin of the compass walker (its heel strikes before t = 4,
// a few strides, over the two legs' starting rates), about 2.5 ms a cell.
// The full bench sweeps 150 × 100 cells of the first and 40 × 40 of the
// second, a few seconds of one core each, so that what the queue adds per
// chunk is not lost among the fixed costs of a sweep and the scatter of a
// short run; each route runs the same cells by the same runCell, so csvSha,
// the SHA-256 of the sweep's CSV, is the same on every line of a basin. The
// queue's workers are started (and
// connected) before the clock starts, as they wait for sweeps in use, and
// the submitter's queue client (BullMQ and ioredis) is loaded before it
// too: a fixed cost of each submission, about 250 ms of CPU, given apart
// as clientLoadMs. The pool's threads start inside it, as `mechanics
// sweep` starts them. cpuMs is the sweep's CPU time (user + system) in
// every process that works for it: this process (the pool's threads are
// its own), the queue's worker processes and the Redis server, the last
// two read from /proc (Linux only, 10 ms ticks); submitterCpuMs,
// workersCpuMs and redisCpuMs are its parts on the queue's route.
// On a loaded machine the wall times stretch with the load (3× between
// runs here), the CPU times much less: the overhead (bench/run.ts) pairs
// each queued sweep with a pool sweep of the same round and takes the
// median of the rounds' ratios. The Redis is a redis-server of the
// bench's own on a free port, nothing saved; without redis-server the
// queue's line says so and the pool's lines stand alone.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { stop as esbuildStop } from 'esbuild';
import { buildModel, type ModelSpec } from '../src/model/index.js';
import { deriveSystem } from '../src/derive/system.js';
import { generateModule } from '../src/codegen/module.js';
import { compileGenerated } from '../src/pipeline/load-generated.js';
import { sweepCsv, sweepWorkerScript } from '../src/pipeline/sweep-files.js';
import { parseQueueUrl, QUEUE_KEY_ENV } from '../src/runtime/sweep/queue-auth.js';
import { connect } from '../src/runtime/sweep/queue-store.js';
import { submitQueued } from '../src/runtime/sweep/queue-submit.js';
import { startQueueWorker } from '../src/runtime/sweep/queue-worker.js';
import { sweep, type SweepResult } from '../src/runtime/sweep/sweep.js';
import type { SweepAxis, SweepRun } from '../src/runtime/sweep/sweep-cell.js';
import ballModel from '../derivations/bouncing-ball.js';
import walkerModel from '../derivations/compass-walker.js';
import { median, medianInterval, round } from './stats.js';

/** A basin the bench sweeps: its model, the ranges of its two axes and what each cell runs. */
interface Basin {
  readonly model: ModelSpec;
  readonly file: string;
  readonly axes: readonly [SweepRange, SweepRange];
  readonly run: SweepRun;
}
type SweepRange = Omit<SweepAxis, 'count'>;

const BASINS = {
  // The README's basin: the impacts before t = 2 over the drop height (m) and the restitution.
  ball: {
    model: ballModel,
    file: 'derivations/bouncing-ball.ts',
    axes: [
      { name: 'y', from: 0.2, to: 2 },
      { name: 'e', from: 0.3, to: 0.9 },
    ],
    run: { kind: 'simulate', t1: 2, classify: 'impacts' },
  },
  // The heel strikes before t = 4 (six over nearly all of it) over the rates (rad/s) of the swing
  // and the stance leg at the model's symmetric start.
  walker: {
    model: walkerModel,
    file: 'derivations/compass-walker.ts',
    axes: [
      { name: "a1'", from: -0.8, to: 0 },
      { name: "a2'", from: -1.6, to: -0.6 },
    ],
    run: { kind: 'simulate', t1: 4, classify: 'impacts' },
  },
} as const satisfies Record<string, Basin>;

export type BasinName = keyof typeof BASINS;

export interface SweepGrid {
  readonly basin: BasinName;
  /** Values along its two axes. */
  readonly counts: readonly [number, number];
  /** Cells per queued chunk. */
  readonly chunk: number;
}

export interface SweepJob extends SweepGrid {
  readonly route: 'tinypool' | 'queue';
  readonly workers: number;
  /** The queue's Redis (route 'queue'). */
  readonly url?: string;
  /** Workers as `mechanics worker` processes of the compiled CLI, or in this process (the quick bench, from sources). */
  readonly processes?: boolean;
  /** The Redis server's process, whose CPU time counts to the queue's (route 'queue'). */
  readonly redisPid?: number;
}

export interface SweepLine {
  readonly bench: 'sweep';
  readonly basin: BasinName;
  readonly route: 'tinypool' | 'queue';
  readonly workers: number;
  readonly cells: number;
  readonly chunk: number;
  readonly cellsPerSec: number;
  readonly wallMs: number;
  /** CPU ms of every process the sweep ran in (off Linux, the queue's worker processes and Redis are not read: none). */
  readonly cpuMs?: number;
  readonly cpuUsPerCell?: number;
  /** The submitting process's part of cpuMs (route 'queue'; with workers in this process, theirs too). */
  readonly submitterCpuMs?: number;
  /** The worker processes' part of cpuMs (route 'queue', workers in processes of their own). */
  readonly workersCpuMs?: number;
  /** Redis's part of cpuMs (route 'queue'). */
  readonly redisCpuMs?: number;
  /** CPU ms the submitting process spent loading BullMQ and ioredis, before the clock (route 'queue'). */
  readonly clientLoadMs?: number;
  readonly csvSha: string;
}

const grid = (g: SweepGrid): SweepAxis[] => BASINS[g.basin].axes.map((axis, i) => ({ ...axis, count: g.counts[i]! }));

/** The CLI the worker processes run, beside the compiled bench (dist/bench → dist/src/cli). */
const MAIN = fileURLToPath(new URL('../src/cli/main.js', import.meta.url));
/** The flag of the bin's shebang (src/cli/main.ts). */
const NODE_FLAGS = ['--max-semi-space-size=64'];

const sha = (r: SweepResult): string => createHash('sha256').update(sweepCsv(r)).digest('hex').slice(0, 16);

/** One sweep of the grid by one route, timed from the call to the result. */
export async function measureSweep(job: SweepJob): Promise<SweepLine> {
  const basin: Basin = BASINS[job.basin];
  const source = { source: compileGenerated(generateModule(deriveSystem(buildModel(basin.model)), basin.file).source, 'esm') };
  // esbuild's synchronous calls leave a worker thread of theirs idle in this process; its heap's idle
  // collections (V8's memory reducer, tens of ms) fell inside either route's clock, seconds later.
  await esbuildStop();
  const opts = { grid: grid(job), run: basin.run };
  let result: SweepResult, ms: number, cpu: number | undefined, clientLoadMs: number | undefined;
  let parts: { submitterCpuMs: number; workersCpuMs?: number; redisCpuMs?: number } | undefined;
  if (job.route === 'tinypool') {
    const worker = sweepWorkerScript();
    const cpu0 = process.cpuUsage();
    const start = performance.now();
    result = await sweep(source, { ...opts, workers: job.workers, ...(worker === undefined ? {} : { worker }) });
    ms = performance.now() - start;
    cpu = cpuMs(process.cpuUsage(cpu0));
  } else {
    const url = parseQueueUrl(job.url!);
    const key = randomBytes(32).toString('hex');
    const name = `bench-${randomUUID()}`;
    const workers = await Promise.all(Array.from({ length: job.workers }, () => startWorker(job.url!, name, key, job.processes ?? false)));
    try {
      // The queue's client, loaded once per submitting process (a fixed cost, not a cell's): reported apart.
      const load0 = process.cpuUsage();
      await Promise.all([import('bullmq'), import('ioredis')]);
      clientLoadMs = cpuMs(process.cpuUsage(load0));
      const others = [...workers.map((w) => () => w.cpuMs()), () => (job.redisPid === undefined ? undefined : processCpuMs(job.redisPid))];
      const before = others.map((f) => f());
      const cpu0 = process.cpuUsage();
      const start = performance.now();
      result = await submitQueued(source, opts, { url, name, key: Buffer.from(key), chunkCells: job.chunk });
      ms = performance.now() - start;
      const own = cpuMs(process.cpuUsage(cpu0));
      const used = others.map((f, i) => {
        const [a, b] = [f(), before[i]];
        return a === undefined || b === undefined ? undefined : a - b;
      });
      const [workersUsed, redisCpuMs] = [used.slice(0, -1), used.at(-1)];
      const workersCpuMs = job.processes && workersUsed.every((u) => u !== undefined) ? workersUsed.reduce((a, b) => a + b, 0) : undefined;
      parts = { submitterCpuMs: own, ...(workersCpuMs === undefined ? {} : { workersCpuMs }), ...(redisCpuMs === undefined ? {} : { redisCpuMs }) };
      cpu = used.every((u) => u !== undefined) ? own + used.reduce((a, b) => a + b, 0) : undefined;
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
  }
  const cells = result.cells.length;
  return {
    bench: 'sweep',
    basin: job.basin,
    route: job.route,
    workers: job.workers,
    cells,
    chunk: job.chunk,
    cellsPerSec: Math.round((cells / ms) * 1000),
    wallMs: round(ms),
    ...(cpu === undefined ? {} : { cpuMs: round(cpu), cpuUsPerCell: round((cpu / cells) * 1000) }),
    ...(parts === undefined ? {} : { submitterCpuMs: round(parts.submitterCpuMs) }),
    ...(parts?.workersCpuMs === undefined ? {} : { workersCpuMs: round(parts.workersCpuMs) }),
    ...(parts?.redisCpuMs === undefined ? {} : { redisCpuMs: round(parts.redisCpuMs) }),
    ...(clientLoadMs === undefined ? {} : { clientLoadMs: round(clientLoadMs) }),
    csvSha: sha(result),
  };
}

const cpuMs = (u: NodeJS.CpuUsage): number => (u.user + u.system) / 1000;

/** A process's CPU milliseconds so far (utime + stime of /proc/<pid>/stat), or undefined off Linux. */
function processCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 and 15 of proc(5), counted from the state (field 3); USER_HZ is 100 on Linux.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

interface BenchWorker {
  /** CPU time of its process so far (0 for a worker in this process, whose time is this process's). */
  cpuMs(): number | undefined;
  stop(): Promise<void>;
}

/** A worker waiting on the queue (its process has connected). */
async function startWorker(url: string, name: string, key: string, processes: boolean): Promise<BenchWorker> {
  if (!processes) {
    const worker = await startQueueWorker({ url: parseQueueUrl(url), name, key: Buffer.from(key) });
    return { cpuMs: () => 0, stop: () => worker.close() };
  }
  // Its lines (one per chunk taken and done) go to a file, as on a machine of its own: drained from a pipe
  // they cost this process, the submitter, about 0.1 ms of CPU each, 5 µs a cell of the ball in chunks of 100.
  const dir = mkdtempSync(join(tmpdir(), 'bench-worker-'));
  const log = join(dir, 'stderr');
  const fd = openSync(log, 'w');
  const child = spawn(process.execPath, [...NODE_FLAGS, MAIN, 'worker', url, '--queue-name', name], {
    env: { ...process.env, [QUEUE_KEY_ENV]: key },
    stdio: ['ignore', 'ignore', fd],
  });
  closeSync(fd);
  let running = true;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => (running = false));
  while (!/^worker on /m.test(readFileSync(log, 'utf8'))) {
    if (!running) {
      const text = readFileSync(log, 'utf8');
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`mechanics worker exited before it was ready:\n${text}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return {
    cpuMs: () => processCpuMs(child.pid!),
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A redis-server of the bench's own, or why there is none. */
export type BenchRedis = { readonly url: string; readonly pid: number; stop(): void } | { readonly skipped: string };

export async function startRedis(): Promise<BenchRedis> {
  if (spawnSync('sh', ['-c', 'command -v redis-server'], { stdio: 'ignore' }).status !== 0)
    return { skipped: 'no redis-server on PATH (Debian: apt-get install redis-server): the queue is not measured' };
  const port = await freePort();
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const url = `redis://127.0.0.1:${port}/0`;
  for (let i = 0; i < 100; i++) {
    const up = await connect(parseQueueUrl(url)).then(
      (c) => (c.disconnect(), true),
      () => false,
    );
    if (up) return { url, pid: child.pid!, stop: () => void child.kill('SIGTERM') };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGTERM');
  return { skipped: `redis-server did not answer on port ${port} within 5 s: the queue is not measured` };
}

/** A TCP port nothing listens on now (the system's choice for port 0). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A queued sweep and a pool sweep of the same grid and workers, measured one right after the other. */
export interface SweepRound {
  readonly pool: SweepLine;
  readonly queue: SweepLine;
}

/**
 * The queue's overhead per cell over the pool's: each round's ratio of the
 * queue's time to the pool's, 100 (t_queue/t_pool − 1), and the same
 * difference in µs per cell, wall and CPU; each the median over the rounds
 * with [min, max] under `spread` and the median's 95 % confidence interval
 * under `ci95` (stats.ts). A round's two sweeps ran under nearly the same
 * load, so a ratio is steadier than either time; the median leaves out the
 * rounds a burst of load hit. The interval, not the median alone, says
 * whether the overhead is within the target. `cpuUsPerCell` puts the
 * queue's CPU per cell beside the pool's, part by part (medians over the
 * rounds): submitter, worker processes and Redis, which say where an
 * overhead goes.
 */
export function sweepOverhead(rounds: readonly SweepRound[]): Record<string, unknown> {
  const { basin, cells, chunk, workers } = rounds[0]!.queue;
  const spread: Record<string, [number, number]> = {};
  const ci95: Record<string, [number, number]> = {};
  const summary = (name: string, xs: readonly number[]): Record<string, number> => {
    spread[name] = [round(Math.min(...xs)), round(Math.max(...xs))];
    ci95[name] = medianInterval(xs).map((x) => round(x)) as [number, number];
    return { [name]: round(median(xs)) };
  };
  const figure = (name: string, of: (l: SweepLine) => number | undefined): Record<string, number> => {
    const pct: number[] = [];
    const usPerCell: number[] = [];
    for (const { pool, queue } of rounds) {
      const [p, q] = [of(pool), of(queue)];
      if (p === undefined || q === undefined) continue;
      pct.push(100 * (q / p - 1));
      usPerCell.push(((q - p) / cells) * 1000);
    }
    return pct.length === 0 ? {} : { ...summary(`${name}Pct`, pct), ...summary(`${name}UsPerCell`, usPerCell) };
  };
  const perCell = (of: (r: SweepRound) => number | undefined): number[] =>
    rounds.map(of).flatMap((ms) => (ms === undefined ? [] : [round((ms / cells) * 1000)]));
  const parts = Object.entries({
    pool: perCell((r) => r.pool.cpuMs),
    submitter: perCell((r) => r.queue.submitterCpuMs),
    workers: perCell((r) => r.queue.workersCpuMs),
    redis: perCell((r) => r.queue.redisCpuMs),
  }).flatMap(([k, xs]) => (xs.length === 0 ? [] : [[k, median(xs)] as const]));
  return {
    bench: 'sweep-overhead',
    basin,
    workers,
    cells,
    chunk,
    rounds: rounds.length,
    ...figure('overhead', (l) => l.wallMs),
    ...figure('cpuOverhead', (l) => l.cpuMs),
    ...(parts.length === 0 ? {} : { cpuUsPerCell: Object.fromEntries(parts) }),
    targetPct: 5,
    spread,
    ci95,
  };
}
