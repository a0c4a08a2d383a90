// The playground's worker: compiles the model the page sends, keeps the
// compiled model (its module loaded once), and simulates it
// again for every change of a slider. Typing never waits for it: the page
// sends at most one request at a time and only the latest text.
import { MechanicsError } from '../src/errors.js';
import { deriveText, firstRun, runModel, runText, texReport, type Derivation, type Run } from './pipeline.js';
import { plotsOf } from './plots.js';
import type { ErrorData, FileKind, Reply, Request } from './protocol.js';

let current: Derivation | undefined;
/** The run shown last (the CSV and JSON downloads). */
let last: Run | undefined;

const post = (reply: Reply): void => (self as unknown as { postMessage(m: Reply): void }).postMessage(reply);

/** The sections of a report page (what lies between its table of contents and the end of <main>), each with its id. */
function reportSections(html: string): { id: string; html: string }[] {
  const body = html.slice(html.indexOf('</header>') + '</header>'.length, html.lastIndexOf('</main>'));
  return (
    body
      .split(/(?=<section id=")/)
      .map((s) => s.trim())
      .filter((s) => s.startsWith('<section'))
      // The abstract is a section by its class, the others by their id.
      .map((s) => ({ id: /^<section (?:id|class)="([^"]*)"/.exec(s)?.[1] ?? '', html: s }))
  );
}

function errorData(err: unknown): ErrorData {
  if (!(err instanceof MechanicsError)) {
    return { code: 'internal', kind: 'internal', message: `internal error (a bug in the toolkit): ${(err as Error)?.message ?? String(err)}`, problems: [] };
  }
  const problems = (err.problems.length ? err.problems : [err]).map((p) => ({
    code: p.code,
    message: p.message,
    ...(p.where.field ? { field: p.where.field } : {}),
  }));
  return {
    code: err.code,
    kind: err.kind,
    message: err.message,
    problems,
    ...(err.where.field ? { field: err.where.field } : {}),
    ...(err.where.model ? { model: err.where.model } : {}),
  };
}

function postRun(id: number, run: Run | MechanicsError): void {
  const d = current!;
  if (run instanceof MechanicsError) {
    post({ type: 'failed', id, stage: 'simulate', error: errorData(run) });
    return;
  }
  last = run;
  post({
    type: 'ran',
    id,
    params: run.params,
    t: run.trajectory.t,
    events: run.events,
    plots: plotsOf(d.compiled.model, run.trajectory),
    animation: run.animation,
  });
}

function simulateCurrent(id: number, params: Readonly<Record<string, number>>): void {
  const d = current!;
  try {
    postRun(id, runModel(d.compiled, params));
  } catch (err) {
    post({ type: 'failed', id, stage: 'simulate', error: errorData(err) });
  }
}

function file(id: number, kind: FileKind): void {
  const d = current!;
  const { name } = d.compiled.model;
  try {
    if (kind === 'tex') {
      post({ type: 'file', id, name: `${name}.tex`, mime: 'text/x-tex', text: texReport(d) });
    } else if (last) {
      post({ type: 'file', id, name: `${name}.${kind}`, mime: kind === 'csv' ? 'text/csv' : 'application/json', text: runText(d.compiled, last, kind) });
    }
  } catch (err) {
    post({ type: 'failed', id, stage: 'file', error: errorData(err) });
  }
}

self.onmessage = (event: MessageEvent<Request>): void => {
  const req = event.data;
  if (req.type === 'derive') {
    const started = performance.now();
    try {
      current = deriveText(req.text, req.source);
    } catch (err) {
      post({ type: 'failed', id: req.id, stage: 'derive', error: errorData(err) });
      return;
    }
    const d = current;
    const { model, module } = d.compiled;
    post({
      type: 'derived',
      id: req.id,
      name: model.name,
      title: model.title,
      sections: reportSections(d.html),
      module: { fileName: module.fileName, source: module.source },
      sliders: d.sliders,
      ms: performance.now() - started,
      phases: d.phases,
    });
    last = undefined;
    postRun(req.id, firstRun(d));
  } else if (current) {
    if (req.type === 'simulate') simulateCurrent(req.id, req.params);
    else file(req.id, req.kind);
  }
};
