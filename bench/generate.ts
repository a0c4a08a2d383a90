// A model spec → its generated module, compiled (esbuild, as the CLI's --js
// does) and loaded, for the bench's timings of generated code.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { transformSync } from 'esbuild';
import type { LoadedModule } from '../src/runtime/contract.js';

/** A generated module's source, compiled and imported. */
export async function loadGenerated(source: string): Promise<LoadedModule> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-'));
  const file = join(dir, 'model.mjs');
  writeFileSync(file, transformSync(source, { loader: 'ts', format: 'esm', target: 'es2022' }).code);
  try {
    return (await import(pathToFileURL(file).href)) as LoadedModule;
  } finally {
    rmSync(dir, { recursive: true });
  }
}
