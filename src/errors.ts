// One error type for the whole toolkit. Every error carries a stable `code`
// (for programs), a `kind` saying whose fault it is, and where it happened
// (model, field), so a message never has to be a stack trace from deep inside.
//
// The codes form one typed union: a code that is not listed here does not
// compile, and docs/errors.md has a row for each (test/model/error-codes.test.ts
// keeps the two in step).

export const ERROR_CODES = [
  // ---- reading expressions (src/core/parse.ts, the kernel's constructors)
  'parse-error',
  'unknown-symbol',
  'unknown-function',
  'unsupported-operator',
  'unsupported-syntax',
  'bad-literal',
  'non-finite-literal',
  'bad-velocity',
  'division-by-zero',
  'coefficient-overflow',
  'foreign-expression',
  // ---- model validation (src/model)
  'bad-type',
  'unknown-field',
  'missing-field',
  'bad-name',
  'bad-text',
  'bad-identifier',
  'reserved-name',
  'duplicate-name',
  'no-coordinates',
  'bad-default',
  'bad-range',
  'no-energy',
  'ambiguous-energy',
  'non-smooth',
  'unknown-coordinate',
  'unknown-parameter',
  'unknown-contact',
  'constant-constraint',
  'nonlinear-constraint',
  'not-a-velocity-constraint',
  'too-many-constraints',
  'bad-inequality',
  'bad-activation',
  'bad-impact-law',
  'bad-compliant-law',
  'bad-patch',
  'bad-limit-study',
  'bad-restitution',
  'bad-mass',
  'unknown-frame',
  'unknown-point',
  'bad-rotation',
  'bad-joint',
  'joint-cycle',
  'bad-inertia',
  'unknown-body',
  'bad-rolling',
  'complex-constant',
  'bad-friction',
  'bad-slip',
  'bad-hinge',
  'bad-contact',
  'bad-annotation',
  'invalid-option',
  'bad-approach',
  'bad-critical',
  'bad-initial',
  'initial-violation',
  'initial-velocity-violation',
  'initial-penetration',
  // ---- derivation (src/derive)
  'not-quadratic',
  'singular-mass-matrix',
  'non-finite-mass-matrix',
  'dependent-constraints',
  // ---- command line (src/cli)
  'bad-argument',
  'bad-output',
  'over-limit',
  'bad-model-file',
  'unknown-model',
  'no-pdflatex',
  'latex-failed',
  // ---- queued sweeps (src/runtime/sweep/queue-*.ts)
  'bad-queue-url',
  'queue-key-missing',
  'queue-unreachable',
  'bad-signature',
  'unknown-sweep',
  'sweep-chunk-failed',
  // ---- simulation (src/runtime; SIMULATION_ERROR_CODES in src/runtime/errors.ts)
  'invalid-time',
  'missing-state',
  'state-length',
  'non-finite-input',
  'non-finite-state',
  'step-underflow',
  'max-steps',
  'too-many-events',
  'too-many-contacts',
  'impact-loop',
  'impact-corner-without-rule',
  'impact-no-admissible-mode',
  'impact-several-admissible-modes',
  'impact-too-many-contacts',
  'impact-singular-mass-matrix',
  'impact-lcp-failed',
  'no-contact-mode',
  'contact-inconsistent',
  'ambiguous-contact-mode',
  'dependent-contacts',
  'lcp-failed',
  'incomplete-module',
  'unsupported-impact-law',
  'retaining-unsupported',
  'non-ideal-unsupported',
  'unilateral-unsupported',
  'friction-unsupported',
  // ---- periodic orbits and equilibria (src/runtime/analysis/periodic.ts, src/derive/linearization/equilibria.ts)
  'no-return',
  'orbit-not-converged',
  'no-equilibrium',
  'no-steady-motion',
  'steady-unsupported',
  // ---- a bug in the toolkit, never the user's
  'internal',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export type ErrorKind = 'input' | 'model' | 'derivation' | 'numeric' | 'internal';

export interface ErrorWhere {
  readonly model?: string;
  readonly field?: string;
  /** Offending source text, e.g. the expression string that failed to parse. */
  readonly source?: string;
}

export class MechanicsError extends Error {
  readonly code: ErrorCode;
  readonly kind: ErrorKind;
  readonly where: ErrorWhere;
  /** Further problems found in the same validation pass. */
  readonly problems: readonly MechanicsError[];
  /** The message without its location prefix. */
  readonly detail: string;

  constructor(code: ErrorCode, kind: ErrorKind, message: string, where: ErrorWhere = {}, problems: readonly MechanicsError[] = []) {
    super(formatMessage(message, where));
    this.name = 'MechanicsError';
    this.code = code;
    this.kind = kind;
    this.where = where;
    this.problems = problems;
    this.detail = message;
  }

  /** The same error located in a model field (used when a kernel error surfaces through the model API). */
  at(where: ErrorWhere): MechanicsError {
    return new MechanicsError(this.code, this.kind, this.detail, { ...this.where, ...where }, this.problems);
  }
}

function formatMessage(message: string, where: ErrorWhere): string {
  const loc = [where.model && `model '${where.model}'`, where.field && `field '${where.field}'`].filter(Boolean).join(', ');
  return loc ? `[${loc}] ${message}` : message;
}

/**
 * A mistake in how a command or a run was asked for (a malformed option, a
 * value given twice): exit code 2 on the command line, as opposed to a
 * problem with a model or a run (1).
 */
export class UsageError extends MechanicsError {
  constructor(message: string, field?: string, code: 'bad-argument' | 'bad-output' | 'over-limit' = 'bad-argument') {
    super(code, 'input', message, field === undefined ? {} : { field });
    this.name = 'UsageError';
  }
}

/**
 * The largest |angle| an initial state may give for a coordinate inside a
 * sine or cosine ('bad-initial' beyond it, wherever initial values enter: the
 * model's initial state, a run's q0). A double carries q to |q|·ε: beyond
 * 1e-9/ε (4.5e6 rad) the angle meant is lost by more than 1e-9 rad, and the
 * turns the runtime takes off (AngleTurns) leave another angle (at 1e300
 * sin q is read from an angle of 0).
 */
export const MAX_ANGLE = 1e-9 / Number.EPSILON;

/** Collect several problems into one error (validate fully, report all at once). */
export function combineErrors(errors: readonly MechanicsError[]): MechanicsError {
  if (errors.length === 1) return errors[0]!;
  const lines = errors.map((e) => `  - ${e.message}`).join('\n');
  return new MechanicsError(errors[0]!.code, errors[0]!.kind, `${errors.length} problems:\n${lines}`, { model: errors[0]!.where.model }, errors);
}
