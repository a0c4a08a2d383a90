// `mechanics sweep … --queue` and `mechanics worker`: the queued sweep
// writes the local sweep's JSON and heat map byte for byte, with progress
// (cells, rate, time left) and the sweep's id; a queue URL's password never
// in what the submitter or a worker prints; the README's block of two
// worker processes run as it stands; the named errors of a missing key and
// a bad URL; the queue-only options refused without --queue; the progress
// line's arithmetic.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { queueProgressText } from '../../src/cli/sweep-queue.js';
import { startWorker, type WorkerProcess } from '../helpers/queue-worker-process.js';
import { HAVE_REDIS, IN_CI, REDIS_URL } from '../helpers/redis.js';
import { cli } from './run-cli.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const KEY = 'test-queue-key';
const AXES = ['--axis', 'y=0.2:2:3', '--axis', 'e=0.3:0.9:2', '--t', '2', '--classify', 'impacts'];

/** The CLI with MECHANICS_QUEUE_KEY set as given (or unset), restored after. */
async function withKey(key: string | undefined, ...argv: string[]) {
  const saved = process.env.MECHANICS_QUEUE_KEY;
  if (key === undefined) delete process.env.MECHANICS_QUEUE_KEY;
  else process.env.MECHANICS_QUEUE_KEY = key;
  try {
    return await cli(...argv);
  } finally {
    if (saved === undefined) delete process.env.MECHANICS_QUEUE_KEY;
    else process.env.MECHANICS_QUEUE_KEY = saved;
  }
}

describe('mechanics sweep --queue: input checked before anything runs', () => {
  it('refuses to submit without MECHANICS_QUEUE_KEY, and never prints the password', async () => {
    const r = await withKey(undefined, 'sweep', 'bouncing-ball', ...AXES, '--queue', 'redis://:hunter2@127.0.0.1:1/0');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/queue-key-missing/);
    expect(r.stderr).not.toContain('hunter2');
  });

  it('names a bad URL (bad-queue-url), for the submitter and for a worker', async () => {
    for (const argv of [
      ['sweep', 'bouncing-ball', ...AXES, '--queue', 'http://:hunter2@host/0'],
      ['worker', 'http://:hunter2@host/0'],
    ]) {
      const r = await withKey(KEY, ...argv);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/bad-queue-url.*scheme must be redis: or rediss:/);
      expect(r.stderr).not.toContain('hunter2');
    }
  });

  it('names a Redis it cannot reach (queue-unreachable), without its password', async () => {
    const r = await withKey(KEY, 'sweep', 'bouncing-ball', ...AXES, '--queue', 'redis://:hunter2@127.0.0.1:1/0');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/queue-unreachable.*cannot reach the queue at redis:\/\/:\*\*\*@127\.0\.0\.1:1\/0: .*ECONNREFUSED/);
    expect(r.stderr).not.toContain('hunter2');
  });

  it('takes the queue-only options only with --queue, and --workers only without (exit 2)', async () => {
    for (const [argv, message] of [
      [['--chunk', '2'], /--chunk applies to a queued sweep \(--queue\) only/],
      [['--resume', randomUUID()], /--resume applies to a queued sweep/],
      [['--queue', REDIS_URL, '--workers', '2'], /--workers applies to a local sweep/],
      [['--queue', REDIS_URL, '--chunk', '0'], /--chunk must be a positive integer/],
      [['--queue', REDIS_URL, '--resume', 'latest'], /--resume needs the id a submission printed/],
      [['--queue', REDIS_URL, '--queue-name', 'a:b'], /--queue-name must be letters, digits/],
    ] as const) {
      const r = await withKey(KEY, 'sweep', 'bouncing-ball', ...AXES, ...argv);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
    }
    const w = await withKey(KEY, 'worker');
    expect([w.code, w.stderr]).toEqual([2, expect.stringMatching(/worker needs the Redis URL/)]);
  });

  it('shows the rate over the cells done in this run, and the time left at that rate', () => {
    expect(queueProgressText(40, 100, 10, 10_000)).toBe('40/100 cells, 3.0 cells/s, 20 s left');
    expect(queueProgressText(10, 100, 10, 0)).toBe('10/100 cells, 0.0 cells/s, time left unknown');
  });
});

describe.skipIf(!HAVE_REDIS && !IN_CI)('mechanics sweep --queue with a worker process', () => {
  const workers: WorkerProcess[] = [];
  const name = `test-${randomUUID()}`;
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
    const queue = new Queue(name, { connection });
    await queue.obliterate({ force: true });
    await queue.close();
    await connection.quit();
  });

  it('writes the local sweep’s JSON and heat map byte for byte, with progress and the sweep’s id', async () => {
    const w = startWorker([REDIS_URL, '--queue-name', name], { MECHANICS_QUEUE_KEY: KEY });
    workers.push(w);
    await w.waitFor(/^worker on /);
    const dir = mkdtempSync(join(tmpdir(), 'sweep-queue-cli-'));
    const files = (tag: string) => ['--out', join(dir, `${tag}.json`), '--plot', join(dir, `${tag}.svg`)];
    const queued = await withKey(
      KEY,
      'sweep',
      'bouncing-ball',
      ...AXES,
      ...files('queued'),
      '--queue',
      REDIS_URL,
      '--queue-name',
      name,
      '--chunk',
      '2',
      '--progress',
    );
    expect(queued.code).toBe(0);
    const local = await withKey(undefined, 'sweep', 'bouncing-ball', ...AXES, ...files('local'));
    expect(local).toEqual({ code: 0, stdout: '', stderr: '' });
    for (const ext of ['json', 'svg']) expect(readFileSync(join(dir, `queued.${ext}`), 'utf8')).toBe(readFileSync(join(dir, `local.${ext}`), 'utf8'));
    const id = /^sweep ([0-9a-f-]{36}) queued on redis:\/\/127\.0\.0\.1:6390\/0 \(queue test-[0-9a-f-]+, 3 chunks\); resume with --resume \1$/m.exec(
      queued.stderr,
    );
    expect(id).not.toBeNull();
    expect(queued.stderr).toMatch(/^bouncing-ball sweep: 6\/6 cells, \d+\.\d cells\/s, 0 s left$/m);
    expect(w.log()).toMatch(new RegExp(`^done chunk 2 of sweep ${id![1]}$`, 'm'));
  });
});

describe.skipIf(!HAVE_REDIS && !IN_CI)('a queue URL with a password', () => {
  const user = `test-${randomUUID()}`;
  const password = `pw-${randomUUID()}`;
  const name = `test-${randomUUID()}`;
  const url = `redis://${user}:${password}@127.0.0.1:6390/0`;
  const workers: WorkerProcess[] = [];
  const admin = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    const queue = new Queue(name, { connection: admin });
    await queue.obliterate({ force: true });
    await queue.close();
    await admin.acl('DELUSER', user);
    await admin.quit();
  });

  it('never appears in the worker’s log, the submitter’s id line or its progress; the URL shows *** for it', async () => {
    // A Redis user of this test's own, so that the password is checked by the server.
    await admin.acl('SETUSER', user, 'on', `>${password}`, '~*', '&*', '+@all');
    const w = startWorker([url, '--queue-name', name], { MECHANICS_QUEUE_KEY: KEY });
    workers.push(w);
    await w.waitFor(/^worker on /);
    const r = await withKey(KEY, 'sweep', 'bouncing-ball', ...AXES, '--queue', url, '--queue-name', name, '--chunk', '2', '--progress');
    expect(r.code).toBe(0);
    await w.waitFor(/^done chunk 2 of/);
    expect(w.log()).toMatch(new RegExp(`^worker on redis://${user}:\\*\\*\\*@127\\.0\\.0\\.1:6390/0, queue ${name}$`, 'm'));
    expect(r.stderr).toMatch(new RegExp(`queued on redis://${user}:\\*\\*\\*@127\\.0\\.0\\.1:6390/0 `));
    expect(r.stderr).toMatch(/^bouncing-ball sweep: 6\/6 cells/m);
    for (const text of [w.log(), r.stderr, r.stdout]) expect(text).not.toContain(password);
  });
});

/** The README's block of two workers over Redis (the sh block that starts workers), as it stands. */
function readmeQueueBlock(): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const block = [...readme.matchAll(/^```sh\n([\s\S]*?)^```/gm)].map((m) => m[1]!).find((b) => b.includes(' worker redis://'));
  if (block === undefined) throw new Error('README.md has no sh block starting `mechanics worker`');
  return block;
}

/** Its commands run the built CLI (dist/, which `npm ci` builds in CI). */
const BUILT = existsSync(join(ROOT, 'dist', 'src', 'cli', 'main.js'));
if (HAVE_REDIS && !BUILT && !IN_CI) console.warn('no dist/src/cli/main.js (npm run build): the README’s queue block is not run.');

describe.skipIf(!(HAVE_REDIS && BUILT) && !IN_CI)('the README’s basin on two workers over Redis', () => {
  it('runs as written: the queued CSV is the local one byte for byte, each worker taking one chunk at a time', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'readme-queue-'));
    for (const f of ['dist', 'derivations', 'node_modules']) symlinkSync(join(ROOT, f), join(dir, f), 'dir');
    const env = { ...process.env };
    delete env.MECHANICS_QUEUE_KEY;
    // A process group of its own, so that nothing it started outlives the test, whatever happens.
    const sh = spawn('sh', ['-c', readmeQueueBlock()], { cwd: dir, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    sh.stdout.setEncoding('utf8').on('data', (c: string) => void (stdout += c));
    sh.stderr.setEncoding('utf8').on('data', (c: string) => void (stderr += c));
    let code: number | null;
    try {
      code = await new Promise<number | null>((resolve) => sh.on('close', resolve));
    } finally {
      try {
        process.kill(-sh.pid!, 'SIGKILL');
      } catch {
        // the group has ended
      }
    }
    expect([code, stdout], stderr).toEqual([0, 'identical\n']);
    const csv = readFileSync(join(dir, 'basin-queued.csv'), 'utf8');
    expect(csv).toBe(readFileSync(join(dir, 'basin-local.csv'), 'utf8'));
    // A cell comes to rest before t = 2 when the accumulation time of its impacts,
    // t* = t₀ (1 + 2e/(1 − e)) with t₀ = √(2y/g) the first impact, is before it, and then at t*.
    const [header, ...rows] = csv.trimEnd().split('\n');
    expect(header).toBe('y,e,impacts,impacts floor,rest,rest t,last impact t,error');
    expect(rows).toHaveLength(1600);
    let resting = 0;
    for (const row of rows) {
      const [y, e, , , rest, restT] = row.split(',');
      const tStar = Math.sqrt((2 * Number(y)) / 9.81) * (1 + (2 * Number(e)) / (1 - Number(e)));
      if (rest === 'true') {
        resting++;
        expect(Number(restT)).toBeCloseTo(tStar, 4);
      } else expect(tStar, row).toBeGreaterThan(2 - 1e-3);
    }
    expect(resting).toBeGreaterThan(100);
    const chunks = Number(/\(queue mechanics-sweep, (\d+) chunks\)/.exec(stderr)?.[1]);
    const logs = ['worker-1.log', 'worker-2.log'].map((f) => readFileSync(join(dir, f), 'utf8'));
    const done = new Set<number>();
    for (const log of logs) {
      expect(log).toMatch(/^worker on redis:\/\/127\.0\.0\.1:6390\/0, queue mechanics-sweep$/m);
      // One chunk at a time: each chunk taken is done before the next is taken.
      const steps = log.split('\n').filter((l) => /^(took|done) chunk/.test(l));
      steps.forEach((l, i) => expect(l, `${i}: ${l}`).toMatch(i % 2 === 0 ? /^took chunk/ : /^done chunk/));
      for (const l of steps) if (l.startsWith('done')) done.add(Number(/^done chunk (\d+)/.exec(l)![1]));
    }
    expect([...done].sort((a, b) => a - b)).toEqual(Array.from({ length: chunks }, (_, k) => k));
  });
});
