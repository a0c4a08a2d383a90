// Run once per test run, in vitest's main process, before the workers start.
// - One temporary folder for the whole run: TMPDIR points into it, so every
//   folder a test (or a compiler, pdflatex, Chromium it starts) makes with
//   os.tmpdir() is removed with it at the end, even when a test fails or
//   leaves its folder behind; repeated runs do not fill /tmp.
// - Inside it, the directory where the workers share what `npm run derive`
//   builds for each model (test/helpers/built-models.ts), fresh for every run
//   so that nothing built from older sources is ever read.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's directory of built models (test/helpers/built-models.ts). */
    builtModelsDir: string;
  }
}

export default function setup(project: TestProject): () => void {
  const run = mkdtempSync(join(tmpdir(), 'mechanics-run-'));
  const before = process.env.TMPDIR;
  process.env.TMPDIR = run;
  const dir = join(run, 'built');
  mkdirSync(dir);
  project.provide('builtModelsDir', dir);
  return () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    rmSync(run, { recursive: true, force: true });
  };
}
