// The queue's safety: a Redis URL read with its password masked wherever it
// is shown, the named errors of a bad URL and of a missing key, and HMAC
// signatures that refuse another key, an altered body and no signature.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MechanicsError } from '../../../src/errors.js';
import { parseQueueUrl, queueKey, sign, verify } from '../../../src/runtime/sweep/queue-auth.js';

const code = (f: () => unknown): string => {
  try {
    f();
  } catch (err) {
    return err instanceof MechanicsError ? `${err.code}: ${err.message}` : String(err);
  }
  return 'no error';
};

describe('queue URLs', () => {
  it('keep the URL for the connection and mask the password in what is shown', () => {
    expect(parseQueueUrl('redis://:s3cret@queue.lab:6390/2')).toEqual({ url: 'redis://:s3cret@queue.lab:6390/2', shown: 'redis://:***@queue.lab:6390/2' });
    expect(parseQueueUrl('rediss://alice:pw@queue.lab/0').shown).toBe('rediss://alice:***@queue.lab/0');
    expect(parseQueueUrl('redis://localhost').shown).toBe('redis://localhost');
  });

  it('name what is wrong with a bad one (bad-queue-url), never printing its password', () => {
    for (const [text, cause] of [
      ['localhost:6379', /scheme must be redis: or rediss:, got localhost:/],
      ['http://:pw@queue.lab/0', /scheme must be redis: or rediss:, got http:/],
      ['redis://:pw@queue.lab/jobs', /database number .* got \/jobs/],
      ['redis://queue.lab/0?db=1', /no query or fragment/],
      ['not a url at all', /not a URL/],
    ] as const) {
      const message = code(() => parseQueueUrl(text));
      expect(message).toMatch(/^bad-queue-url: /);
      expect(message).toMatch(cause);
      expect(message).not.toContain('pw@');
    }
  });
});

describe('the signing key and signatures', () => {
  it('refuse to go on without MECHANICS_QUEUE_KEY (queue-key-missing)', () => {
    expect(code(() => queueKey({}))).toMatch(/^queue-key-missing: .*set MECHANICS_QUEUE_KEY/);
    expect(code(() => queueKey({ MECHANICS_QUEUE_KEY: '' }))).toMatch(/^queue-key-missing/);
    expect(queueKey({ MECHANICS_QUEUE_KEY: 'k' })).toEqual(Buffer.from('k'));
  });

  it('sign the JSON text with HMAC-SHA256 and read back only what the key signed', () => {
    const key = Buffer.from('key');
    const value = { sweep: 'a', chunk: 3, cells: [{ index: 7 }] };
    const signed = sign(key, value);
    // RFC 2104 HMAC over the exact text, computed independently.
    expect(signed.sig).toBe(createHmac('sha256', 'key').update('{"sweep":"a","chunk":3,"cells":[{"index":7}]}').digest('hex'));
    expect(verify(key, signed, 'job 1')).toEqual(value);
    const refused = [
      sign(Buffer.from('other'), value),
      { ...signed, body: signed.body.replace('3', '4') },
      { body: signed.body },
      { ...signed, sig: signed.sig.slice(0, 10) },
      null,
    ];
    for (const s of refused) expect(code(() => verify(key, s, 'job 1'))).toMatch(/^bad-signature: .*refused job 1: .*nothing of it was run/);
  });
});
