// A generated module's source (TypeScript, no imports) made runnable on
// Node with esbuild: as JavaScript for files (`derive --js`) and the sweep's
// workers, and loaded in memory (compileModel's loader on Node; the
// playground passes sucrase's instead).
// Tests: test/package/model-language.test.ts (loading), test/cli/cli.test.ts (derive --js), test/pipeline/compiled-model.test.ts.
import { transformSync } from 'esbuild';
import type { LoadedModule } from '../runtime/contract.js';

/** A generated module (TypeScript source) as JavaScript: ES module for files, CommonJS for loading in memory. */
export function compileGenerated(source: string, format: 'esm' | 'cjs'): string {
  return transformSync(source, { loader: 'ts', format, target: 'es2022' }).code;
}

/** A generated module (TypeScript source, no imports) as a live module, synchronously. */
export function loadGenerated(source: string): LoadedModule {
  const exports: Record<string, unknown> = {};
  const module = { exports };
  new Function('exports', 'module', compileGenerated(source, 'cjs'))(exports, module);
  return module.exports as unknown as LoadedModule;
}
