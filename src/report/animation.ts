// The simulated motion as an animation in the HTML report: the sketch
// (sketch.ts) at every frame of the trajectory, with play/pause and a time
// slider. The frames are data in the page (pixel coordinates of the
// drawing's points); a small inline script moves the sketch's elements —
// no library, no request, so the report still works from a file:// URL.
// Tests: test/report/animation.test.ts, test/report/browser.test.ts (it advances in Chromium).
import { px, svgScene } from './scene.js';
import { boundingBox, poser, sketchScene, type Pose } from './sketch.js';
import { view } from './sketch-view.js';
import type { Drawing, Model } from '../model/types.js';

/** At most this many frames: enough for a smooth slider, a few tens of kB of page. */
export const MAX_FRAMES = 201;

/** Every k-th sample so that at most MAX_FRAMES remain, the last sample always kept. */
export function frameSamples(n: number, max = MAX_FRAMES): number[] {
  if (n <= max) return Array.from({ length: n }, (_, i) => i);
  const out: number[] = [];
  for (let k = 0; k < max; k++) out.push(Math.round((k * (n - 1)) / (max - 1)));
  return out;
}

/**
 * Moves every element of an animated sketch to frame i: points (data-p),
 * their names (offset 7, −6 px as drawn), bars (data-a, data-b) and discs
 * (data-c). Plays in real time from the current frame; the slider seeks.
 */
const PLAYER = `(function () {
  document.querySelectorAll('.animation').forEach(function (root) {
    var data = JSON.parse(root.querySelector('script.frames').textContent);
    var svg = root.querySelector('svg');
    var slider = root.querySelector('input');
    var button = root.querySelector('button');
    var out = root.querySelector('output');
    var frame = 0, playing = false, t0 = 0, start = 0;
    function draw(i) {
      frame = i;
      var xy = data.xy[i];
      svg.querySelectorAll('[data-p]').forEach(function (e) {
        var k = 2 * Number(e.getAttribute('data-p'));
        if (e.tagName === 'text') { e.setAttribute('x', (xy[k] + 7).toFixed(1)); e.setAttribute('y', (xy[k + 1] - 6).toFixed(1)); }
        else { e.setAttribute('cx', xy[k]); e.setAttribute('cy', xy[k + 1]); }
      });
      svg.querySelectorAll('[data-c]').forEach(function (e) {
        var k = 2 * Number(e.getAttribute('data-c'));
        e.setAttribute('cx', xy[k]); e.setAttribute('cy', xy[k + 1]);
      });
      svg.querySelectorAll('[data-a]').forEach(function (e) {
        var a = 2 * Number(e.getAttribute('data-a')), b = 2 * Number(e.getAttribute('data-b'));
        e.setAttribute('x1', xy[a]); e.setAttribute('y1', xy[a + 1]); e.setAttribute('x2', xy[b]); e.setAttribute('y2', xy[b + 1]);
      });
      slider.value = String(i);
      out.textContent = 't = ' + data.t[i].toFixed(2) + ' s';
    }
    function tick(now) {
      if (!playing) return;
      var t = t0 + (now - start) / 1000;
      var i = frame;
      while (i + 1 < data.t.length && data.t[i + 1] <= t) i++;
      draw(i);
      if (i + 1 >= data.t.length) { playing = false; button.textContent = 'Play'; return; }
      requestAnimationFrame(tick);
    }
    button.addEventListener('click', function () {
      playing = !playing;
      button.textContent = playing ? 'Pause' : 'Play';
      if (!playing) return;
      if (frame + 1 >= data.t.length) draw(0);
      t0 = data.t[frame]; start = performance.now();
      requestAnimationFrame(tick);
    });
    slider.addEventListener('input', function () {
      draw(Number(slider.value));
      t0 = data.t[frame]; start = performance.now();
    });
  });
})();`;

export interface AnimationInput {
  readonly id: string;
  readonly title: string;
  readonly drawing: Drawing;
  readonly model: Model;
  readonly t: readonly number[];
  readonly q: readonly (readonly number[])[];
}

/** The animation's markup: the sketch at the first frame, its controls, the frames and the player. */
export function animationHtml(a: AnimationInput): string {
  const at = poser(a.drawing, a.model);
  const samples = frameSamples(a.t.length);
  const poses: Pose[] = samples.map((i) => at(a.q[i]!, a.t[i]!));
  const v = view(boundingBox(a.drawing, a.model, poses));
  const pixels = poses.map((p) => p.xy.map((c, k) => Number(px(k % 2 === 0 ? (c - v.box.xMin) * v.scale : (v.box.yMax - c) * v.scale))));
  const frames = { t: samples.map((i) => Number(a.t[i]!.toFixed(4))), xy: pixels };
  const last = samples.length - 1;
  return [
    `<div class="animation" id="${a.id}">`,
    svgScene(sketchScene(`${a.id}-sketch`, a.title, a.drawing, a.model, poses[0]!, v, false)),
    `<div class="controls"><button type="button">Play</button> <input type="range" min="0" max="${last}" step="1" value="0" aria-label="time"> <output>t = ${frames.t[0]!.toFixed(2)} s</output></div>`,
    // Numbers only: nothing in the JSON can close the <script> element.
    `<script type="application/json" class="frames">${JSON.stringify(frames)}</script>`,
    `<script>\n${PLAYER}\n</script>`,
    '</div>',
  ].join('\n');
}
