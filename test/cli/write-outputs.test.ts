// derive's file writes: the outputs under the project root as they are, or
// in the same layout under --out; never inside node_modules; output paths
// checked before a run, and a failed write a named error.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkOutputDir, checkOutputFile, outputRel, writeOutputFile, writeOutputs } from '../../src/cli/write-outputs.js';

const out = {
  files: new Map([
    ['generated/ball.ts', 'export {};\n'],
    ['docs/reports/ball.tex', '\\documentclass{article}\n'],
  ]),
};

describe('writing the build outputs', () => {
  it('writes the files under the given root and reports their relative paths', () => {
    const root = mkdtempSync(join(tmpdir(), 'mechanics-derive-'));
    expect(writeOutputs(root, out)).toEqual(['generated/ball.ts', 'docs/reports/ball.tex']);
    for (const [rel, text] of out.files) expect(readFileSync(join(root, rel), 'utf8')).toBe(text);
  });

  it("keeps the repository's layout under --out", () => {
    expect(outputRel('generated/ball.ts', 'build')).toBe('build/generated/ball.ts');
    expect(outputRel('docs/reports/katex/katex.min.css', 'build')).toBe('build/docs/reports/katex/katex.min.css');
    const root = mkdtempSync(join(tmpdir(), 'mechanics-derive-'));
    expect(writeOutputs(root, out, 'build')).toEqual(['build/generated/ball.ts', 'build/docs/reports/ball.tex']);
    expect(readFileSync(join(root, 'build/generated/ball.ts'), 'utf8')).toBe('export {};\n');
  });

  it('refuses to write inside node_modules, naming --out', () => {
    const root = join(mkdtempSync(join(tmpdir(), 'mechanics-derive-')), 'node_modules', 'pkg');
    expect(() => writeOutputs(root, out)).toThrow(expect.objectContaining({ code: 'bad-argument', where: { field: '--out' } }));
  });

  it('refuses an output file in a missing folder, a folder as a file, and a folder under a file, before anything runs', () => {
    const root = mkdtempSync(join(tmpdir(), 'mechanics-out-'));
    const bad = (f: () => void, field: string | undefined, cause: string): void => {
      expect(f).toThrow(expect.objectContaining({ code: 'bad-output', kind: 'input', where: field === undefined ? {} : { field } }));
      expect(f).toThrow(cause);
    };
    bad(() => checkOutputFile('--out', join(root, 'no', 'such', 'run.csv')), '--out', `there is no folder ${join(root, 'no', 'such')}`);
    bad(() => checkOutputFile('--plot', root), '--plot', 'it is a folder');
    writeFileSync(join(root, 'file'), '');
    bad(() => checkOutputFile('--out', join(root, 'file', 'run.csv')), '--out', `${join(root, 'file')} is not a folder`);
    bad(() => checkOutputDir('--out', join(root, 'file', 'build')), '--out', `${join(root, 'file')} is a file, not a folder`);
    bad(() => checkOutputDir(undefined, join(root, 'file')), undefined, 'is a file, not a folder');
    bad(() => writeOutputFile('--out', join(root, 'no', 'run.csv'), 'x'), '--out', 'ENOENT');
    // What may be written passes: a new file in an existing folder, a folder still to be made.
    mkdirSync(join(root, 'sub'));
    expect(() => checkOutputFile('--out', join(root, 'sub', 'run.csv'))).not.toThrow();
    expect(() => checkOutputDir('--out', join(root, 'new', 'deeper'))).not.toThrow();
  });
});
