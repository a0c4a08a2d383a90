// The model editor: CodeMirror 6 with TypeScript highlighting, and the
// model's errors underlined at the field they name.
import { javascript } from '@codemirror/lang-javascript';
import { setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { EditorView, basicSetup } from 'codemirror';

export interface Editor {
  readonly view: EditorView;
  text(): string;
  setText(text: string): void;
  /** Underline each problem at its field (or at the first line when it names none). */
  showProblems(problems: readonly { readonly field?: string; readonly message: string }[]): void;
  clearProblems(): void;
}

/**
 * Where a field such as `unilateral[1].constraint` or `parameters.alpha` is
 * written in the model's text: each named part searched as a key after
 * the previous one, the index-th occurrence for an array element. A
 * heuristic (the text is a program, loops may build the field), so a field
 * not found is shown at the model's first line.
 */
export function fieldRange(text: string, field: string): { from: number; to: number } | undefined {
  let at = 0;
  let found: { from: number; to: number } | undefined;
  const parts = [...field.matchAll(/([A-Za-z_$][\w$]*)|\[(\d+)\]/g)];
  for (let k = 0; k < parts.length; k++) {
    const name = parts[k]![1];
    if (name === undefined) continue;
    const index = Number(parts[k + 1]?.[2] ?? 0);
    const key = new RegExp(`(^|[\\s{,'"])${name.replace(/\$/g, '\\$')}['"]?\\s*:`, 'g');
    key.lastIndex = at;
    let m: RegExpExecArray | null = null;
    for (let i = 0; i <= index; i++) m = key.exec(text);
    if (!m) return found;
    const from = m.index + m[1]!.length;
    const lineEnd = text.indexOf('\n', from);
    found = { from, to: lineEnd < 0 ? text.length : lineEnd };
    at = from + name.length;
  }
  return found;
}

export function createEditor(parent: HTMLElement, text: string, onChange: () => void): Editor {
  const view = new EditorView({
    doc: text,
    parent,
    extensions: [basicSetup, javascript({ typescript: true }), EditorView.updateListener.of((u) => u.docChanged && onChange())],
  });
  return {
    view,
    text: () => view.state.doc.toString(),
    setText: (t) => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: t } }),
    showProblems(problems) {
      const doc = view.state.doc.toString();
      const firstLine = view.state.doc.line(1);
      const diagnostics: Diagnostic[] = problems.map((p) => {
        const range = (p.field !== undefined ? fieldRange(doc, p.field) : undefined) ?? { from: firstLine.from, to: firstLine.to };
        return { ...range, severity: 'error', message: p.message, source: p.field ?? 'model' };
      });
      view.dispatch(setDiagnostics(view.state, diagnostics));
    },
    clearProblems: () => view.dispatch(setDiagnostics(view.state, [])),
  };
}
