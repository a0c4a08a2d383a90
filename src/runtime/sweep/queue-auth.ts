// What makes a queued sweep safe to run on machines one does not watch:
// the Redis URL read and shown without its password, the signing key taken
// from MECHANICS_QUEUE_KEY (no key, no queue), and every payload — the
// sweep's module and run, each chunk of cells — signed with HMAC-SHA256 so
// that a worker runs nothing a key holder did not submit.
// Tests: test/runtime/sweep/queue-auth.test.ts

import { createHmac, timingSafeEqual } from 'node:crypto';
import { MechanicsError } from '../../errors.js';

/** The environment variable holding the shared signing key. */
export const QUEUE_KEY_ENV = 'MECHANICS_QUEUE_KEY';

/** A Redis URL as ioredis takes it, and as it may be printed (the password masked). */
export interface QueueUrl {
  readonly url: string;
  readonly shown: string;
}

/** redis://[user:password@]host[:port][/db] or rediss://…; anything else is bad-queue-url. */
export function parseQueueUrl(text: string): QueueUrl {
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    throw badUrl(text, 'not a URL');
  }
  if (u.protocol !== 'redis:' && u.protocol !== 'rediss:') throw badUrl(text, `the scheme must be redis: or rediss:, got ${u.protocol}`);
  if (u.hostname === '') throw badUrl(text, 'no host');
  const db = u.pathname.replace(/^\//, '');
  if (db !== '' && !/^\d+$/.test(db)) throw badUrl(text, `the path must be a database number (/0 … /15), got /${db}`);
  if (u.search || u.hash) throw badUrl(text, 'no query or fragment is read');
  const shown = new URL(u.href);
  if (shown.password) shown.password = '***';
  return { url: u.href, shown: shown.href };
}

function badUrl(text: string, cause: string): MechanicsError {
  return new MechanicsError('bad-queue-url', 'input', `--queue needs redis://[user:password@]host[:port][/db]: ${cause} (got '${masked(text)}')`, {
    field: 'queue',
  });
}

/** The text with anything between '://' and '@' masked, for an error about a URL that does not parse. */
function masked(text: string): string {
  return text.replace(/(:\/\/[^@/]*:)[^@/]*@/, '$1***@');
}

/** The signing key from MECHANICS_QUEUE_KEY; none (or an empty one) is queue-key-missing. */
export function queueKey(env: NodeJS.ProcessEnv = process.env): Buffer {
  const key = env[QUEUE_KEY_ENV];
  if (!key) {
    throw new MechanicsError(
      'queue-key-missing',
      'input',
      `a queued sweep signs what it sends: set ${QUEUE_KEY_ENV} to the same secret on the submitting machine and on every worker`,
      { field: QUEUE_KEY_ENV },
    );
  }
  return Buffer.from(key, 'utf8');
}

/** A payload as it travels: its JSON text and the text's HMAC. */
export interface Signed {
  readonly body: string;
  readonly sig: string;
}

export function sign(key: Buffer, value: unknown): Signed {
  const body = JSON.stringify(value);
  return { body, sig: createHmac('sha256', key).update(body).digest('hex') };
}

/** The payload's value, read only once its signature checks; otherwise bad-signature, and nothing of it is parsed. */
export function verify<T>(key: Buffer, signed: unknown, what: string): T {
  const s = signed as Partial<Signed> | null;
  if (typeof s?.body !== 'string' || typeof s.sig !== 'string') throw badSignature(what, 'it is not signed');
  const expected = createHmac('sha256', key).update(s.body).digest();
  const given = Buffer.from(s.sig, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw badSignature(what, 'its signature does not match its content');
  return JSON.parse(s.body) as T;
}

function badSignature(what: string, cause: string): MechanicsError {
  return new MechanicsError(
    'bad-signature',
    'input',
    `refused ${what}: ${cause} (submitted without ${QUEUE_KEY_ENV}, with another key, or altered on the way); nothing of it was run`,
    { field: 'queue' },
  );
}
