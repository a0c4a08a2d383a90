// How generated code uses the dense solvers: which functions a module
// carries, and the call statements. Cholesky, LU, the Schur solve and the
// force-row solve are IR (src/codegen/solvers/), printed with the module;
// impact-mode enumeration is still copied as text from src/numeric
// (embed.ts). Every call works in module-level scratch arrays, so nothing
// allocates on the hot path; a failed factorization writes NaN, which the
// runtime reports as a non-finite state.
// Tests: test/codegen/embed.test.ts, test/codegen/generated.test.ts; the
// solvers themselves: test/numeric/.
import { embeddedSource } from './embed.js';
import { assign, bin, call, callStmt, EPSILON, forRange, idx, member, NAN, num, plus, ref, times, type Decl, type JsExpr, type Stmt } from './ir.js';
import { embeddedDecls, IR_NUMERIC, type IrNumericFile } from './solvers/sources.js';

/** The solvers a module may carry that are IR (src/codegen/solvers/). */
const BUILT = ['cholesky.ts', 'lu.ts', 'schur.ts', 'friction-phase.ts'] as const satisfies readonly IrNumericFile[];
/** The functions and types each file contributes, in dependency order, where it is still copied as text. */
const COPIED = {
  'impact-modes.ts': ['ImpactProblem', 'ImpactOutcome', 'ImpactWorkspace', 'ImpactModeStatus', 'impactModes', 'enumerateImpactModes'],
} as const;
type NumericFile = (typeof BUILT)[number] | keyof typeof COPIED;

const declsOf = (file: NumericFile): Decl[] =>
  Object.hasOwn(COPIED, file)
    ? COPIED[file as keyof typeof COPIED].map((name): Decl => ({ kind: 'embedded', from: `src/numeric/${file}`, source: embeddedSource(file, name) }))
    : embeddedDecls(file as IrNumericFile);

/** The file of src/numeric each name of a solver still copied as text comes from. */
export const COPIED_FROM: ReadonlyMap<string, string> = new Map(
  Object.entries(COPIED).flatMap(([file, names]) => names.map((name) => [name, `src/numeric/${file}`] as const)),
);

/** Every name the solvers declare at top level. */
export const EMBEDDED_NAMES: readonly string[] = [
  ...BUILT.flatMap((file) => IR_NUMERIC[file].ir.decls.flatMap((d) => ('name' in d ? [d.name] : []))),
  ...Object.values(COPIED).flat(),
];

/**
 * The solvers a module needs: Cholesky always, LU with retaining constraints
 * or friction, the Schur solve and impact enumeration with contacts, the
 * force-row solve with friction.
 */
export function embeddedSolvers(files: { readonly lu: boolean; readonly contacts: boolean; readonly friction: boolean }): Decl[] {
  const chosen: NumericFile[] = [
    'cholesky.ts',
    ...(files.lu || files.friction ? (['lu.ts'] as const) : []),
    ...(files.contacts ? (['schur.ts', 'impact-modes.ts'] as const) : []),
    ...(files.friction ? (['friction-phase.ts'] as const) : []),
  ];
  return [
    { kind: 'comment', text: `---- dense solvers, as in src/numeric/{${chosen.join(',')}} (tested there; each file's header says where to change it)` },
    ...chosen.flatMap(declsOf),
  ];
}

/**
 * y[yOff…yOff+n) = M⁻¹ b for the mass matrix in `a` (overwritten by its
 * Cholesky factor, within M's envelope `envelope$`); NaN when M is not
 * positive definite.
 */
export function spdSolve(a: string, b: string, y: string, yOff: JsExpr): Stmt[] {
  const i = ref('i');
  return [
    {
      kind: 'if',
      test: bin(call('choleskyFactor', ref('n$'), ref(a), ref('envelope$')), '>=', num(0)),
      then: [forRange('i', 0, ref('n$'), [assign(idx(y, plus(yOff, i)), NAN)])],
      else: [callStmt('choleskySolve', ref('n$'), ref(a), ref(b), num(0), ref(y), yOff, ref('envelope$'))],
    },
  ];
}

/**
 * y = A⁻¹ b for the N×N matrix in `a` (overwritten by its LU factors, pivots
 * in piv$); NaN when A is singular to working precision (a pivot below
 * N·ε·max|a_ij|, src/numeric/lu.ts).
 */
export function luSolve(N: number, a: string, b: string, y: string): Stmt[] {
  return [
    {
      kind: 'if',
      test: bin(call('luFactor', num(N), ref(a), ref('piv$'), times(num(N), EPSILON)), '>=', num(0)),
      then: [{ kind: 'call', call: call(member(y, 'fill'), NAN) }],
      else: [callStmt('luSolve', num(N), ref(a), ref('piv$'), ref(b), num(0), ref(y), num(0))],
    },
  ];
}
