// The file writes of every command: `derive` and `report` write the
// pipeline's outputs (path → contents, in memory) under the project, or
// under --out in the same layout; `simulate` and `sweep` write one file per
// option. Every output path is checked before the run (a run of minutes
// must not end in an unwritable path), and a write that fails anyway is
// the same named error, never a stack trace.
// Tests: test/cli/write-outputs.test.ts, test/cli/cli.test.ts (derive --out, simulate --out).
import { accessSync, constants, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { MechanicsError, UsageError } from '../errors.js';

/**
 * Where a build output goes, relative to the project root: generated/… and
 * docs/reports/… as they are, under the project or under `outDir` (the
 * repository's layout either way, so the report's links to its KaTeX
 * assets and an index's links hold wherever the tree is put).
 */
export function outputRel(rel: string, outDir?: string): string {
  return outDir === undefined ? rel : join(outDir, rel).split(sep).join('/');
}

/** The named error of an output path; `option` undefined: the project folder itself (derive without --out). */
function outputError(option: string | undefined, path: string, cause: string): UsageError {
  return new UsageError(`cannot write ${option === undefined ? '' : `${option} `}${path}: ${cause}`, option, 'bad-output');
}

function writable(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** The nearest existing ancestor of `path` (itself if it exists). */
function existingAncestor(path: string): string {
  let at = path;
  while (!existsSync(at) && dirname(at) !== at) at = dirname(at);
  return at;
}

/**
 * A file an option names (`--out run.csv`) can be written: its folder exists
 * and is writable, and it is not itself a folder or a read-only file.
 */
export function checkOutputFile(option: string, file: string): void {
  const path = resolve(file);
  const folder = dirname(path);
  if (existsSync(path) && statSync(path).isDirectory()) throw outputError(option, file, 'it is a folder; name a file in it');
  if (!existsSync(folder)) throw outputError(option, file, `there is no folder ${folder}`);
  if (!statSync(folder).isDirectory()) throw outputError(option, file, `${folder} is not a folder`);
  if (!writable(existsSync(path) ? path : folder)) throw outputError(option, file, `${existsSync(path) ? 'the file' : folder} is not writable`);
}

/**
 * A folder outputs go under (`--out DIR`; `option` undefined: the project
 * itself) can be made and written: it is a writable folder, or the nearest
 * folder above it that exists is (the missing ones are created).
 */
export function checkOutputDir(option: string | undefined, dir: string): void {
  const path = resolve(dir);
  const at = existingAncestor(path);
  if (!statSync(at).isDirectory()) throw outputError(option, dir, `${at} is a file, not a folder`);
  if (!writable(at)) throw outputError(option, dir, `${at} is not writable`);
}

/** Write one file an option names; a failure is the option's named error. */
export function writeOutputFile(option: string, file: string, text: string): void {
  try {
    writeFileSync(file, text);
  } catch (err) {
    throw outputError(option, file, (err as Error).message);
  }
}

/** Write build outputs under `root`; never into node_modules (an installed package is no place for a user's files). */
export function writeOutputs(root: string, out: { readonly files: ReadonlyMap<string, string | Uint8Array> }, outDir?: string): string[] {
  const written: string[] = [];
  const option = outDir === undefined ? undefined : '--out';
  for (const [rel, text] of out.files) {
    const target = outputRel(rel, outDir);
    const path = resolve(root, target);
    if (path.split(sep).includes('node_modules')) {
      throw new MechanicsError('bad-argument', 'input', `refusing to write ${path} inside node_modules; run from your project's folder or give --out`, {
        field: '--out',
      });
    }
    try {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
    } catch (err) {
      throw outputError(option, path, (err as Error).message);
    }
    written.push(target);
  }
  return written;
}
