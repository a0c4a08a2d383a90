// Where an error of the model is in the model's text, for the editor to
// underline it: the field it names, or the "(line:column)" a compile error
// ends with. Pure (no editor), so the tests run it in Node.

/**
 * Where a field such as `unilateral[1].constraint` or `parameters.alpha` is
 * written in the model's text: each named part searched as a key after
 * the previous one. A heuristic (the text is a program, loops may build
 * the field): the deepest part found, undefined when not even the first is.
 */
export function fieldRange(text: string, field: string): { from: number; to: number } | undefined {
  let at = 0;
  let found: { from: number; to: number } | undefined;
  // An index counts occurrences of the key that follows it: unilateral[1].constraint is the second 'constraint:' after 'unilateral:'.
  let index = 0;
  for (const [, name, element] of field.matchAll(/([A-Za-z_$][\w$]*)|\[(\d+)\]/g)) {
    if (name === undefined) {
      index = Number(element);
      continue;
    }
    const key = new RegExp(`(^|[\\s{,'"])${name.replace(/\$/g, '\\$')}['"]?\\s*:`, 'g');
    key.lastIndex = at;
    let m: RegExpExecArray | null = null;
    for (let i = 0; i <= index; i++) m = key.exec(text);
    if (!m) return found;
    const from = m.index + m[1]!.length;
    const lineEnd = text.indexOf('\n', from);
    found = { from, to: lineEnd < 0 ? text.length : lineEnd };
    at = from + name.length;
    index = 0;
  }
  return found;
}

/** The rest of the line from a compile error's "(line:column)" (sucrase's, 1-based columns), if its message ends with one. */
export function placeRange(text: string, message: string): { from: number; to: number } | undefined {
  const m = /\((\d+):(\d+)\)\s*$/.exec(message);
  if (!m) return undefined;
  const lines = text.split('\n');
  const line = Number(m[1]);
  if (line < 1 || line > lines.length) return undefined;
  const from = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0);
  const to = from + lines[line - 1]!.length;
  return { from: Math.min(from + Number(m[2]) - 1, to), to };
}
