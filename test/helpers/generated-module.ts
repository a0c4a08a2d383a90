// Compile a generated module (TypeScript source text) and load it, for
// models built inside a test (the committed examples are imported directly).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { generateModule, type ModuleOptions } from '../../src/codegen/module.js';
import type { DerivedSystem } from '../../src/derive/system.js';
import { compileGenerated } from '../../src/pipeline/load-generated.js';
import type { LoadedModule } from '../../src/runtime/contract.js';

let dir: string | undefined;

/** Syntax errors of a TypeScript source text (empty when it parses). */
export function syntaxErrors(source: string): string[] {
  const out = ts.transpileModule(source, { reportDiagnostics: true, compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext } });
  return (out.diagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

// One load per derived system and options in a worker: the examples'
// systems are shared (examples.ts derived()), and the files that check every
// example's module (generated, jacobian, target-c, target-python, exports)
// would otherwise generate and compile each of them again, the bicycle's
// 700 kB among them. The module is a function of these two alone:
// sourceFile only names the model file in its header comment.
const loaded = new WeakMap<DerivedSystem, Map<string, Promise<LoadedModule>>>();

/**
 * Generate, compile and import the module of a derived system, as an ES
 * module file, once per (sys, opts). Compiled by the toolkit's own loader
 * (esbuild, as src/pipeline/load-generated.ts runs it), not TypeScript's
 * transpileModule: the same types stripped from the same source, at a
 * tenth of the time.
 */
export function loadGenerated(sys: DerivedSystem, sourceFile = `test/${sys.model.name}.ts`, opts: ModuleOptions = {}): Promise<LoadedModule> {
  let bySys = loaded.get(sys);
  if (!bySys) loaded.set(sys, (bySys = new Map()));
  const key = JSON.stringify(opts);
  let mod = bySys.get(key);
  if (!mod) bySys.set(key, (mod = load(sys, sourceFile, opts)));
  return mod;
}

const sources = new WeakMap<DerivedSystem, Map<string, string>>();

/**
 * The generated module's source text of a derived system, once per (sys,
 * sourceFile, opts) in a worker: test/codegen/generated.test.ts compares it
 * with the run's shared build, then loads it.
 */
export function generatedSource(sys: DerivedSystem, sourceFile: string, opts: ModuleOptions = {}): string {
  let bySys = sources.get(sys);
  if (!bySys) sources.set(sys, (bySys = new Map()));
  const key = JSON.stringify([sourceFile, opts]);
  let source = bySys.get(key);
  if (source === undefined) bySys.set(key, (source = generateModule(sys, sourceFile, opts).source));
  return source;
}

async function load(sys: DerivedSystem, sourceFile: string, opts: ModuleOptions): Promise<LoadedModule> {
  const js = compileGenerated(generatedSource(sys, sourceFile, opts), 'esm');
  dir ??= mkdtempSync(join(tmpdir(), 'mechanics-test-'));
  const file = join(dir, `${sys.model.name}-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(file, js);
  return (await import(/* @vite-ignore */ pathToFileURL(file).href)) as LoadedModule;
}
