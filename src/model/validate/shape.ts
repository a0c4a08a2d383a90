// Type checks before anything else: a model file is JavaScript, so any field
// may hold anything (null, an array where an object goes, `unit: true`).
// Every validator looks at a value's type through these before using it, so
// a malformed model ends in a named problem, never in a raw TypeError.
import type { Problems } from './problems.js';

export type Fields = Readonly<Record<string, unknown>>;

/** How a value's type is named in messages: 'null', 'an array', 'a number', … */
export function typeName(x: unknown): string {
  if (x === null) return 'null';
  if (Array.isArray(x)) return 'an array';
  const t = typeof x;
  return t === 'undefined' ? 'undefined' : `${/^[aeiou]/.test(t) ? 'an' : 'a'} ${t}`;
}

/** A plain object with string keys (not null, not an array). */
export function isFields(x: unknown): x is Fields {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** x if it is an object, else a bad-type problem. */
export function fieldsAt(x: unknown, field: string, expected: string, out: Problems): Fields | undefined {
  if (isFields(x)) return x;
  out.add('bad-type', field, `expected ${expected}, got ${typeName(x)}`);
  return undefined;
}

/** x if it is an array, else a bad-type problem. */
export function arrayAt(x: unknown, field: string, expected: string, out: Problems): readonly unknown[] | undefined {
  if (Array.isArray(x)) return x;
  out.add('bad-type', field, `expected ${expected}, got ${typeName(x)}`);
  return undefined;
}

/** x if it is a string, else a bad-type problem. */
export function stringAt(x: unknown, field: string, what: string, out: Problems): string | undefined {
  if (typeof x === 'string') return x;
  out.add('bad-type', field, `${what} must be a string, got ${typeName(x)}`);
  return undefined;
}

/**
 * Keys the model language does not know are errors, not silently ignored
 * (a `slip: …` or `law: { coulomb: … }` that did nothing let a block that
 * should stick slide 13 m). `known` is typed against the spec interface, so
 * a field added to the language is known here at once.
 */
export function rejectUnknownKeys(x: Fields, known: Readonly<Record<string, true>>, field: string, out: Problems): void {
  const list = Object.keys(known);
  for (const key of Object.keys(x)) {
    if (!Object.hasOwn(known, key)) {
      out.add('unknown-field', field ? `${field}.${key}` : key, `'${key}' is not part of the model language here (known: ${list.join(', ')})`);
    }
  }
}

/** Path of a member of a record: parameters.m, forces.x. */
export const member = (field: string, key: string): string => `${field}.${key}`;
