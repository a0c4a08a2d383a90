// How generated code uses the dense solvers: which functions a module
// carries, and the call statements. Cholesky, LU, the Schur solve, impact-mode
// enumeration and the force-row solve are IR (src/codegen/solvers/), printed
// with the module. Every call works in module-level scratch arrays, so
// nothing allocates on the hot path; a failed factorization writes NaN,
// which the runtime reports as a non-finite state.
// Tests: test/codegen/solvers/sources.test.ts, test/codegen/generated.test.ts; the
// solvers themselves: test/numeric/.
import { assign, bin, call, callStmt, EPSILON, fill, forRange, idx, NAN, num, plus, ref, times, type Decl, type JsExpr, type Stmt } from './ir.js';
import { embeddedDecls, IR_NUMERIC, type IrNumericFile } from './solvers/sources.js';

/** The solvers a module may carry (the least-squares solve is the derivation's, never a module's). */
const CARRIED = ['cholesky.ts', 'lu.ts', 'schur.ts', 'least-norm.ts', 'impact-modes.ts', 'friction-phase.ts'] as const satisfies readonly IrNumericFile[];
type NumericFile = (typeof CARRIED)[number];

/** Every name the solvers declare at top level. */
export const EMBEDDED_NAMES: readonly string[] = CARRIED.flatMap((file) => IR_NUMERIC[file].ir.decls.flatMap((d) => ('name' in d ? [d.name] : [])));

/**
 * The solvers a module needs: Cholesky always, LU with retaining constraints
 * or friction, the Schur solve and impact enumeration (with its least-norm
 * split of dependent contacts' impulses) with contacts, the
 * force-row solve with friction.
 */
export function embeddedSolvers(files: { readonly lu: boolean; readonly contacts: boolean; readonly friction: boolean }): Decl[] {
  const chosen: NumericFile[] = [
    'cholesky.ts',
    ...(files.lu || files.friction ? (['lu.ts'] as const) : []),
    ...(files.contacts ? (['schur.ts', 'least-norm.ts', 'impact-modes.ts'] as const) : []),
    ...(files.friction ? (['friction-phase.ts'] as const) : []),
  ];
  return [
    { kind: 'comment', text: `---- dense solvers, as in src/numeric/{${chosen.join(',')}} (tested there; each file's header says where to change it)` },
    ...chosen.flatMap(embeddedDecls),
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
      then: [fill(y, NAN)],
      else: [callStmt('luSolve', num(N), ref(a), ref('piv$'), ref(b), num(0), ref(y), num(0))],
    },
  ];
}
