// `mechanics sweep … --queue` and `mechanics worker`: the queued sweep
// writes the local sweep's JSON and heat map byte for byte, with progress
// (cells, rate, time left) and the sweep's id, its URL's password masked;
// the named errors of a missing key and a bad URL; the queue-only options
// refused without --queue; the progress line's arithmetic.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { queueProgressText } from '../../src/cli/sweep-queue.js';
import { startWorker, type WorkerProcess } from '../helpers/queue-worker-process.js';
import { HAVE_REDIS, IN_CI, REDIS_URL } from '../helpers/redis.js';
import { cli } from './run-cli.js';

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
