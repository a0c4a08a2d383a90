// The sources, examples, bench, scripts and tests type-check under
// tsconfig.test.json. Checked here, in a worker beside the other files,
// rather than by tsc before the suite starts, where it held one of two
// cores idle. The generated modules are checked on their own under stricter
// flags (codegen/strict.test.ts).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/examples.js';
import { typeErrors, typeErrorsOf } from '../helpers/native-tsc.js';

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
    expect(typeErrors(join(ROOT, 'tsconfig.test.json'))).toEqual([]);
  });

  it('the check can fail: a string where a number is declared is reported', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'typecheck-')), 'bad.ts');
    writeFileSync(file, 'export const x: number = "1";\n');
    // tsconfig.test.json's options, its rootDir and type roots moved to where the file is.
    const config = { extends: join(ROOT, 'tsconfig.test.json'), compilerOptions: { rootDir: '/', typeRoots: [join(ROOT, 'node_modules', '@types')] } };
    expect(typeErrorsOf([file], config).map((e) => e.replace(/^.*\//, ''))).toEqual(["bad.ts(1): Type 'string' is not assignable to type 'number'."]);
  });
});
