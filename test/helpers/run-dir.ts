// What the test files of one run build once and share through the run's
// directory (test/helpers/global-setup.ts): each build under a key, claimed
// by the first process to need it with a lock file holding its pid, then
// stored whole (written aside, renamed into place) for every other process
// to read. Used by built-models.ts (each model's build) and playground.ts.
import { closeSync, existsSync, openSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { inject } from 'vitest';

/** A build, or how it failed (read() throws it where the build is needed). */
type Stored<T> = { readonly built: T } | { readonly error: string };

// Undefined when vitest runs without this repository's config (no global setup): then each file builds its own.
export const RUN_DIR: string | undefined = inject('builtModelsDir');

const resultPath = (key: string): string => join(RUN_DIR!, `${key}.v8`);
const lockPath = (key: string): string => join(RUN_DIR!, `${key}.lock`);

/** Whether the build of `key` is stored. */
export const stored = (key: string): boolean => existsSync(resultPath(key));

/** Take the build of `key`: true when this process is to build it. */
export function claim(key: string): boolean {
  let fd: number;
  try {
    fd = openSync(lockPath(key), 'wx');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
  writeSync(fd, String(process.pid));
  closeSync(fd);
  return true;
}

/** Whether the process that claimed `key` has ended without storing it (killed, or its worker torn down). */
function claimAbandoned(key: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(lockPath(key), 'utf8'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw err;
  }
  if (!pid || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Claim `key` again when its claimant is gone without storing it: true when
 * this process is now to build it (two waiters may then both build it: the
 * same bytes, each renamed into place whole).
 */
export function reclaimAbandoned(key: string): boolean {
  if (!claimAbandoned(key) || stored(key)) return false;
  rmSync(lockPath(key), { force: true });
  return claim(key);
}

function put<T>(key: string, value: Stored<T>): void {
  const tmp = `${resultPath(key)}.${process.pid}`;
  writeFileSync(tmp, serialize(value));
  renameSync(tmp, resultPath(key));
}

/** Store the build of `key`. */
export const store = <T>(key: string, built: T): void => put(key, { built });

/** Store how the build of `key` failed, for the processes waiting for it. */
export const storeFailure = (key: string, err: unknown): void => put(key, { error: (err as Error).stack ?? String(err) });

/** The stored build of `key`; its failure, thrown. */
export function read<T>(key: string): T {
  const value = deserialize(readFileSync(resultPath(key))) as Stored<T>;
  if ('error' in value) throw new Error(`building ${key} failed in another test file:\n${value.error}`);
  return value.built;
}
