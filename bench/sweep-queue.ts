// A sweep's cells per second on the local pool (tinypool: `mechanics
// sweep`) and through the Redis queue (`mechanics sweep --queue` with
// `mechanics worker` processes), the lines
//   { bench: 'sweep', route: 'tinypool' | 'queue', workers, cells, chunk, cellsPerSec, wallMs, cpuMs, clientLoadMs, csvSha }
//   { bench: 'sweep-overhead', workers: 1, cells, chunk, overheadPct, overheadUsPerCell, cpuOverheadPct, targetPct }
// of npm run bench (bench/run.ts). The grid is the README's basin of the
// bouncing ball (impacts before t = 2 over the drop height y and the
// restitution e), 50 × 40 cells in the full bench; each route runs the
// same cells by the same runCell, so csvSha, the SHA-256 of the sweep's
// CSV, is the same on every line. The queue's workers are started (and
// connected) before the clock starts, as they wait for sweeps in use, and
// the submitter's queue client (BullMQ and ioredis) is loaded before it
// too: a fixed cost of each submission, about 250 ms of CPU, given apart
// as clientLoadMs. The pool's threads start inside it, as `mechanics
// sweep` starts them. cpuMs is the sweep's CPU time in all processes (the
// pool's threads are this process's; the queue's worker processes are
// read from /proc, Linux only, 10 ms ticks). The overhead is the queue's
// wall time over the pool's with one worker each, measured in the same
// round, 100 (t_queue/t_pool − 1), and the same of their CPU times: on a
// loaded machine the wall times stretch with the load (3× between
// processes here), the CPU times much less. The Redis is a redis-server of
// the bench's own on a free port, nothing saved; without redis-server the
// queue's line says so and the pool's lines stand alone.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { buildModel } from '../src/model/index.js';
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
import { round } from './stats.js';

export interface SweepGrid {
  /** Values of the drop height y (0.2 … 2 m) and of the restitution e (0.3 … 0.9). */
  readonly y: number;
  readonly e: number;
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
}

export interface SweepLine {
  readonly bench: 'sweep';
  readonly route: 'tinypool' | 'queue';
  readonly workers: number;
  readonly cells: number;
  readonly chunk: number;
  readonly cellsPerSec: number;
  readonly wallMs: number;
  readonly cpuMs?: number;
  /** CPU ms the submitting process spent loading BullMQ and ioredis, before the clock (route 'queue'). */
  readonly clientLoadMs?: number;
  readonly csvSha: string;
}

const RUN: SweepRun = { kind: 'simulate', t1: 2, classify: 'impacts' };
const grid = (g: SweepGrid): SweepAxis[] => [
  { name: 'y', from: 0.2, to: 2, count: g.y },
  { name: 'e', from: 0.3, to: 0.9, count: g.e },
];

/** The CLI the worker processes run, beside the compiled bench (dist/bench → dist/src/cli). */
const MAIN = fileURLToPath(new URL('../src/cli/main.js', import.meta.url));
/** The flag of the bin's shebang (src/cli/main.ts). */
const NODE_FLAGS = ['--max-semi-space-size=64'];

const sha = (r: SweepResult): string => createHash('sha256').update(sweepCsv(r)).digest('hex').slice(0, 16);

/** One sweep of the grid by one route, timed from the call to the result. */
export async function measureSweep(job: SweepJob): Promise<SweepLine> {
  const source = { source: compileGenerated(generateModule(deriveSystem(buildModel(ballModel)), 'derivations/bouncing-ball.ts').source, 'esm') };
  const opts = { grid: grid(job), run: RUN };
  let result: SweepResult, ms: number, cpu: number | undefined, clientLoadMs: number | undefined;
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
      const before = workers.map((w) => w.cpuMs());
      const cpu0 = process.cpuUsage();
      const start = performance.now();
      result = await submitQueued(source, opts, { url, name, key: Buffer.from(key), chunkCells: job.chunk });
      ms = performance.now() - start;
      const after = workers.map((w) => w.cpuMs());
      const used = after.map((a, i) => (a === undefined || before[i] === undefined ? undefined : a - before[i]!));
      cpu = used.every((u) => u !== undefined) ? cpuMs(process.cpuUsage(cpu0)) + used.reduce((a, b) => a + b, 0) : undefined;
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
  }
  const cells = result.cells.length;
  return {
    bench: 'sweep',
    route: job.route,
    workers: job.workers,
    cells,
    chunk: job.chunk,
    cellsPerSec: Math.round((cells / ms) * 1000),
    wallMs: round(ms),
    ...(cpu === undefined ? {} : { cpuMs: round(cpu) }),
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
  const child = spawn(process.execPath, [...NODE_FLAGS, MAIN, 'worker', url, '--queue-name', name], {
    env: { ...process.env, [QUEUE_KEY_ENV]: key },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let text = '';
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      text += chunk;
      if (/^worker on /m.test(text)) resolve();
    });
    void exited.then(() => reject(new Error(`mechanics worker exited before it was ready:\n${text}`)));
  });
  return {
    cpuMs: () => processCpuMs(child.pid!),
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A redis-server of the bench's own, or why there is none. */
export type BenchRedis = { readonly url: string; stop(): void } | { readonly skipped: string };

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
    if (up) return { url, stop: () => void child.kill('SIGTERM') };
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

/** The queue's overhead per cell from the same round's one-worker lines of both routes. */
export function sweepOverhead(pool: SweepLine, queue: SweepLine): Record<string, unknown> {
  const poolMs = pool.wallMs;
  const queueMs = queue.wallMs;
  return {
    bench: 'sweep-overhead',
    workers: 1,
    cells: pool.cells,
    chunk: queue.chunk,
    overheadPct: round(100 * (queueMs / poolMs - 1)),
    overheadUsPerCell: round(((queueMs - poolMs) / pool.cells) * 1000),
    ...(pool.cpuMs !== undefined && queue.cpuMs !== undefined ? { cpuOverheadPct: round(100 * (queue.cpuMs / pool.cpuMs - 1)) } : {}),
    targetPct: 5,
  };
}
