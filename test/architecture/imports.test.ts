// The layering of ARCHITECTURE.md, checked on the source: imports point down
// the pipeline (src/core → src/model → src/derive → src/codegen,
// src/studies → src/report → src/pipeline → src/cli; src/runtime and
// src/numeric never import the symbolic side), nothing outside src/cli
// imports src/cli (playground/ and bench/ included), and there is no import
// cycle, type-only imports included (a type-only cycle still ties two
// modules' designs together). Every `import`, `import type`, `export … from`,
// `import('…')` and `import('…').T` of src/**/*.ts counts. A report takes
// only types from src/derive and src/runtime (TYPE_ONLY): it prints, it
// computes nothing.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SRC = join(ROOT, 'src');

/** The stages, each with the stages it may import from (besides itself). */
const MAY_IMPORT = {
  errors: [],
  numeric: ['errors'],
  runtime: ['errors', 'numeric'],
  core: ['errors'],
  model: ['errors', 'core'],
  derive: ['errors', 'core', 'model', 'numeric'],
  // Generated code is written against the runtime's contract and embeds the numeric solvers.
  codegen: ['errors', 'core', 'model', 'derive', 'numeric', 'runtime'],
  // Studies compute on the derivation and the loaded module: equilibria, orbits, limits, basins, paper checks.
  studies: ['errors', 'core', 'model', 'derive', 'numeric', 'runtime'],
  // Reports print the derivation and the studies; from derive and runtime they take types only (TYPE_ONLY).
  report: ['errors', 'core', 'model', 'derive', 'numeric', 'runtime', 'studies'],
  // A model compiled once (derivation, generated source, loaded module) and the build outputs made from it.
  pipeline: ['errors', 'core', 'model', 'derive', 'numeric', 'runtime', 'codegen', 'studies', 'report'],
  cli: ['errors', 'core', 'model', 'derive', 'numeric', 'runtime', 'codegen', 'studies', 'report', 'pipeline'],
  // The package entry point re-exports every public stage.
  index: ['errors', 'core', 'model', 'derive', 'numeric', 'runtime', 'codegen', 'studies', 'report', 'pipeline'],
} as const satisfies Record<string, readonly string[]>;
type Stage = keyof typeof MAY_IMPORT;

/** Stages another may import types from and nothing else: a report prints what derive and the studies computed, it computes nothing. */
const TYPE_ONLY: Readonly<Partial<Record<Stage, readonly Stage[]>>> = { report: ['derive', 'runtime'] };

/** The stage of a source file: its folder under src/, or the root module's name (errors, index). */
function stageOf(file: string): Stage | undefined {
  const [head, ...rest] = relative(SRC, file).split(/[\\/]/);
  const name = rest.length ? head! : head!.replace(/\.ts$/, '');
  return Object.hasOwn(MAY_IMPORT, name) ? (name as Stage) : undefined;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = join(dir, d.name);
    if (d.isDirectory()) return sourceFiles(p);
    return d.name.endsWith('.ts') && !d.name.endsWith('.d.ts') ? [p] : [];
  });
}

/** Every module specifier a file refers to, type-only ones included. */
export function specifiers(source: string, file = 'x.ts'): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      out.push(node.moduleSpecifier.text);
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    ) {
      out.push(node.moduleReference.expression.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      out.push(node.arguments[0].text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      out.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/**
 * The module specifiers a file takes values from: every import or re-export
 * except `import type`, `export type`, and imports whose every name is marked
 * `type` (import { type A, type B }), which the compiler erases.
 */
export function valueSpecifiers(source: string, file = 'x.ts'): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings;
      const erased =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (!clause.name && named !== undefined && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly)));
      if (!erased) out.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const erased =
        node.isTypeOnly ||
        (node.exportClause !== undefined &&
          ts.isNamedExports(node.exportClause) &&
          node.exportClause.elements.length > 0 &&
          node.exportClause.elements.every((e) => e.isTypeOnly));
      if (!erased) out.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      out.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** The source file a relative specifier names (NodeNext: './x.js' is ./x.ts); undefined for packages. */
function resolveSpecifier(from: string, spec: string, files: ReadonlySet<string>): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(from), spec);
  const candidates = [base.replace(/\.js$/, '.ts'), `${base}.ts`, join(base, 'index.ts')];
  return candidates.find((c) => files.has(c));
}

const rel = (f: string): string => relative(ROOT, f);

/** Each file of `dirs` → the files under src/ and `dirs` it imports. */
function importGraph(dirs: readonly string[] = [SRC]): Map<string, string[]> {
  const files = [...new Set([SRC, ...dirs])].flatMap(sourceFiles);
  const set = new Set(files);
  const scanned = dirs.flatMap(sourceFiles);
  return new Map(scanned.map((f) => [f, specifiers(readFileSync(f, 'utf8'), f).flatMap((s) => resolveSpecifier(f, s, set) ?? [])]));
}

/** One cycle through each strongly connected component with more than one file (or a self-import), as a chain a → b → … → a. */
export function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  // Tarjan's strongly connected components.
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const components: string[][] = [];
  const strong = (v: string): void => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const c: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        c.push(w);
      } while (w !== v);
      components.push(c);
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) strong(v);
  return components.filter((c) => c.length > 1 || (graph.get(c[0]!) ?? []).includes(c[0]!)).map((c) => chainWithin(graph, new Set(c), [...c].sort()[0]!));
}

/** A shortest path from start back to start inside one component (breadth first). */
function chainWithin(graph: ReadonlyMap<string, readonly string[]>, component: ReadonlySet<string>, start: string): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift()!;
    for (const w of graph.get(v) ?? []) {
      if (!component.has(w)) continue;
      if (w === start) {
        const chain = [start];
        for (let u = v; u !== start; u = previous.get(u)!) chain.splice(1, 0, u);
        return [...chain, start];
      }
      if (!previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start, start];
}

describe('imports of src/', () => {
  const graph = importGraph();

  it('resolves relative imports to source files (./x.js is ./x.ts)', () => {
    expect(graph.size).toBeGreaterThan(50);
    expect(graph.get(join(SRC, 'model/model.ts'))).toContain(join(SRC, 'model/names.ts'));
  });

  it('every source file belongs to a stage of the pipeline', () => {
    expect([...graph.keys()].filter((f) => stageOf(f) === undefined).map(rel)).toEqual([]);
  });

  it('point down the pipeline only', () => {
    const upward: string[] = [];
    for (const [from, targets] of graph) {
      const a = stageOf(from);
      for (const to of targets) {
        const b = stageOf(to);
        if (!a || !b || a === b || (MAY_IMPORT[a] as readonly string[]).includes(b)) continue;
        upward.push(`${rel(from)} → ${rel(to)} (${a} may import only ${MAY_IMPORT[a].join(', ') || 'nothing'})`);
      }
    }
    expect(upward, `imports against the pipeline:\n${upward.join('\n')}`).toEqual([]);
  });

  it('take only types from the stages TYPE_ONLY names (a report computes nothing)', () => {
    const files = new Set(graph.keys());
    const found: string[] = [];
    for (const from of graph.keys()) {
      const a = stageOf(from);
      const typesOnly = a ? TYPE_ONLY[a] : undefined;
      if (!typesOnly) continue;
      for (const spec of valueSpecifiers(readFileSync(from, 'utf8'), from)) {
        const to = resolveSpecifier(from, spec, files);
        const b = to && stageOf(to);
        if (b && typesOnly.includes(b)) found.push(`${rel(from)} → ${rel(to!)} (${a} may import only types from ${typesOnly.join(', ')})`);
      }
    }
    expect(found, `value imports against TYPE_ONLY:\n${found.join('\n')}`).toEqual([]);
  });

  it('form no cycle, type-only imports included', () => {
    const found = cycles(graph).map((c) => c.map(rel).join(' → '));
    expect(found, `import cycles:\n${found.join('\n')}`).toEqual([]);
  });
});

describe('imports of src/cli', () => {
  it('come from src/cli only (src/, playground/ and bench/ scanned)', () => {
    const inCli = (file: string): boolean => rel(file).startsWith('src/cli/');
    const graph = importGraph([SRC, join(ROOT, 'playground'), join(ROOT, 'bench')]);
    const intoCli = [...graph].flatMap(([from, targets]) => (inCli(from) ? [] : targets.filter(inCli).map((t) => `${rel(from)} → ${rel(t)}`)));
    expect(intoCli, `imports of src/cli from outside it:\n${intoCli.join('\n')}`).toEqual([]);
  });
});

describe('the import scanner', () => {
  it('sees plain, type-only, re-export, dynamic and import-type references', () => {
    const src = [
      "import { a } from './a.js';",
      "import type { B } from './b.js';",
      "export { c } from './c.js';",
      "export type * from './d.js';",
      "const e = await import('./e.js');",
      "let f: import('./f.js').F;",
      "import 'node:fs';",
    ].join('\n');
    expect(specifiers(src)).toEqual(['./a.js', './b.js', './c.js', './d.js', './e.js', './f.js', 'node:fs']);
  });

  it('tells value imports from erased ones', () => {
    const src = [
      "import { a } from './a.js';",
      "import type { B } from './b.js';",
      "import { type C, type D } from './c.js';",
      "import { e, type E } from './e.js';",
      "export type { F } from './f.js';",
      "export { g } from './g.js';",
      "import * as h from './h.js';",
      "import i from './i.js';",
      "const j = await import('./j.js');",
      "let k: import('./k.js').K;",
    ].join('\n');
    expect(valueSpecifiers(src)).toEqual(['./a.js', './e.js', './g.js', './h.js', './i.js', './j.js']);
  });

  it('finds a two-file cycle and a longer one, with their chains', () => {
    const g = new Map([
      ['a', ['b']],
      ['b', ['a']],
      ['c', ['d']],
      ['d', ['e']],
      ['e', ['c']],
      ['f', ['a']],
    ]);
    expect(
      cycles(g)
        .map((c) => c.join(' → '))
        .sort(),
    ).toEqual(['a → b → a', 'c → d → e → c']);
  });

  it('finds no cycle in a diamond', () => {
    expect(
      cycles(
        new Map([
          ['a', ['b', 'c']],
          ['b', ['d']],
          ['c', ['d']],
          ['d', []],
        ]),
      ),
    ).toEqual([]);
  });
});
