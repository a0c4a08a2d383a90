// The sources, examples, bench, scripts and tests type-check under
// tsconfig.test.json. Checked here, in a worker beside the other files,
// rather than by tsc before the suite starts, where it held one of two
// cores idle for its 25 s. The generated modules are checked on their own
// under stricter flags (codegen/strict.test.ts).
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/examples.js';

/** Type errors of a program, as "file(line): message". */
function errors(program: ts.Program): string[] {
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file && d.start !== undefined ? `${d.file.fileName.slice(ROOT.length)}(${d.file.getLineAndCharacterOfPosition(d.start).line + 1})` : '';
    return `${where}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}

function project(): ts.ParsedCommandLine {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(ROOT, 'tsconfig.test.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error('tsconfig.test.json could not be read');
  return config;
}

describe('tsconfig.test.json', () => {
  const config = project();

  it('names the sources and the tests, and no generated module', () => {
    const files = config.fileNames.map((f) => f.slice(ROOT.length));
    expect(files).toContain('src/index.ts');
    expect(files).toContain('test/architecture/typecheck.test.ts');
    expect(files.filter((f) => f.startsWith('generated/'))).toEqual([]);
  });

  it('type-checks every file it names', () => {
    expect(errors(ts.createProgram({ rootNames: config.fileNames, options: config.options }))).toEqual([]);
  });

  it('the check can fail: a string where a number is declared is reported', () => {
    const host = ts.createCompilerHost(config.options);
    const file = join(ROOT, 'test', 'architecture', 'bad.ts');
    const read = host.readFile.bind(host);
    host.readFile = (f) => (f === file ? 'export const x: number = "1";\n' : read(f));
    host.fileExists = (
      (exists) => (f: string) =>
        f === file || exists(f)
    )(host.fileExists.bind(host));
    expect(errors(ts.createProgram({ rootNames: [file], options: config.options, host }))).toEqual([
      "test/architecture/bad.ts(1): Type 'string' is not assignable to type 'number'.",
    ]);
  });
});
