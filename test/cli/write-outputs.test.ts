// derive's file writes: the outputs under the project root as they are, or
// flat in --out; never inside node_modules.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { outputRel, writeOutputs } from '../../src/cli/write-outputs.js';

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

  it('puts everything flat in --out', () => {
    expect(outputRel('generated/ball.ts', 'build')).toBe('build/ball.ts');
    expect(outputRel('docs/reports/katex/katex.min.css', 'build')).toBe('build/katex/katex.min.css');
    const root = mkdtempSync(join(tmpdir(), 'mechanics-derive-'));
    expect(writeOutputs(root, out, 'build')).toEqual(['build/ball.ts', 'build/ball.tex']);
    expect(readFileSync(join(root, 'build/ball.ts'), 'utf8')).toBe('export {};\n');
  });

  it('refuses to write inside node_modules, naming --out', () => {
    const root = join(mkdtempSync(join(tmpdir(), 'mechanics-derive-')), 'node_modules', 'pkg');
    expect(() => writeOutputs(root, out)).toThrow(expect.objectContaining({ code: 'bad-argument', where: { field: '--out' } }));
  });
});
