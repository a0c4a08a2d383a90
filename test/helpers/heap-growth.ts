// Heap growth of a long-lived process deriving model after model with fresh
// names (the playground's worker, `derive --watch`, a sweep worker), measured
// in a child `node --expose-gc` running heap-growth-child.ts: the source
// bundled by esbuild (the packages left to node_modules, import.meta.url
// that of src/codegen/embed.ts, so that src/numeric is found as from source).
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildSync } from 'esbuild';
import { ROOT } from './examples.js';

export interface HeapGrowthRun {
  /** Runs before the first measurement (JIT code, the modules' own caches and lazily built tables are not growth). */
  readonly from: number;
  /** The run at which the second measurement is taken. */
  readonly until: number;
  /** The pendulums have nMin … nMax links, in turn. */
  readonly nMin: number;
  readonly nMax: number;
  /** After deriveSystem: generateModule, and buildReport. */
  readonly stages: readonly ('codegen' | 'report')[];
}

export interface HeapGrowth {
  /** Heap used after a full GC at run `until` minus at run `from`, in bytes. */
  readonly bytes: number;
  /**
   * The runs from `from` on (the last ones aside) whose model is still alive
   * at run `until`. Earlier ones may be: a node is registered on its
   * youngest child, and nodes of the run that first made a symbol every
   * model shares (g, t) live as long as it does.
   */
  readonly retained: readonly number[];
}

/** The child's script, bundled once per process (both runs of heap-growth.test.ts take it). */
let bundled: string | undefined;

function childScript(): string {
  if (bundled) return bundled;
  const dir = join(ROOT, 'test-artifacts');
  mkdirSync(dir, { recursive: true });
  const script = join(dir, 'heap-growth.mjs');
  buildSync({
    entryPoints: [join(ROOT, 'test', 'helpers', 'heap-growth-child.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    define: { 'import.meta.url': JSON.stringify(pathToFileURL(join(ROOT, 'src', 'codegen', 'embed.ts')).href) },
    logLevel: 'warning',
    outfile: script,
  });
  return (bundled = script);
}

export function heapGrowth(run: HeapGrowthRun): HeapGrowth {
  const script = childScript();
  const args = [run.from, run.until, run.nMin, run.nMax, run.stages.join(',')].map(String);
  const child = spawnSync(process.execPath, ['--expose-gc', script, ...args], { cwd: ROOT, encoding: 'utf8' });
  if (child.status !== 0) throw new Error(`heap-growth child failed (${child.status}): ${child.stderr}`);
  const { before, after, retained } = JSON.parse(child.stdout) as { before: number; after: number; retained: number[] };
  return { bytes: after - before, retained };
}
