// A model file's generated module from the disk cache, with nothing of the
// symbolic pipeline: `simulate` of an unchanged model runs it from the
// module's own metadata (ModelInfo) without validating, parsing or deriving
// (cached-model.ts compiles on a miss).
// Tests: test/pipeline/disk-cache.test.ts
import type { LoadedModule } from '../runtime/contract.js';
import { cacheDir, digest, readEntry, toolkitIdentity } from './disk-cache.js';
import { evaluateGenerated } from './load-generated.js';
import type { ModelFile } from './model-file.js';

/** A cached generated module: compileGenerated's CommonJS. */
export interface GeneratedEntry {
  readonly js: string;
}

/** The cache key of a model file's generated module under a toolkit's identity. */
export function generatedKey(file: ModelFile, toolkit: string): string {
  return digest('generated', toolkit, file.source, file.digest);
}

/** The file's generated module from the cache in `dir`, or undefined on a miss (an entry that is not a module is one). */
export function cachedModule(file: ModelFile, dir: string | undefined = cacheDir(), toolkit: string = toolkitIdentity()): LoadedModule | undefined {
  const entry = readEntry(dir, generatedKey(file, toolkit)) as Partial<GeneratedEntry> | undefined;
  if (typeof entry?.js !== 'string') return undefined;
  try {
    const mod = evaluateGenerated(entry.js);
    return typeof mod.accelerations === 'function' ? mod : undefined;
  } catch {
    return undefined;
  }
}
