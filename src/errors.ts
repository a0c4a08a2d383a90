// One error type for the whole toolkit. Every error carries a stable `code`
// (for programs), a `kind` saying whose fault it is, and where it happened
// (model, field), so a message never has to be a stack trace from deep inside.

export type ErrorKind = 'input' | 'model' | 'derivation' | 'numeric' | 'internal';

export interface ErrorWhere {
  readonly model?: string;
  readonly field?: string;
  /** Offending source text, e.g. the expression string that failed to parse. */
  readonly source?: string;
}

export class MechanicsError extends Error {
  readonly code: string;
  readonly kind: ErrorKind;
  readonly where: ErrorWhere;
  /** Further problems found in the same validation pass. */
  readonly problems: readonly MechanicsError[];
  /** The message without its location prefix. */
  readonly detail: string;

  constructor(code: string, kind: ErrorKind, message: string, where: ErrorWhere = {}, problems: readonly MechanicsError[] = []) {
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

/** Collect several problems into one error (validate fully, report all at once). */
export function combineErrors(errors: readonly MechanicsError[]): MechanicsError {
  if (errors.length === 1) return errors[0]!;
  const lines = errors.map((e) => `  - ${e.message}`).join('\n');
  return new MechanicsError(errors[0]!.code, errors[0]!.kind, `${errors.length} problems:\n${lines}`, { model: errors[0]!.where.model }, errors);
}
