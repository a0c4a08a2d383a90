// Run once per test run, in vitest's main process: the directory where the
// workers share what `npm run derive` builds for each model
// (test/helpers/built-models.ts), made fresh for every run so that nothing
// built from older sources is ever read, and removed at the end.
import { mkdtempSync, rmSync } from 'node:fs';
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
  const dir = mkdtempSync(join(tmpdir(), 'mechanics-built-'));
  project.provide('builtModelsDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
