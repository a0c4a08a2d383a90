// Loading users' model files (.ts, .mts, .js, .mjs) at run time, on any
// Node.js the package supports (Node 20 cannot import TypeScript itself):
// the pipeline's input on Node (the playground reads the editor's text).
//
// esbuild (a runtime dependency made for this; never the TypeScript
// compiler) bundles the file and whatever local helpers it imports into one
// ES module. Imports of this package — `unilateral-mechanics`,
// `unilateral-mechanics/runtime`, `unilateral-mechanics/core`, and, inside
// this repository, relative imports into src/ such as derivations/'s
// '../src/model/index.js' — stay external and point at the copy of the
// toolkit that is running. Two copies of the kernel would intern equal
// expressions as different objects, and a model built with one copy's
// `sym` would then be foreign to the other's derivation. The entry modules
// themselves (index files: re-exports, and defineModel, an identity) are
// bundled in, and the modules they re-export are marked free of side
// effects: a model importing only defineModel then loads nothing of the
// toolkit (`list` neither validates nor parses), one importing `sym` only
// the kernel.
//
// The bundle is cached (disk-cache.ts) under the file's path and text and
// the running toolkit, with the text of every local file it took in: an
// unchanged model loads without starting esbuild (about 0.2 s of CPU).
// Tests: test/pipeline/model-file.test.ts, test/pipeline/disk-cache.test.ts.
import type { Metafile, OnResolveResult, Plugin } from 'esbuild';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, extname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MechanicsError } from '../errors.js';
import type { ModelSpec } from '../model/index.js';
import type { ModelSource } from './compiled-model.js';
import { whileLoading } from './model-loads.js';
import { cacheDir, digest, readEntry, toolkitIdentity, writeEntry } from './disk-cache.js';

/** A model file read: its spec, its path relative to the working directory (the header's `source`) and its absolute path. */
export interface ModelFile extends ModelSource {
  /** Absolute path of the file. */
  readonly path: string;
  /** SHA-256 of the file bundled with its local imports: what the spec is made from (cached-model.ts keys on it). */
  readonly digest: string;
}

export const MODEL_EXTENSIONS: readonly string[] = ['.ts', '.mts', '.js', '.mjs'];

/** The running toolkit's source folder: src/ under a TypeScript loader (tests), dist/src/ when compiled. */
const selfSrc = resolve(fileURLToPath(new URL('..', import.meta.url)));
const compiled = basename(dirname(selfSrc)) === 'dist';
/** This repository's (or installed package's) src/, which relative imports of derivations/ land in. */
const ownSrc = compiled ? join(dirname(dirname(selfSrc)), 'src') : selfSrc;

/** The running toolkit's file of a module (`model/index`). */
const runningFile = (relPath: string): string => join(selfSrc, `${relPath}${compiled ? '.js' : '.ts'}`);

/** A module of the running toolkit for the bundle: an entry module bundled in, any other an import of the running copy. */
function runningModule(relPath: string): OnResolveResult {
  const file = runningFile(relPath);
  if (ENTRY_MODULES.has(relPath)) return { path: file };
  // Compiled: Node imports it, and needs a file URL. Under vitest the path
  // goes through Vite's resolver, which takes plain absolute paths.
  return { path: compiled ? pathToFileURL(file).href : file, external: true, sideEffects: false };
}

const ENTRY_POINTS: Readonly<Record<string, string>> = {
  'unilateral-mechanics': 'index',
  'unilateral-mechanics/runtime': 'runtime/index',
  'unilateral-mechanics/core': 'core/index',
};

/** The toolkit's modules that only re-export (and define defineModel): bundled into a model, so that it loads only what it uses. */
const ENTRY_MODULES: ReadonlySet<string> = new Set([...Object.values(ENTRY_POINTS), 'model/index']);

/** A path inside `dir`, as a module name relative to it (`model/index`), or undefined. */
function moduleIn(dir: string, target: string): string | undefined {
  if (!target.startsWith(dir + sep)) return undefined;
  return relative(dir, target)
    .replace(/\.(js|ts)$/, '')
    .split(sep)
    .join('/');
}

const toolkitImports: Plugin = {
  name: 'unilateral-mechanics',
  setup(b) {
    b.onResolve({ filter: /^unilateral-mechanics(\/.*)?$/ }, (args) => {
      const entry = ENTRY_POINTS[args.path];
      if (!entry) return { errors: [{ text: `'${args.path}' is not an entry point of unilateral-mechanics (use ${Object.keys(ENTRY_POINTS).join(', ')})` }] };
      return runningModule(entry);
    });
    b.onResolve({ filter: /^\.\.?\// }, (args) => {
      // Into this repository's src/ (derivations/), or between the running toolkit's modules (from a bundled entry module).
      const target = resolve(args.resolveDir, args.path);
      const rel = moduleIn(ownSrc, target) ?? moduleIn(selfSrc, target);
      return rel === undefined ? undefined : runningModule(rel);
    });
  },
};

/** Import a model file and return its default export, a model made with defineModel(...). */
export async function loadModelFile(path: string, base: string = process.cwd()): Promise<ModelFile> {
  const file = resolve(base, path);
  const source = relative(base, file).split(sep).join('/');
  if (!existsSync(file) || !statSync(file).isFile()) throw new MechanicsError('bad-model-file', 'input', `no model file '${source}'`, { source });
  if (!MODEL_EXTENSIONS.includes(extname(file))) {
    throw new MechanicsError('bad-model-file', 'input', `'${source}' is not a model file (${MODEL_EXTENSIONS.join(', ')})`, { source });
  }
  const code = await bundleOf(file, source);
  const mod = await importBundled(file, source, code);
  const spec = mod.default;
  if (!spec || typeof spec !== 'object' || typeof (spec as { name?: unknown }).name !== 'string') {
    throw new MechanicsError('bad-model-file', 'model', `${source} has no default export made with defineModel(...)`, { field: 'default', source });
  }
  return { source, path: file, spec: spec as ModelSpec, digest: digest(code) };
}

/** Every model file directly in `dir`, sorted by file name. */
export async function loadModels(dir: string, base: string = process.cwd()): Promise<ModelFile[]> {
  const out: ModelFile[] = [];
  for (const f of modelFilesIn(dir)) out.push(await loadModelFile(f, base));
  return out;
}

/** Paths of the model files directly in `dir` (no declaration files, no hidden files), sorted. */
export function modelFilesIn(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => MODEL_EXTENSIONS.includes(extname(f)) && !f.endsWith('.d.ts') && !f.startsWith('.'))
    .sort()
    .map((f) => join(dir, f));
}

/** A cached bundle: its code and the SHA-256 of each file it took in, by absolute path. */
interface BundleEntry {
  readonly inputs: Readonly<Record<string, string>>;
  readonly code: string;
}

const fileDigest = (path: string): string | undefined => {
  try {
    return digest(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
};

/** The file bundled with its local imports as one ES module: from the cache while none of its inputs changed, else by esbuild. */
async function bundleOf(file: string, source: string): Promise<string> {
  const dir = cacheDir();
  const key = digest('model-file', toolkitIdentity(), file, readFileSync(file, 'utf8'));
  const hit = readEntry(dir, key) as Partial<BundleEntry> | undefined;
  if (
    typeof hit?.code === 'string' &&
    typeof hit.inputs === 'object' &&
    hit.inputs !== null &&
    Object.entries(hit.inputs).every(([path, sum]) => fileDigest(path) === sum)
  ) {
    return hit.code;
  }
  const { code, metafile } = await compile(file, source);
  const inputs: Record<string, string> = {};
  for (const input of Object.keys(metafile.inputs)) {
    const path = resolve(input);
    const sum = fileDigest(path);
    // An input esbuild did not read from disk cannot be checked: leave the bundle uncached.
    if (sum === undefined) return code;
    inputs[path] = sum;
  }
  writeEntry(dir, key, { inputs, code } satisfies BundleEntry);
  return code;
}

async function compile(file: string, source: string): Promise<{ code: string; metafile: Metafile }> {
  // esbuild is imported here, not at the top: a cached model never starts it.
  const { build } = await import('esbuild');
  try {
    const result = await build({
      entryPoints: [file],
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      logLevel: 'silent',
      plugins: [toolkitImports],
    });
    return { code: result.outputFiles[0]!.text, metafile: result.metafile };
  } catch (err) {
    const errors = (err as { errors?: { text: string; location?: { file: string; line: number; column: number } | null }[] }).errors ?? [];
    const lines = errors.map((e) => (e.location ? `${e.location.file}:${e.location.line}:${e.location.column}: ${e.text}` : e.text));
    throw new MechanicsError('bad-model-file', 'input', `cannot compile ${source}:\n  ${lines.join('\n  ') || String(err)}`, { source });
  }
}

async function importBundled(file: string, source: string, code: string): Promise<{ default?: unknown }> {
  // A fresh file per load, so an edited model is imported anew (`--watch`)
  // rather than served from the module cache.
  const dir = mkdtempSync(join(tmpdir(), 'mechanics-model-'));
  const bundled = join(dir, `${basename(file, extname(file))}.mjs`);
  writeFileSync(bundled, code);
  try {
    return (await whileLoading(source, () => import(/* @vite-ignore */ pathToFileURL(bundled).href))) as { default?: unknown };
  } catch (err) {
    if (err instanceof MechanicsError) throw err.at({ source });
    throw new MechanicsError('bad-model-file', 'model', `${source} failed while loading: ${(err as Error).message ?? String(err)}`, { source });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
