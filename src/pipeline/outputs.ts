// What `derive` writes for one compiled model, in memory: its generated
// code (and that code as JavaScript with `js`), then its report files. The
// CLI writes them (cli/write-outputs.ts); the staleness tests compare them
// with the committed files.
// Tests: test/pipeline/outputs.test.ts, test/codegen/generated.test.ts, test/report/committed.test.ts.
import { MechanicsError } from '../errors.js';
import { reportFiles } from '../report/report.js';
import type { CompiledModel } from './compiled-model.js';
import { compileGenerated } from './load-generated.js';
import { reportInputs } from './report-inputs.js';

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

/**
 * The report files of one model. Never throws: a report that cannot be
 * built (a formula KaTeX refuses, a drawing that does not evaluate) is a
 * problem beside the code, which `derive` has already written, so a report
 * failure never loses the generated module.
 */
export function buildReportOutputs(compiled: CompiledModel): BuildOutput {
  try {
    const { options, problems } = reportInputs(compiled);
    return { files: reportFiles(compiled.system, options), problems };
  } catch (err) {
    const where = { model: compiled.spec.name };
    const failure =
      err instanceof MechanicsError
        ? err.at(where)
        : new MechanicsError(
            'internal',
            'internal',
            `the report could not be built (${(err as Error).message.split('\n')[0]}); the generated code is not affected`,
            where,
          );
    return { files: new Map(), problems: [failure] };
  }
}

/** Everything `derive` writes for one model, in memory (used by the staleness tests too). */
export function buildOutputs(compiled: CompiledModel, options: BuildOptions = {}): BuildOutput {
  const code = buildCode(compiled, options);
  if (!(options.report ?? true)) return code;
  const report = buildReportOutputs(compiled);
  return { files: new Map([...code.files, ...report.files]), problems: report.problems };
}
