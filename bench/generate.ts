// A model spec → its generated module, compiled (esbuild, as the CLI's --js
// does) and loaded, for the bench's timings of generated code; the module
// also exports its top-level functions, whose V8 tier bench/tiering.ts asks.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { transformSync } from 'esbuild';
import type { LoadedModule } from '../src/runtime/contract.js';

export interface GeneratedModule extends LoadedModule {
  /** Every function the module declares, exported or not (the kernels' chunks among them). */
  readonly bench$functions: readonly ((...args: never[]) => unknown)[];
}

/** A generated module's source, compiled and imported. */
export async function loadGenerated(source: string): Promise<GeneratedModule> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-'));
  const file = join(dir, 'model.mjs');
  const code = transformSync(source, { loader: 'ts', format: 'esm', target: 'es2022' }).code;
  // esbuild prints top-level declarations from the line's start.
  const names = Array.from(code.matchAll(/^function ([\w$]+)\(/gm), (m) => m[1]);
  writeFileSync(file, `${code}\nexport const bench$functions = [${names.join(', ')}];\n`);
  try {
    return (await import(pathToFileURL(file).href)) as GeneratedModule;
  } finally {
    rmSync(dir, { recursive: true });
  }
}
