// Type checks by TypeScript 7's native compiler (the package's
// typescript-native, which `npm run build` and `npm run typecheck` use):
// 4 s for the whole project where TypeScript 5's API, which the AST tests
// still read, took 22 s.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ROOT } from './examples.js';

export const NATIVE_TSC = join(ROOT, 'node_modules', 'typescript-native', 'bin', 'tsc');

/** Type errors of a tsconfig's project, as "file(line): message", paths relative to the tsconfig's folder. */
export function typeErrors(tsconfig: string): string[] {
  const r = spawnSync(process.execPath, [NATIVE_TSC, '-p', tsconfig, '--noEmit', '--pretty', 'false'], {
    cwd: dirname(tsconfig),
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  if (r.error) throw r.error;
  const lines = `${r.stdout}${r.stderr}`.split('\n').filter((l) => l.trim() !== '');
  // A failing run with nothing on its output is a broken compiler, not a clean project.
  if (r.status !== 0 && lines.length === 0) throw new Error(`tsc exited ${r.status ?? r.signal} without output`);
  return lines.map((l) => l.replace(/^(.*?)\((\d+),\d+\): error TS\d+: /, '$1($2): '));
}

/** Type errors of `files` (absolute paths) under a tsconfig of `config` written to a folder of its own. */
export function typeErrorsOf(files: readonly string[], config: Record<string, unknown>): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'typecheck-'));
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ ...config, include: [], files }));
  return typeErrors(join(dir, 'tsconfig.json'));
}

/**
 * The strictest flags a user's project may set, with the ECMAScript library
 * alone (no Node.js types: a `process` or `require` fails), under which
 * generated modules are checked.
 */
const STRICT = {
  compilerOptions: {
    strict: true,
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: true,
    noImplicitOverride: true,
    noFallthroughCasesInSwitch: true,
    target: 'es2022',
    module: 'esnext',
    lib: ['es2022'],
    types: [],
  },
};

/** Type errors of files (absolute paths) under STRICT. */
export const strictTypeErrors = (files: readonly string[]): string[] => typeErrorsOf(files, STRICT);
