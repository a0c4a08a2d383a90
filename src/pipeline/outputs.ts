// What `derive` writes for one compiled model, in memory: its generated
// code (code-outputs.ts), then its report files. The CLI writes them (cli/write-outputs.ts); the staleness tests compare them
// with the committed files.
// Tests: test/pipeline/outputs.test.ts, test/codegen/generated.test.ts, test/report/committed.test.ts.
import { MechanicsError } from '../errors.js';
import { reportFiles } from '../report/report.js';
import { buildCode, type BuildOptions, type BuildOutput } from './code-outputs.js';
import type { CompiledModel } from './compiled-model.js';
import { reportInputs } from './report-inputs.js';

export { buildCode, type BuildOptions, type BuildOutput };

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
