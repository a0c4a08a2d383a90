// The files of src/numeric that are printed from the IR builders of this
// folder: each solver is written once, as IR; its TypeScript text in
// src/numeric (imported by the runtime and the derivation's checks, tested by
// test/numeric/) is a committed build output of it, written by
// `npm run solvers` (part of `npm run derive`), and generated modules print
// the same declarations (the C driver those of mode-admissibility.ts). Imports still point down the pipeline: src/numeric
// imports nothing from here, it is only written from here.
// Tests: test/codegen/solvers/sources.test.ts.
import type { Decl, ModuleIR } from '../ir.js';
import { printModule } from '../print.js';
import { CHOLESKY } from './cholesky.js';
import { CONTACT_EVENTS } from './contact-events.js';
import { FRICTION_PHASE } from './friction-phase.js';
import { FRICTIONAL_IMPACT } from './frictional-impact.js';
import { IMPACT_ENERGY } from './impact-energy.js';
import { IMPACT_MODES } from './impact-modes.js';
import { LEAST_NORM } from './least-norm.js';
import { LEAST_SQUARES } from './least-squares.js';
import { LU } from './lu.js';
import { MODE_ADMISSIBILITY } from './mode-admissibility.js';
import { SCHUR } from './schur.js';
import { SLIDING_SUPPORT } from './sliding-support.js';

interface NumericFile {
  /** The builder, named in the printed file's header. */
  readonly builder: string;
  readonly ir: ModuleIR;
  /** Declarations of sibling files it uses (a generated module carries those itself). */
  readonly imports?: readonly Import[];
}

interface Import {
  readonly from: string;
  readonly names: readonly string[];
  /** Types only (`import type`). */
  readonly types?: true;
}

const CHOLESKY_IMPORT: Import = { from: './cholesky.js', names: ['choleskyFactor', 'choleskySolve'] };

/** The IR-owned files of src/numeric, by file name. */
export const IR_NUMERIC = {
  'cholesky.ts': { builder: 'src/codegen/solvers/cholesky.ts', ir: CHOLESKY },
  'lu.ts': { builder: 'src/codegen/solvers/lu.ts', ir: LU },
  'schur.ts': { builder: 'src/codegen/solvers/schur.ts', ir: SCHUR, imports: [CHOLESKY_IMPORT] },
  'friction-phase.ts': {
    builder: 'src/codegen/solvers/friction-phase.ts',
    ir: FRICTION_PHASE,
    imports: [
      { from: './cholesky.js', names: ['choleskySolve'] },
      { from: './lu.js', names: ['luFactor', 'luSolve'] },
      { from: './schur.js', names: ['SchurSystem'], types: true },
    ],
  },
  'least-squares.ts': { builder: 'src/codegen/solvers/least-squares.ts', ir: LEAST_SQUARES, imports: [CHOLESKY_IMPORT] },
  'least-norm.ts': { builder: 'src/codegen/solvers/least-norm.ts', ir: LEAST_NORM },
  'sliding-support.ts': {
    builder: 'src/codegen/solvers/sliding-support.ts',
    ir: SLIDING_SUPPORT,
    imports: [CHOLESKY_IMPORT, { from: './least-norm.js', names: ['leastNormSplit', 'orthonormalColumns'] }],
  },
  'impact-modes.ts': {
    builder: 'src/codegen/solvers/impact-modes.ts',
    ir: IMPACT_MODES,
    imports: [
      { from: './least-norm.js', names: ['leastNormSplit'] },
      { from: './schur.js', names: ['schurSolve'] },
      { from: './schur.js', names: ['SchurSystem'], types: true },
    ],
  },
  'mode-admissibility.ts': { builder: 'src/codegen/solvers/mode-admissibility.ts', ir: MODE_ADMISSIBILITY },
  'frictional-impact.ts': { builder: 'src/codegen/solvers/frictional-impact.ts', ir: FRICTIONAL_IMPACT },
  'contact-events.ts': { builder: 'src/codegen/solvers/contact-events.ts', ir: CONTACT_EVENTS },
  'impact-energy.ts': { builder: 'src/codegen/solvers/impact-energy.ts', ir: IMPACT_ENERGY },
} as const satisfies Record<string, NumericFile>;

export type IrNumericFile = keyof typeof IR_NUMERIC;

/** The text of src/numeric/<file>: a header saying where it comes from, its imports, then the builder's declarations. */
export function numericSource(file: IrNumericFile): string {
  const spec: NumericFile = IR_NUMERIC[file];
  const header = printModule({
    header: [`Printed from ${spec.builder} by \`npm run solvers\`: edit that file, not this one.`, '', ...spec.ir.header],
    decls: [],
  });
  const imports = (spec.imports ?? []).map((i) => `import ${i.types ? 'type ' : ''}{ ${i.names.join(', ')} } from '${i.from}';\n`).join('');
  return header + imports + printModule({ header: [], decls: spec.ir.decls });
}

/** A file's declarations as a generated module carries them: the same ones, not exported. */
export function embeddedDecls(file: IrNumericFile): Decl[] {
  return IR_NUMERIC[file].ir.decls.map((d) => ('exported' in d ? { ...d, exported: false } : d));
}
