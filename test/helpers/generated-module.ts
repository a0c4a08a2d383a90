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

/**
 * Generate, compile and import the module of a derived system, as an ES
 * module file. Compiled by the toolkit's own loader (esbuild, as
 * src/pipeline/load-generated.ts runs it), not TypeScript's transpileModule:
 * the same types stripped from the same source, at a tenth of the time.
 */
export async function loadGenerated(sys: DerivedSystem, sourceFile = `test/${sys.model.name}.ts`, opts: ModuleOptions = {}): Promise<LoadedModule> {
  const { source } = generateModule(sys, sourceFile, opts);
  const js = compileGenerated(source, 'esm');
  dir ??= mkdtempSync(join(tmpdir(), 'mechanics-test-'));
  const file = join(dir, `${sys.model.name}-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(file, js);
  return (await import(/* @vite-ignore */ pathToFileURL(file).href)) as LoadedModule;
}
