// A generated module's source (TypeScript, no imports) made runnable on
// Node with esbuild: as JavaScript for files (`derive --js`) and the sweep's
// workers, and loaded in memory (compileModel's loader on Node; the
// playground passes sucrase's instead). esbuild is required on first use,
// not at import: a command whose module comes from the cache
// (cached-model.ts) never starts it.
// Tests: test/package/model-language.test.ts (loading), test/cli/cli.test.ts (derive --js), test/pipeline/compiled-model.test.ts.
import { createRequire } from 'node:module';
import type { LoadedModule } from '../runtime/contract.js';

type Esbuild = typeof import('esbuild');
let esbuild: Esbuild | undefined;

/** A generated module (TypeScript source) as JavaScript: ES module for files, CommonJS for loading in memory. */
export function compileGenerated(source: string, format: 'esm' | 'cjs'): string {
  esbuild ??= createRequire(import.meta.url)('esbuild') as Esbuild;
  return esbuild.transformSync(source, { loader: 'ts', format, target: 'es2022' }).code;
}

/** A generated module compiled to CommonJS (compileGenerated's 'cjs') as a live module. */
export function evaluateGenerated(js: string): LoadedModule {
  const exports: Record<string, unknown> = {};
  const module = { exports };
  new Function('exports', 'module', js)(exports, module);
  return module.exports as unknown as LoadedModule;
}

/** A generated module (TypeScript source, no imports) as a live module, synchronously. */
export function loadGenerated(source: string): LoadedModule {
  return evaluateGenerated(compileGenerated(source, 'cjs'));
}
