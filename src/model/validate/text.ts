// User text that reaches reports and generated headers (title, descriptions,
// units, scenario names): a single line of reasonable length without control
// characters. A newline in a title once escaped the header comment of a
// generated module and ran as code; escaping for each target is the
// printers' job, this keeps the text itself plain.
import { stringAt } from './shape.js';
import type { Problems } from './problems.js';

/** Longest accepted text of each kind (the examples' longest are about a third of these). */
export const TEXT_LIMITS = { title: 160, description: 500, unit: 40, label: 120 } as const;
export type TextKind = keyof typeof TEXT_LIMITS;

// C0 and C1 controls (newline, tab, escape, …) and the Unicode line and paragraph separators.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this rejects
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** x as a single line of text of the given kind, or undefined with a problem. */
export function checkText(x: unknown, kind: TextKind, field: string, out: Problems): string | undefined {
  const s = stringAt(x, field, `a ${kind}`, out);
  if (s === undefined) return undefined;
  const max = TEXT_LIMITS[kind];
  if (CONTROL.test(s)) out.add('bad-text', field, `a ${kind} must be a single line without control characters (found ${JSON.stringify(CONTROL.exec(s)![0])})`);
  else if (s.length > max) out.add('bad-text', field, `a ${kind} may be at most ${max} characters long (this one has ${s.length})`);
  else if (s.trim() === '') out.add('bad-text', field, `a ${kind} must not be empty`);
  else return s;
  return undefined;
}

/** An optional text: absent stays absent. */
export function optionalText(x: unknown, kind: TextKind, field: string, out: Problems): string | undefined {
  return x === undefined ? undefined : checkText(x, kind, field, out);
}
