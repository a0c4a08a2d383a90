// A model file compiled for a command (simulate, orbit, linearize, limit,
// sweep), its generated module taken from the disk cache when neither the
// file (with its local imports) nor the toolkit changed: a command then
// validates the spec and runs, with no derivation, no code generation and no
// esbuild. The derivation and the module's source are still there, made on
// first use, for a command that reads them. (`simulate` at the model's
// defaults skips even the validation: cached-module.ts.)
// Keyed by the bundle's digest, so a spec that depends on more than its
// files' text (the environment, the clock) is outside what it sees.
// Tests: test/pipeline/disk-cache.test.ts
import { generateModule, type GeneratedSource } from '../codegen/module.js';
import { deriveSystem, type DerivedSystem } from '../derive/system.js';
import { buildModel } from '../model/index.js';
import { cachedModule, generatedKey, type GeneratedEntry } from './cached-module.js';
import { compileModel, type CompiledModel } from './compiled-model.js';
import { cacheDir, toolkitIdentity, writeEntry } from './disk-cache.js';
import { compileGenerated, evaluateGenerated } from './load-generated.js';
import type { ModelFile } from './model-file.js';

/**
 * compileModel(file, loadGenerated), with the loaded module cached in `dir`
 * under the toolkit's identity and the file's digest. An entry that is not
 * a module is a miss.
 */
export function compileModelFile(file: ModelFile, dir: string | undefined = cacheDir(), toolkit: string = toolkitIdentity()): CompiledModel {
  const cached = cachedModule(file, dir, toolkit);
  if (cached === undefined) {
    return compileModel(file, (source) => {
      const js = compileGenerated(source, 'cjs');
      writeEntry(dir, generatedKey(file, toolkit), { js } satisfies GeneratedEntry);
      return evaluateGenerated(js);
    });
  }
  const model = buildModel(file.spec);
  let system: DerivedSystem | undefined;
  let module: GeneratedSource | undefined;
  return {
    spec: file.spec,
    source: file.source,
    model,
    get system() {
      return (system ??= deriveSystem(model));
    },
    get module() {
      return (module ??= generateModule(this.system, file.source));
    },
    loaded: cached,
  };
}
