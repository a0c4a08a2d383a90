// Solver source copied from src/numeric into generated modules: the whole
// function with its doc comment, without `export`, and every committed
// module carries the copies of the current src/numeric.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { embeddedSource } from '../../src/codegen/embed.js';
import { ROOT } from '../helpers/examples.js';

describe('embeddedSource', () => {
  it('copies a function from its doc comment to its closing brace, without export', () => {
    const src = embeddedSource('cholesky.ts', 'choleskyFactor');
    const file = readFileSync(join(ROOT, 'src/numeric/cholesky.ts'), 'utf8');
    expect(src.startsWith('/**')).toBe(true);
    expect(src).toMatch(/^function choleskyFactor\(/m);
    expect(src).not.toMatch(/^export /m);
    expect(src.endsWith('\n}')).toBe(true);
    expect(file).toContain(src.replace(/^function /m, 'export function '));
  });

  it('copies interfaces and one-line type aliases', () => {
    expect(embeddedSource('schur.ts', 'SchurSystem')).toMatch(/^interface SchurSystem \{[\s\S]*\n\}$/m);
    expect(embeddedSource('schur.ts', 'SchurStatus')).toMatch(/^type SchurStatus = .*;$/m);
  });

  it('names the file and the export it cannot find', () => {
    expect(() => embeddedSource('cholesky.ts', 'choleskyFactorize')).toThrow(/cholesky\.ts has no top-level export 'choleskyFactorize'/);
  });
});

describe('generated/ carries the solvers of src/numeric as they are now', () => {
  const modules = readdirSync(join(ROOT, 'generated')).filter((f) => f.endsWith('.ts'));
  it.each(modules)('%s', (file) => {
    const text = readFileSync(join(ROOT, 'generated', file), 'utf8');
    for (const [numeric, name] of [
      ['cholesky.ts', 'choleskyFactor'],
      ['cholesky.ts', 'choleskySolve'],
    ] as const)
      expect(text).toContain(embeddedSource(numeric, name));
    if (/\bluFactor\(/.test(text)) expect(text).toContain(embeddedSource('lu.ts', 'luFactor'));
    if (/\bimpactModes\(/.test(text)) expect(text).toContain(embeddedSource('impact-modes.ts', 'enumerateImpactModes'));
  });
});
