// Finding and loading the model files in derivations/.
import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MechanicsError } from '../errors.js';
import type { ModelSpec } from '../model/index.js';

export interface ModelFile {
  /** Path as written in generated headers, e.g. derivations/compass.ts. */
  readonly source: string;
  readonly spec: ModelSpec;
}

/** Every model module in `dir` (compiled .js next to the CLI, or .ts under a TypeScript loader). */
export async function loadModels(dir: string): Promise<ModelFile[]> {
  const files = readdirSync(dir)
    .filter((f) => /\.(js|ts)$/.test(f) && !f.endsWith('.d.ts'))
    .sort();
  const out: ModelFile[] = [];
  for (const f of files) {
    const mod = (await import(pathToFileURL(join(dir, f)).href)) as { default?: ModelSpec };
    if (!mod.default || typeof mod.default !== 'object' || !('name' in mod.default)) {
      throw new MechanicsError('bad-model-file', 'model', `${f} has no default export made with defineModel(...)`, { field: 'default' });
    }
    out.push({ source: `derivations/${basename(f).replace(/\.js$/, '.ts')}`, spec: mod.default });
  }
  return out;
}

export function selectModels(all: readonly ModelFile[], names: readonly string[]): ModelFile[] {
  if (names.length === 0) return [...all];
  return names.map((name) => {
    const m = all.find((f) => f.spec.name === name);
    if (!m) throw new MechanicsError('unknown-model', 'input', `no model named '${name}' (known: ${all.map((f) => f.spec.name).join(', ')})`);
    return m;
  });
}
