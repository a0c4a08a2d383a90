// Compiled code kept on disk between runs of the command line, keyed by
// content, so that a command on an unchanged model needs neither esbuild
// (a model file's bundle, model-file.ts) nor the derivation (its generated
// module as JavaScript, cached-model.ts).
//
// The folder: $MECHANICS_CACHE_DIR (`off` turns the cache off), else
// $XDG_CACHE_HOME/unilateral-mechanics, else ~/.cache/unilateral-mechanics.
// One JSON file per key, written under a temporary name and renamed, so a
// reader never sees half an entry; one that cannot be read or parsed is a
// miss, one that cannot be written is skipped (a read-only home still works).
// Node only: the playground never imports it.
// Tests: test/pipeline/disk-cache.test.ts
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The cache folder the environment names, or undefined when the cache is off. */
export function cacheDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const named = env.MECHANICS_CACHE_DIR;
  if (named === 'off') return undefined;
  if (named) return resolve(named);
  if (env.XDG_CACHE_HOME) return join(env.XDG_CACHE_HOME, 'unilateral-mechanics');
  try {
    return join(homedir(), '.cache', 'unilateral-mechanics');
  } catch {
    // No home (a service account without one): run without the cache.
    return undefined;
  }
}

/** Hex SHA-256 of the parts, each ended by a NUL (so ['ab', 'c'] and ['a', 'bc'] differ). */
export function digest(...parts: readonly string[]): string {
  const h = createHash('sha256');
  for (const p of parts) h.update(p).update('\0');
  return h.digest('hex');
}

/** The entry stored under `key`, or undefined: absent, unreadable or not JSON. */
export function readEntry(dir: string | undefined, key: string): unknown {
  if (dir === undefined) return undefined;
  try {
    return JSON.parse(readFileSync(join(dir, `${key}.json`), 'utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** Store `value` under `key`; a failure (no space, no permission) only costs the next run the work again. */
export function writeEntry(dir: string | undefined, key: string, value: unknown): void {
  if (dir === undefined) return;
  try {
    mkdirSync(dir, { recursive: true });
    const temp = join(dir, `${key}.${process.pid}.tmp`);
    writeFileSync(temp, JSON.stringify(value));
    renameSync(temp, join(dir, `${key}.json`));
  } catch {
    // The cache is an optimization: the command goes on without it.
  }
}

let running: string | undefined;

/**
 * The running toolkit's identity: its folder and the size and modification
 * time of every file in it (dist/src/ compiled, src/ under a TypeScript
 * loader). Any other version, build or edit of the toolkit gives another
 * value, so a derivation cached by one is never served to another. About
 * 400 stat calls, a few milliseconds, once per process.
 */
export function toolkitIdentity(): string {
  if (running !== undefined) return running;
  const root = fileURLToPath(new URL('..', import.meta.url));
  const files = (readdirSync(root, { recursive: true }) as string[]).sort();
  const h = createHash('sha256').update(root);
  for (const f of files) {
    const s = statSync(join(root, f));
    if (s.isFile()) h.update(`\0${f}\0${s.size}\0${s.mtimeMs}`);
  }
  running = h.digest('hex');
  return running;
}
