// The model editor: CodeMirror 6 with TypeScript highlighting, and the
// model's errors underlined at the field they name.
import { javascript } from '@codemirror/lang-javascript';
import { setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { EditorView, basicSetup } from 'codemirror';
import { fieldRange, placeRange } from './field-range.js';

export interface Editor {
  readonly view: EditorView;
  text(): string;
  setText(text: string): void;
  /** Underline each problem at its field (or at the first line when it names none). */
  showProblems(problems: readonly { readonly field?: string; readonly message: string }[]): void;
  clearProblems(): void;
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
        const range = (p.field !== undefined ? fieldRange(doc, p.field) : undefined) ??
          placeRange(doc, p.message) ?? { from: firstLine.from, to: firstLine.to };
        return { ...range, severity: 'error', message: p.message, source: p.field ?? 'model' };
      });
      view.dispatch(setDiagnostics(view.state, diagnostics));
    },
    clearProblems: () => view.dispatch(setDiagnostics(view.state, [])),
  };
}
