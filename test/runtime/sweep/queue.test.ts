// Sweeps through the Redis queue with real worker processes: three workers
// (one started before the sweep, two after), one killed with SIGKILL in the
// middle of its chunk, and every cell arrives once and equals the local
// sweep's; a chunk that throws is given up after its attempts and comes back
// as failed cells; a chunk completed without its cells is queued again; a
// start function's cells travel with their starts; a payload not signed
// with the key is refused and nothing of it runs; a submission resumed by
// its id; a chunk run twice leaves one copy of each cell. Skipped without
// redis-server (except in CI).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { sweepWorkerScript } from '../../../src/pipeline/sweep-files.js';
import { compileGenerated } from '../../../src/pipeline/load-generated.js';
import { SimulationError } from '../../../src/runtime/errors.js';
import { parseQueueUrl, sign } from '../../../src/runtime/sweep/queue-auth.js';
import { cellsKey, chunkJobId, type QueuedChunk } from '../../../src/runtime/sweep/queue-store.js';
import { submitQueued } from '../../../src/runtime/sweep/queue-submit.js';
import { sweep } from '../../../src/runtime/sweep/sweep.js';
import type { SweepAxis, SweepRun } from '../../../src/runtime/sweep/sweep-cell.js';
import { startWorker, type WorkerProcess } from '../../helpers/queue-worker-process.js';
import { HAVE_REDIS, IN_CI, NO_REDIS, REDIS_URL } from '../../helpers/redis.js';

const G = 9.81;
const KEY = 'test-queue-key';
const ENV = { MECHANICS_QUEUE_KEY: KEY };
const url = parseQueueUrl(REDIS_URL);
const ballSource = { source: compileGenerated(readFileSync(new URL('../../../generated/bouncing-ball.ts', import.meta.url), 'utf8'), 'esm') };
// Dropped from 1 to 2 m, bouncing for 1 s.
const GRID: SweepAxis[] = [
  { name: 'y', from: 1, to: 2, count: 3 },
  { name: 'e', from: 0.5, to: 0.8, count: 2 },
];
const dir = mkdtempSync(join(tmpdir(), 'sweep-queue-'));
const GO = join(dir, 'go');
const classifier = join(dir, 'apex.mjs');
// The apex from the energy at t1, and the impacts; each cell first waits for the file GO, so that the
// test knows which chunks are in hand when it kills a worker.
writeFileSync(
  classifier,
  `import { existsSync } from 'node:fs';
const pause = new Int32Array(new SharedArrayBuffer(4));
export function apex(tr) {
  while (!existsSync(${JSON.stringify(GO)})) Atomics.wait(pause, 0, 0, 20);
  const k = tr.t.length - 1;
  return { apex: tr.q[k][0] + tr.qd[k][0] ** 2 / (2 * ${G}), impacts: tr.events.filter((e) => e.type === 'impact').length };
}
export function thrower(tr, cell) {
  if (cell.at.y > 1.2) throw new Error('not a toolkit error at y = ' + cell.at.y);
  return { y1: tr.q[tr.q.length - 1][0] };
}
`,
);
const RUN: SweepRun = { kind: 'simulate', t1: 1, classify: { module: classifier, export: 'apex' } };
// The submitter's poll, which finds a chunk given up or lost (nothing wakes it for one): 2 s by default, two of
// which a given-up or lost chunk cost each of those checks in waiting.
const POLL_S = 0.25;

if (!HAVE_REDIS && !IN_CI) console.warn(`${NO_REDIS}: the queue tests are skipped.`);

describe.skipIf(!HAVE_REDIS && !IN_CI)('sweeps through a Redis queue, with worker processes', () => {
  const workers: WorkerProcess[] = [];
  const names = new Set<string>();
  const worker = (name: string, ...args: string[]): WorkerProcess => {
    names.add(name);
    const w = startWorker([REDIS_URL, '--queue-name', name, '--stall-ms', '300', ...args], ENV);
    workers.push(w);
    return w;
  };
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    // The queues' own keys (BullMQ's meta, events, failed jobs); a finished sweep has removed its spec and cells.
    const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
    for (const name of names) {
      const queue = new Queue(name, { connection });
      await queue.obliterate({ force: true });
      await queue.close();
    }
    await connection.quit();
  });
  const submit = (name: string, run: SweepRun, extra: { resume?: string; chunkCells?: number; onQueued?: (id: string, chunks: number) => void } = {}) =>
    submitQueued(ballSource, { grid: GRID, run }, { url, name, key: Buffer.from(KEY), chunkCells: 1, pollS: POLL_S, ...extra });

  it('three workers, one killed with SIGKILL in its chunk: every cell once, equal to the local sweep', async () => {
    const name = `test-${randomUUID()}`;
    // A long lock for the two that live (their cells block until GO), a short one for the one killed.
    const before = worker(name, '--lock-ms', '60000');
    await before.waitFor(/^worker on /);
    let id = '';
    const result = submit(name, RUN, { onQueued: (i) => (id = i) });
    await before.waitFor(/^took chunk/);
    const after = worker(name, '--lock-ms', '60000');
    const killed = worker(name, '--lock-ms', '1000');
    await after.waitFor(/^took chunk/);
    const took = await killed.waitFor(/^took chunk/);
    killed.child.kill('SIGKILL');
    writeFileSync(GO, '');
    const queued = await result;
    const local = await sweep(ballSource, { grid: GRID, run: RUN, workers: 1, worker: sweepWorkerScript()! });
    expect(queued).toEqual(local);
    expect(queued.cells.map((c) => c.index)).toEqual([0, 1, 2, 3, 4, 5]);
    // The energy after n impacts is e²ⁿ of the drop's: the apex is y e²ⁿ.
    for (const c of queued.cells) {
      expect(c.values.apex as number).toBeCloseTo(c.at.y! * c.at.e! ** (2 * (c.values.impacts as number)), 6);
    }
    // The killed worker's chunk was taken again by a live one; the one started before and one after both took part.
    const chunk = /^took chunk (\d+)/.exec(took)![1];
    expect(`${before.log()}${after.log()}`).toMatch(new RegExp(`^took chunk ${chunk} of sweep ${id}`, 'm'));
    expect(before.log()).toMatch(/^done chunk/m);
    expect(after.log()).toMatch(/^done chunk/m);
    expect(killed.log()).not.toMatch(/^done chunk/m);
  });

  it('gives up a chunk that throws after its attempts: its cells fail with sweep-chunk-failed, the others are computed', async () => {
    const name = `test-${randomUUID()}`;
    worker(name);
    const r = await submit(name, { kind: 'simulate', t1: 0.2, classify: { module: classifier, export: 'thrower' } });
    expect(r.cells.map((c) => c.error?.code ?? null)).toEqual([
      null,
      null,
      'sweep-chunk-failed',
      'sweep-chunk-failed',
      'sweep-chunk-failed',
      'sweep-chunk-failed',
    ]);
    expect(r.cells[2]!.error!.message).toMatch(/after 3 attempts: not a toolkit error at y = 1\.5/);
    // Free fall for 0.2 s from y.
    expect(r.cells[0]!.values.y1 as number).toBeCloseTo(1 - (G * 0.04) / 2, 9);
  });

  it('carries the starts a start function made, a start that fails staying a failed cell: equal to the local sweep', async () => {
    const name = `test-${randomUUID()}`;
    worker(name);
    const run: SweepRun = { kind: 'simulate', t1: 0.1, classify: 'final' };
    // Thrown down at 0.5 m/s; the top row's start is refused.
    const start = (at: Readonly<Record<string, number>>) => {
      if (at.y! > 1.9) throw new SimulationError('invalid-option', 'input', `no start at y = ${at.y}`, { model: 'bouncing-ball' });
      return { q0: [at.y!], qd0: [-0.5] };
    };
    const queued = await submitQueued(ballSource, { grid: GRID, run, start }, { url, name, key: Buffer.from(KEY), chunkCells: 3, pollS: POLL_S });
    expect(queued).toEqual(await sweep(ballSource, { grid: GRID, run, start, workers: 1, worker: sweepWorkerScript()! }));
    expect(queued.cells.map((c) => c.error?.code ?? null)).toEqual([null, null, null, null, 'invalid-option', 'invalid-option']);
    // No impact before 0.1 s from y >= 1: y − 0.5 t − g t²/2.
    for (const c of queued.cells.slice(0, 4)) expect(c.values['y(t)'] as number).toBeCloseTo(c.at.y! - 0.05 - G * 0.005, 9);
  });

  it('refuses a chunk not signed with the key, running nothing of it', async () => {
    const name = `test-${randomUUID()}`;
    const w = worker(name);
    await w.waitFor(/^worker on /);
    const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
    const queue = new Queue(name, { connection });
    try {
      const data = { sweep: 'forged', chunk: 0, cells: [] };
      const forged = { ...sign(Buffer.from('another key'), data) };
      const altered = { ...sign(Buffer.from(KEY), data), body: JSON.stringify({ ...data, chunk: 1 }) };
      // A chunk of a grid's sweep carries a range of cells: another range is another payload.
      const range = { sweep: 'forged', chunk: 0, from: 0, to: 1 };
      const widened = { ...sign(Buffer.from(KEY), range), body: JSON.stringify({ ...range, to: 6 }) };
      for (const [jobId, payload] of [
        ['forged-0', forged],
        ['forged-1', altered],
        ['forged-2', { body: JSON.stringify(data) }],
        ['forged-3', widened],
      ] as const) {
        await queue.add('chunk', payload, { jobId });
        await w.waitFor(new RegExp(`^error \\[bad-signature\\]: .*refused job ${jobId}:`));
      }
      expect(w.log()).not.toMatch(/took chunk/);
      expect(await connection.exists(cellsKey(name, 'forged'))).toBe(0);
    } finally {
      await queue.close();
      await connection.quit();
    }
  });

  it('resumes a sweep by its id after its submitter stopped', async () => {
    const name = `test-${randomUUID()}`;
    const run: SweepRun = { kind: 'simulate', t1: 1, classify: 'impacts' };
    let id = '';
    const stopped = new Error('the submitter stops once its chunks are queued');
    await expect(
      submit(name, run, {
        onQueued: (i) => {
          id = i;
          throw stopped;
        },
      }),
    ).rejects.toBe(stopped);
    // Its chunks are stored by number: cut otherwise, they would not be the same cells.
    await expect(submit(name, run, { resume: id, chunkCells: 2 })).rejects.toThrow(/another model, grid, run or --chunk/);
    worker(name);
    const resumed = await submit(name, run, { resume: id });
    expect(resumed).toEqual(await sweep(ballSource, { grid: GRID, run, workers: 1, worker: sweepWorkerScript()! }));
    await expect(submit(name, run, { resume: id })).rejects.toThrow(/no sweep .* \(finished and collected/);
  });

  it('queues again a chunk whose job completed without its cells (their write failed): equal to the local sweep', async () => {
    const name = `test-${randomUUID()}`;
    const run: SweepRun = { kind: 'simulate', t1: 1, classify: 'impacts' };
    const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
    // A worker whose writes all fail: it completes two chunks and writes nothing.
    let completed = 0;
    const failing = new Worker(name, async () => {}, { connection, concurrency: 1 });
    const twoCompleted = new Promise<void>((resolve) => failing.on('completed', () => ++completed === 2 && resolve()));
    let id = '';
    const result = submit(name, run, { onQueued: (i) => (id = i) });
    await twoCompleted;
    await failing.close();
    try {
      expect(await connection.hlen(cellsKey(name, id))).toBe(0);
      worker(name);
      const queued = await result;
      expect(queued.cells.map((c) => c.index)).toEqual([0, 1, 2, 3, 4, 5]);
      expect(queued).toEqual(await sweep(ballSource, { grid: GRID, run, workers: 1, worker: sweepWorkerScript()! }));
    } finally {
      await connection.quit();
    }
  });

  it('keeps one copy of each cell when a chunk runs twice (its worker died after writing it)', async () => {
    const name = `test-${randomUUID()}`;
    const run: SweepRun = { kind: 'simulate', t1: 1, classify: 'impacts' };
    let id = '';
    const stopped = new Error('the submitter stops once its chunks are queued');
    await expect(
      submit(name, run, {
        onQueued: (i) => {
          id = i;
          throw stopped;
        },
      }),
    ).rejects.toBe(stopped);
    const w = worker(name);
    const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
    const queue = new Queue(name, { connection });
    const doneCount = (k: number): number =>
      w
        .log()
        .split('\n')
        .filter((l) => l === `done chunk ${k} of sweep ${id}`).length;
    const until = async (ok: () => boolean | Promise<boolean>): Promise<void> => {
      while (!(await ok())) await sleep(50);
    };
    try {
      const key = cellsKey(name, id);
      await until(async () => (await connection.hlen(key)) === 6);
      const first = await connection.hgetallBuffer(key);
      // Chunk 3 again, as its submitter signed it: what BullMQ does when a worker dies between writing a chunk and reporting it done.
      const data: QueuedChunk = { sweep: id, chunk: 3, from: 3, to: 4 };
      await queue.add('chunk', sign(Buffer.from(KEY), data), { jobId: chunkJobId(id, 3) });
      await until(() => doneCount(3) === 2);
      expect(await connection.hlen(key)).toBe(6);
      expect(await connection.hgetallBuffer(key)).toEqual(first);
    } finally {
      await queue.close();
      await connection.quit();
    }
    const resumed = await submit(name, run, { resume: id });
    expect(resumed.cells.map((c) => c.index)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(resumed).toEqual(await sweep(ballSource, { grid: GRID, run, workers: 1, worker: sweepWorkerScript()! }));
  });
});
