// The playground page: the editor, the examples menu and the shareable URL,
// the worker that derives and simulates (protocol.ts), and the results —
// report sections, sliders, animated sketch, plots, events, downloads.
import examples from 'playground:examples';
import workerSource from 'playground:worker';
import { createEditor } from './editor.js';
import type { Slider } from './pipeline.js';
import type { Derived, Failed, FileKind, Ran, Reply, Request } from './protocol.js';
import { hashOf, readHash } from './share.js';

/** Quiet time after the last keystroke before the model is derived again. */
const DEBOUNCE_MS = 80;
const DEFAULT_EXAMPLE = 'compass';

const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;

const worker = new Worker(URL.createObjectURL(new Blob([workerSource], { type: 'text/javascript' })));
let nextId = 1;
let inFlight: Request | undefined;
let pending: Request | undefined;
/** The example the editor holds unchanged, if any (its path goes into the generated header). */
let example: string | undefined;
let programmatic = false;
let timer: ReturnType<typeof setTimeout> | undefined;
let lastEdit = 0;
let derived: Derived | undefined;
/** Slider values the user set; the others stay at their defaults. */
let moved: Record<string, number> = {};
/** Each derive request's last edit and the time it went to the worker. */
const requests = new Map<number, { edit: number; sent: number }>();
/** When the last reply arrived. */
let received = 0;

/** Timings for the bench: last keystroke → the derivation shown. */
const timings: { edit: number; sent: number; received: number; shown: number; workerMs: number; phases: Readonly<Record<string, number>> }[] = [];
(window as unknown as { playground: unknown }).playground = { timings };

const editor = createEditor($('editor'), '', () => {
  if (programmatic) return;
  example = undefined;
  $<HTMLSelectElement>('examples').value = '';
  lastEdit = performance.now();
  clearTimeout(timer);
  timer = setTimeout(requestDerive, DEBOUNCE_MS);
});

function send(req: Request): void {
  if (inFlight) {
    if (req.type === 'derive' || pending?.type !== 'derive') pending = req;
    return;
  }
  inFlight = req;
  if (req.type === 'derive') requests.set(req.id, { edit: lastEdit, sent: performance.now() });
  worker.postMessage(req);
}

function requestDerive(): void {
  const text = editor.text();
  const path = example === undefined ? undefined : examples.find((e) => e.name === example)?.path;
  const id = nextId++;
  setStatus('deriving…');
  send({ type: 'derive', id, text, source: path ?? 'model.ts' });
  void hashOf(text, example).then((h) => history.replaceState(null, '', h));
}

function setStatus(text: string): void {
  $('status').textContent = text;
}

function loadText(text: string, name: string | undefined): void {
  example = name;
  programmatic = true;
  editor.setText(text);
  programmatic = false;
  $<HTMLSelectElement>('examples').value = name ?? '';
  lastEdit = performance.now();
  requestDerive();
}

/** The report's HTML by section, as shown. */
let shownSections = new Map<string, { html: string; node: Element }>();

/**
 * Show the report's sections, parsing only those whose HTML changed: an edit
 * of a number leaves most typeset equations as they were, and a report is
 * a few hundred kB of KaTeX markup.
 */
function showSections(sections: Derived['sections']): void {
  const next = new Map<string, { html: string; node: Element }>();
  const nodes = sections.map((s) => {
    const old = shownSections.get(s.id);
    if (old && old.html === s.html) {
      next.set(s.id, old);
      return old.node;
    }
    const holder = document.createElement('div');
    holder.innerHTML = s.html;
    const node = holder.firstElementChild!;
    next.set(s.id, { html: s.html, node });
    return node;
  });
  $('report').replaceChildren(...nodes);
  shownSections = next;
}

function showDerived(d: Derived): void {
  derived = d;
  moved = {};
  editor.clearProblems();
  $('errors').hidden = true;
  $('results').classList.remove('stale');
  $('title').textContent = d.title;
  showSections(d.sections);
  renderSliders(d.sliders);
  setStatus(`derived ${d.name} in ${d.ms.toFixed(0)} ms`);
  const asked = requests.get(d.id);
  if (asked) timings.push({ ...asked, received, shown: performance.now(), workerMs: d.ms, phases: d.phases });
  for (const b of ['dl-module', 'dl-tex']) $<HTMLButtonElement>(b).disabled = false;
  for (const b of ['dl-csv', 'dl-json']) $<HTMLButtonElement>(b).disabled = true;
}

/**
 * The report's animated sketch: its markup, and its player script run again
 * (a script set through innerHTML does not run; a new script element does).
 */
function showAnimation(a: Ran['animation']): void {
  const box = $('animation');
  if ('problem' in a) {
    box.textContent = a.problem;
    return;
  }
  box.innerHTML = a.html;
  for (const old of box.querySelectorAll('script:not([type])')) {
    const script = document.createElement('script');
    script.textContent = old.textContent;
    old.replaceWith(script);
  }
}

function showRun(r: Ran): void {
  // Which request the shown results answer (for a test or a script driving the page).
  document.body.dataset.run = String(r.id);
  showAnimation(r.animation);
  // Labels are the model's names (identifiers) and fixed words: nothing to escape.
  $('plots').innerHTML = r.plots
    .map(
      (p) => `<div class="plot-box" id="${p.id}">${p.svg}<div class="legend">${p.legend.map((l) => `<span>${l.swatch}${l.label}</span>`).join('')}</div></div>`,
    )
    .join('');
  const list = $('events');
  list.replaceChildren(
    ...r.events.map((e) => {
      const li = document.createElement('li');
      li.dataset.type = e.type;
      li.dataset.contacts = e.contacts.join('+');
      li.textContent = `t = ${e.t.toFixed(4)} s  ${e.text}`;
      return li;
    }),
  );
  if (r.events.length === 0) list.innerHTML = '<li class="none">no events</li>';
  $('sim-error').hidden = true;
  for (const b of ['dl-csv', 'dl-json']) $<HTMLButtonElement>(b).disabled = false;
}

function showFailure(f: Failed): void {
  const e = f.error;
  if (f.stage === 'derive') {
    editor.showProblems(e.problems);
    $('results').classList.add('stale');
    const box = $('errors');
    box.hidden = false;
    box.replaceChildren(
      ...e.problems.map((p) => {
        const div = document.createElement('div');
        div.className = 'problem';
        div.dataset.code = p.code;
        if (p.field) div.dataset.field = p.field;
        div.innerHTML = `<code class="code"></code> <code class="field"></code> <span class="message"></span>`;
        div.querySelector('.code')!.textContent = p.code;
        div.querySelector('.field')!.textContent = p.field ?? '';
        div.querySelector('.message')!.textContent = p.message;
        return div;
      }),
    );
    setStatus(`${e.code}: the last good result is kept`);
  } else {
    const box = $('sim-error');
    box.hidden = false;
    for (const b of ['dl-csv', 'dl-json']) $<HTMLButtonElement>(b).disabled = true;
    box.textContent = `simulation failed (${e.code}${e.field ? `, ${e.field}` : ''}): ${e.message}`;
  }
}

worker.onmessage = (event: MessageEvent<Reply>): void => {
  const reply = event.data;
  received = performance.now();
  if (reply.type === 'file') {
    download(reply.name, reply.text, reply.mime);
    return;
  }
  if (reply.type === 'derived') showDerived(reply);
  else if (reply.type === 'ran') showRun(reply);
  else showFailure(reply);
  if (reply.type === 'derived') return;
  inFlight = undefined;
  const next = pending;
  pending = undefined;
  if (next) send(next);
};

function renderSliders(sliders: readonly Slider[]): void {
  const box = $('sliders');
  box.replaceChildren(
    ...sliders.map((s) => {
      const label = document.createElement('label');
      label.className = 'slider';
      const step = (s.hi - s.lo) / 400;
      label.innerHTML = `<span class="name"></span> <input type="range"> <output></output>`;
      label.querySelector('.name')!.textContent = s.name;
      label.title = `${s.description ?? s.name}, in ${s.range}${s.unit ? ` [${s.unit}]` : ''}`;
      const input = label.querySelector('input')!;
      const out = label.querySelector('output')!;
      // The range is open: the slider stops one step inside each end.
      Object.assign(input, { min: String(s.lo + step), max: String(s.hi - step), step: String(step), value: String(s.default) });
      input.name = s.name;
      out.value = s.default.toPrecision(4);
      input.addEventListener('input', () => {
        moved = { ...moved, [s.name]: input.valueAsNumber };
        out.value = input.valueAsNumber.toPrecision(4);
        send({ type: 'simulate', id: nextId++, params: moved });
      });
      return label;
    }),
  );
}

function download(name: string, text: string, type: string): void {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

$('dl-module').addEventListener('click', () => derived && download(derived.module.fileName, derived.module.source, 'text/plain'));
// Made by the worker when asked (it answers after what it is doing): the .tex with the motion at the defaults, the shown run as CSV or JSON.
const ask = (kind: FileKind): void => worker.postMessage({ type: 'file', id: nextId++, kind } satisfies Request);
$('dl-tex').addEventListener('click', () => ask('tex'));
$('dl-csv').addEventListener('click', () => ask('csv'));
$('dl-json').addEventListener('click', () => ask('json'));
$('share').addEventListener('click', () => void navigator.clipboard?.writeText(location.href).then(() => setStatus('link copied')));

const select = $<HTMLSelectElement>('examples');
select.append(
  ...[{ name: '', label: '(edited)' }, ...examples.map((e) => ({ name: e.name, label: e.name }))].map(({ name, label }) => new Option(label, name)),
);
select.addEventListener('change', () => {
  const e = examples.find((x) => x.name === select.value);
  if (e) loadText(e.text, e.name);
});

void readHash(location.hash).then((shared) => {
  const chosen = shared && 'example' in shared ? examples.find((e) => e.name === shared.example) : undefined;
  if (shared && 'text' in shared) loadText(shared.text, undefined);
  else {
    const e = chosen ?? examples.find((x) => x.name === DEFAULT_EXAMPLE) ?? examples[0]!;
    loadText(e.text, e.name);
  }
});
