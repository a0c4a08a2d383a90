// What `derive` writes first for one compiled model, in memory: its
// generated code (and that code as JavaScript with `js`). Apart from the
// reports (outputs.ts), so that `derive --no-report` loads neither them
// nor KaTeX.
// Tests: test/pipeline/outputs.test.ts, test/codegen/generated.test.ts.
import type { MechanicsError } from '../errors.js';
import type { CompiledModel } from './compiled-model.js';
import { compileGenerated } from './load-generated.js';

export interface BuildOptions {
  /** Write the reports (default true). */
  readonly report?: boolean;
  /**
   * Also write the generated module compiled to JavaScript, generated/<model>.mjs (default false):
   * an ES module by its extension, so that it imports from a CommonJS project too.
   */
  readonly js?: boolean;
}

export interface BuildOutput {
  /** Path relative to the project root (generated/… or docs/…) → contents. */
  readonly files: ReadonlyMap<string, string>;
  /** What went wrong in a part that still produced a file (the report's simulation); `derive` fails on any. */
  readonly problems: readonly MechanicsError[];
}

/** The generated module of one model (and its JavaScript with `js`): what `derive` writes first, before any report. */
export function buildCode({ module }: CompiledModel, options: BuildOptions = {}): BuildOutput {
  const files = new Map([[`generated/${module.fileName}`, module.source]]);
  if (options.js) files.set(`generated/${module.fileName.replace(/\.ts$/, '.mjs')}`, compileGenerated(module.source, 'esm'));
  return { files, problems: [] };
}
