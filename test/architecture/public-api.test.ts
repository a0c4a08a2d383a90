// The package's entry points as a user sees them: `.` exports what a user
// calls (at most 60 names, no internal tables such as the validators' known
// fields), and a name exported by two entry points means the same thing in
// both (no `integrate` that is symbolic in one and DOPRI5 in the other).
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/examples.js';

const ENTRY_POINTS = { '.': 'src/index.ts', './runtime': 'src/runtime/index.ts', './core': 'src/core/index.ts' } as const;

const program = ts.createProgram(
  Object.values(ENTRY_POINTS).map((f) => join(ROOT, f)),
  { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022, strict: true, noEmit: true },
);
const checker = program.getTypeChecker();

/** Each exported name of an entry point with the declaration it stands for. */
function exportsOf(file: string): Map<string, ts.Symbol> {
  const module = checker.getSymbolAtLocation(program.getSourceFile(join(ROOT, file))!)!;
  return new Map(checker.getExportsOfModule(module).map((s) => [s.name, s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s]));
}

const entries = Object.entries(ENTRY_POINTS).map(([name, file]) => [name, exportsOf(file)] as const);

describe('the public API', () => {
  const main = entries[0]![1];

  it('the package entry exports at most 60 names', () => {
    expect(main.size).toBeGreaterThan(20);
    expect(main.size).toBeLessThanOrEqual(60);
  });

  it('no entry point exports a table of constants (ALL_CAPS names other than the toolkit version)', () => {
    for (const [name, exports] of entries) {
      const tables = [...exports.keys()].filter((n) => /^[A-Z][A-Z0-9_]+$/.test(n) && n !== 'TOOLKIT' && !n.startsWith('DEFAULT_'));
      expect(tables, name).toEqual([]);
    }
  });

  it('a name exported by two entry points is the same declaration in both', () => {
    for (const [a, ea] of entries) {
      for (const [b, eb] of entries) {
        if (a >= b) continue;
        for (const [n, s] of ea) if (eb.has(n)) expect(eb.get(n), `${n} in ${a} and ${b}`).toBe(s);
      }
    }
  });
});
