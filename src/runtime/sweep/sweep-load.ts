// Loading what a sweep's cells need, in the main thread and in each worker
// alike: the generated module (from its file or from its JavaScript text,
// for a module compiled in memory) and a user's classifier module. Workers
// cannot receive functions, so they receive these references and import.
// Node's modules are imported lazily so that the runtime's index stays
// loadable where there is no node:url (a browser bundle of a generated model).
// Tests: test/runtime/sweep/sweep.test.ts

import type { LoadedModule } from '../contract.js';
import { SimulationError } from '../errors.js';
import type { ClassifyFunction, SweepRun } from './sweep-cell.js';

/**
 * A generated module as a worker can load it: the path (or file: URL) of its
 * compiled JavaScript (`mechanics derive --js` writes generated/<model>.mjs),
 * or that JavaScript itself — an ES module with no imports, which every
 * generated module is.
 */
export type ModuleRef = { readonly path: string } | { readonly source: string };

/** An import specifier for a file path or a URL (file:, data:, http: are passed through). */
export async function specifierOf(pathOrUrl: string): Promise<string> {
  if (/^[a-z][a-z0-9+.-]*:/i.test(pathOrUrl) && !/^[a-z]:[\\/]/i.test(pathOrUrl)) return pathOrUrl;
  const { pathToFileURL } = await import('node:url');
  return pathToFileURL(pathOrUrl).href;
}

/** The module's import specifier: a file URL, or a data: URL of its text. */
async function moduleSpecifier(m: ModuleRef): Promise<string> {
  if ('path' in m) return specifierOf(m.path);
  return `data:text/javascript;base64,${Buffer.from(m.source, 'utf8').toString('base64')}`;
}

const loaded = new Map<string, Promise<LoadedModule>>();

/** Import a generated module once per thread (a worker runs many tasks of the same sweep). */
export function importModule(m: ModuleRef): Promise<LoadedModule> {
  const key = 'path' in m ? `path:${m.path}` : `source:${m.source}`;
  let p = loaded.get(key);
  if (!p) {
    p = moduleSpecifier(m).then((s) => import(s) as Promise<LoadedModule>);
    loaded.set(key, p);
  }
  return p;
}

/** The user's classifier of a run with a classifier module (undefined for the built-in ones). */
export async function importClassifier(run: SweepRun, model: string): Promise<ClassifyFunction | undefined> {
  if (run.kind !== 'simulate' || typeof run.classify === 'string') return undefined;
  const { module, export: name = 'classify' } = run.classify;
  const exports = (await import(await specifierOf(module))) as Record<string, unknown>;
  const fn = exports[name];
  if (typeof fn !== 'function') {
    throw new SimulationError(
      'invalid-option',
      'input',
      `classifier module ${module} has no function export '${name}' (exports: ${Object.keys(exports).join(', ') || 'none'})`,
      { model, field: 'classify' },
    );
  }
  return fn as ClassifyFunction;
}
