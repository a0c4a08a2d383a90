// What `derive` writes first for one compiled model, in memory: its
// generated code (and that code as JavaScript with `js`), in TypeScript or,
// with `target`, in C (<model>.h, <model>.c, and with `driver` <model>-driver.c) or Python (<model_name>.py). Apart from the
// reports (outputs.ts), so that `derive --no-report` loads neither them
// nor KaTeX.
// Tests: test/pipeline/outputs.test.ts, test/codegen/generated.test.ts.
import type { MechanicsError } from '../errors.js';
import { generateCDriver } from '../codegen/c-driver.js';
import { generateC } from '../codegen/print-c.js';
import { generatePython } from '../codegen/print-python.js';
import type { Target } from '../codegen/target.js';
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
  /** The language of the generated module (default 'ts'); `js` goes with 'ts' only. */
  readonly target?: Target;
  /** With target 'c', also the program that runs the module from the command line (c-driver.ts). */
  readonly driver?: boolean;
}

export interface BuildOutput {
  /** Path relative to the project root (generated/… or docs/…) → contents. */
  readonly files: ReadonlyMap<string, string>;
  /** What went wrong in a part that still produced a file (the report's simulation); `derive` fails on any. */
  readonly problems: readonly MechanicsError[];
}

/** The generated module of one model (and its JavaScript with `js`): what `derive` writes first, before any report. */
export function buildCode({ module, system, source }: CompiledModel, options: BuildOptions = {}): BuildOutput {
  if (options.target === 'c') {
    const c = generateC(system, source);
    const files = [c.header, c.source, ...(options.driver ? [generateCDriver(system, source, c)] : [])];
    return { files: new Map(files.map((f) => [`generated/${f.fileName}`, f.text])), problems: [] };
  }
  if (options.target === 'python') {
    const py = generatePython(system, source);
    return { files: new Map([[`generated/${py.fileName}`, py.text]]), problems: [] };
  }
  const files = new Map([[`generated/${module.fileName}`, module.source]]);
  if (options.js) files.set(`generated/${module.fileName.replace(/\.ts$/, '.mjs')}`, compileGenerated(module.source, 'esm'));
  return { files, problems: [] };
}
