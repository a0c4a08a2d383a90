// Names of every kind (coordinates, parameters, constraints, contacts) are
// identifiers: letters, digits and _, starting with a letter. They reach
// generated TypeScript, LaTeX labels and HTML ids, so a name can never carry
// code or markup. Clashes with generated-code argument names and JavaScript
// keywords are resolved by codegen's renaming, not here.
import { RESERVED } from '../names.js';
import { typeName } from './shape.js';
import type { Problems } from './problems.js';

const IDENTIFIER = /^[A-Za-z][A-Za-z0-9_]*$/;
/** Longer names are certainly a mistake and make unreadable reports. */
export const MAX_IDENTIFIER = 64;

/**
 * One namespace of names (the model's symbols, or its constraints): each name
 * an identifier, declared once; symbols also keep off the reserved names.
 */
export class Namespace {
  private readonly seen = new Set<string>();

  constructor(private readonly reserved: ReadonlySet<string> = new Set()) {}

  /** name, if it is a valid new name here; else undefined with a problem. */
  claim(name: unknown, field: string, out: Problems): string | undefined {
    if (typeof name !== 'string') out.add('bad-type', field, `a name must be a string, got ${typeName(name)}`);
    else if (!IDENTIFIER.test(name) || name.length > MAX_IDENTIFIER) {
      out.add(
        'bad-identifier',
        field,
        `${JSON.stringify(name.slice(0, MAX_IDENTIFIER + 1))} is not a valid name (letters, digits, _; starting with a letter; at most ${MAX_IDENTIFIER} characters)`,
      );
    } else if (this.reserved.has(name)) out.add('reserved-name', field, `'${name}' is reserved (t, pi, and the names of Object.prototype such as constructor)`);
    else if (this.seen.has(name)) out.add('duplicate-name', field, `'${name}' is declared twice`);
    else {
      this.seen.add(name);
      return name;
    }
    return undefined;
  }
}

/** The namespace of coordinates and parameters (they become symbols and generated-code fields). */
export const symbolNamespace = (): Namespace => new Namespace(RESERVED);
/** The namespace of constraint and contact names (labels in reports and generated code). */
export const constraintNamespace = (): Namespace => new Namespace();
