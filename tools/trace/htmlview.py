"""A Quanta trace as one self-contained HTML page: a per-CPU timeline with
zoom, pan and a hover box.  No network, no external script or style: the
data and the code are inside the page, so it opens from file:// in any
browser.

Controls: mouse wheel zooms around the pointer, drag pans, double click
(or the "all" button) shows everything; page.html#from=US&to=US opens on
that window (microseconds from the trace's first event), and
#...&tip=CPU,US shows the hover box of lane CPU at that time; hovering a slice shows its task,
prio, policy key, start, length, how it ended and the wakeup delay that
preceded it.
"""

import html
import json

import tracefile


def page_data(t):
    """Compact arrays for the page's script."""
    tasks, index = [], {}

    def task(pid, comm):
        if pid not in index:
            index[pid] = len(tasks)
            tasks.append([pid, comm])
        tasks[index[pid]][1] = comm
        return index[pid]

    delay_at = {}
    for w in tracefile.waits(t):
        if w.run >= 0:
            delay_at[(w.run_cpu, w.run, w.pid)] = (w.ready, w.kind,
                                                   w.wake_cpu)
    lanes, by_cpu = [], tracefile.slices(t)
    for cpu in range(t.ncpu):
        rows = []
        for s in by_cpu.get(cpu, []):
            ready, kind, wcpu = delay_at.get((cpu, s.start, s.pid),
                                             (-1, "", -1))
            rows.append([s.start - t.start, s.dur, task(s.pid, s.comm),
                         s.prio, s.key, s.end_state,
                         s.start - ready if ready >= 0 else -1, kind, wcpu,
                         1 if s.partial else 0])
        lanes.append(rows)
    wakeups = [[e.ts - t.start, e.int("target_cpu"), e.int("pid")]
               for e in t.events if e.name == "sched_wakeup"]
    return {"policy": t.policy, "ncpu": t.ncpu, "t0": t.start,
            "span": max(t.end - t.start, 1), "tasks": tasks, "lanes": lanes,
            "wakeups": wakeups, "lost": t.lost_lines(),
            "complete": t.complete,
            "switches": len(tracefile.switches(t))}


STYLE = """
body { font: 13px sans-serif; margin: 12px; color: #222; }
h1 { font-size: 16px; margin: 0 0 6px 0; }
#lost { color: #a00; font-weight: bold; }
#bar button { margin-right: 4px; }
.row { display: flex; align-items: center; height: 34px; }
.label { width: 64px; flex: none; font-family: monospace; }
canvas.lane, canvas#axis { flex: 1; min-width: 0; height: 30px;
  border: 1px solid #ccc; background: #f4f4f4; }
canvas#axis { height: 18px; border: none; background: none; }
#tip { position: fixed; display: none; background: #fffbe6;
  border: 1px solid #998; padding: 4px 6px; pointer-events: none;
  font-family: monospace; white-space: pre; }
#legend span { display: inline-block; margin-right: 10px; }
#legend i { display: inline-block; width: 10px; height: 10px;
  margin-right: 3px; }
"""

SCRIPT = r"""
"use strict";
const D = JSON.parse(document.getElementById("data").textContent);
const lanes = [], BG = [244, 244, 244];
let v0 = 0, v1 = D.span;
function hue(pid) { return (pid * 137.508) % 360; }
function color(ti) {
  const pid = D.tasks[ti][0];
  return "hsl(" + hue(pid).toFixed(1) + ",65%,55%)";
}
function fmt(us) {
  if (Math.abs(us) >= 1e6) return (us / 1e6).toFixed(6) + " s";
  if (Math.abs(us) >= 1e3) return (us / 1e3).toFixed(3) + " ms";
  return us + " us";
}
function setup() {
  const box = document.getElementById("lanes");
  for (let c = 0; c < D.ncpu; c++) {
    const row = document.createElement("div");
    row.className = "row";
    const lab = document.createElement("div");
    lab.className = "label";
    lab.textContent = "CPU " + c;
    const cv = document.createElement("canvas");
    cv.className = "lane";
    cv.dataset.cpu = c;
    cv.dataset.slices = D.lanes[c].length;
    row.appendChild(lab);
    row.appendChild(cv);
    box.appendChild(row);
    lanes.push(cv);
    cv.addEventListener("mousemove", ev => hover(ev, c));
    cv.addEventListener("mouseleave", () => tip.style.display = "none");
  }
  const info = document.getElementById("info");
  info.textContent = "policy " + D.policy + ", " + D.ncpu + " CPUs, " +
    D.switches + " switches, " + fmt(D.span) + " from " + fmt(D.t0);
  if (D.lost.length || !D.complete) {
    document.getElementById("lost").textContent = D.lost.join("; ") +
      (D.complete ? "" : " (the dump was cut short)");
  }
  const seen = {}, leg = document.getElementById("legend");
  for (const lane of D.lanes) for (const s of lane) seen[s[2]] = 1;
  Object.keys(seen).slice(0, 40).forEach(ti => {
    const sp = document.createElement("span");
    const sw = document.createElement("i");
    sw.style.background = color(ti);
    sp.appendChild(sw);
    sp.appendChild(document.createTextNode(D.tasks[ti][1] + " " +
                                           D.tasks[ti][0]));
    leg.appendChild(sp);
  });
}
function size(cv) {
  const w = Math.max(cv.clientWidth, 100), h = cv.clientHeight || 30;
  if (cv.width !== w || cv.height !== h) { cv.width = w; cv.height = h; }
  return [w, h];
}
function first(lane, t) {   // first slice ending after t
  let lo = 0, hi = lane.length;
  while (lo < hi) {
    const m = (lo + hi) >> 1;
    if (lane[m][0] + lane[m][1] <= t) lo = m + 1; else hi = m;
  }
  return lo;
}
function draw() {
  for (let c = 0; c < lanes.length; c++) {
    const cv = lanes[c], [w, h] = size(cv), g = cv.getContext("2d");
    const k = w / (v1 - v0), lane = D.lanes[c];
    g.fillStyle = "rgb(" + BG.join(",") + ")";
    g.fillRect(0, 0, w, h);
    for (let i = first(lane, v0); i < lane.length && lane[i][0] < v1; i++) {
      const s = lane[i];
      const x = (s[0] - v0) * k, sw = Math.max(s[1] * k, 1);
      g.fillStyle = color(s[2]);
      g.fillRect(x, 3, sw, h - 6);
      if (sw > 40) {
        g.fillStyle = "#000";
        g.font = "11px sans-serif";
        g.fillText(D.tasks[s[2]][1] + " " + D.tasks[s[2]][0], x + 2,
                   h / 2 + 4, sw - 4);
      }
    }
    g.fillStyle = "#333";
    for (const wk of D.wakeups) {
      if (wk[1] !== c || wk[0] < v0 || wk[0] > v1) continue;
      g.fillRect((wk[0] - v0) * k, 0, 1, 3);
    }
  }
  axis();
}
function axis() {
  const cv = document.getElementById("axis"), [w, h] = size(cv);
  const g = cv.getContext("2d"), span = v1 - v0;
  g.clearRect(0, 0, w, h);
  let step = Math.pow(10, Math.floor(Math.log10(span / 5)));
  if (span / step > 10) step *= 2;
  if (span / step > 10) step *= 2.5;
  g.fillStyle = "#333";
  g.font = "10px sans-serif";
  const a0 = v0 + D.t0;     // ticks at round absolute times
  for (let t = Math.ceil(a0 / step) * step; t <= a0 + span; t += step) {
    const x = (t - a0) * w / span;
    g.fillRect(x, h - 5, 1, 5);
    g.fillText(fmt(Math.round(t * 1000) / 1000), x + 2, h - 7);
  }
}
function ink(c) {   // painted pixels of lane c (for tests and sanity)
  const cv = lanes[c], g = cv.getContext("2d");
  const px = g.getImageData(0, 0, cv.width, cv.height).data;
  let n = 0;
  for (let i = 0; i < px.length; i += 4)
    if (px[i] !== BG[0] || px[i + 1] !== BG[1] || px[i + 2] !== BG[2]) n++;
  return n;
}
const tip = document.getElementById("tip");
function hover(ev, c) {
  const cv = lanes[c], r = cv.getBoundingClientRect();
  const t = v0 + (ev.clientX - r.left) * (v1 - v0) / r.width;
  const slop = 3 * (v1 - v0) / r.width, lane = D.lanes[c];
  let best = null;
  for (let i = first(lane, t - slop); i < lane.length &&
       lane[i][0] <= t + slop; i++) { best = lane[i]; if (lane[i][0] <= t &&
       t < lane[i][0] + lane[i][1]) break; }
  if (!best) { tip.style.display = "none"; return; }
  const s = best, task = D.tasks[s[2]];
  let txt = task[1] + " (pid " + task[0] + ") on CPU " + c +
    "\nprio " + s[3] + "  key " + s[4] +
    "\nstart " + fmt(s[0] + D.t0) + "\nlength " + fmt(s[1]) +
    "\nended " + ({R: "preempted (R)", S: "sleeping (S)", Z: "exited (Z)"}
                  [s[5]] || s[5]);
  if (s[6] >= 0 && s[7] === "preempted")
    txt += "\nwaited " + fmt(s[6]) + " since it was preempted";
  else if (s[6] >= 0)
    txt += "\n" + (s[7] === "wakeup_new" ? "new, " : "") + "woken by cpu" +
      s[8] + " " + fmt(s[6]) + " before it ran";
  if (s[9]) txt += "\n(cut by the start or end of the record)";
  tip.textContent = txt;
  tip.style.left = (ev.clientX + 12) + "px";
  tip.style.top = (ev.clientY + 12) + "px";
  tip.style.display = "block";
}
function zoom(f, at) {
  const c = v0 + (v1 - v0) * at, span = Math.max((v1 - v0) * f, 2);
  v0 = Math.max(0, c - span * at);
  v1 = Math.min(D.span, v0 + span);
  if (v1 - v0 < span) v0 = Math.max(0, v1 - span);
  draw();
}
function wire() {
  const box = document.getElementById("lanes");
  box.addEventListener("wheel", ev => {
    ev.preventDefault();
    const r = lanes[0].getBoundingClientRect();
    zoom(ev.deltaY > 0 ? 1.25 : 0.8,
         Math.min(Math.max((ev.clientX - r.left) / r.width, 0), 1));
  }, {passive: false});
  let drag = null;
  box.addEventListener("mousedown", ev => drag = [ev.clientX, v0, v1]);
  window.addEventListener("mouseup", () => drag = null);
  window.addEventListener("mousemove", ev => {
    if (!drag) return;
    const w = lanes[0].getBoundingClientRect().width;
    let d = (drag[0] - ev.clientX) * (drag[2] - drag[1]) / w;
    d = Math.min(Math.max(d, -drag[1]), D.span - drag[2]);
    v0 = drag[1] + d; v1 = drag[2] + d; draw();
  });
  box.addEventListener("dblclick", () => { v0 = 0; v1 = D.span; draw(); });
  document.getElementById("in").onclick = () => zoom(0.5, 0.5);
  document.getElementById("out").onclick = () => zoom(2, 0.5);
  document.getElementById("all").onclick = () => { v0 = 0; v1 = D.span;
                                                   draw(); };
  window.addEventListener("resize", draw);
}
function from_hash() {   // #from=US&to=US: the view, in us from the start
  const h = new URLSearchParams(location.hash.slice(1));
  const a = parseFloat(h.get("from")), b = parseFloat(h.get("to"));
  if (a >= 0 && b > a) { v0 = a; v1 = Math.min(b, D.span); }
  return h.get("tip");
}
function show_tip(spec) {  // #tip=CPU,US: hover there (pictures, tests)
  const [c, us] = spec.split(",").map(Number), cv = lanes[c];
  if (!cv) return;
  const r = cv.getBoundingClientRect();
  hover({clientX: r.left + (us - v0) * r.width / (v1 - v0),
         clientY: r.top + r.height / 2}, c);
}
setup();
wire();
const tipspec = from_hash();
draw();
if (tipspec) show_tip(tipspec);
for (let c = 0; c < lanes.length; c++) lanes[c].dataset.ink = ink(c);
document.body.dataset.rendered = lanes.length;
"""

PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>{title}</title>
<style>{style}</style></head>
<body>
<h1>{title}</h1>
<div id="info"></div>
<div id="lost"></div>
<div id="bar"><button id="in">zoom in</button><button id="out">zoom out
</button><button id="all">all</button> wheel: zoom, drag: pan,
double click: all</div>
<div class="row"><div class="label"></div><canvas id="axis"></canvas></div>
<div id="lanes"></div>
<div id="legend"></div>
<div id="tip"></div>
<script type="application/json" id="data">{data}</script>
<script>{script}</script>
</body></html>
"""


def render(t, title="Quanta scheduler trace"):
    data = json.dumps(page_data(t), separators=(",", ":"))
    data = data.replace("</", "<\\/")       # never ends the script early
    return PAGE.format(title=html.escape(title), style=STYLE, data=data,
                       script=SCRIPT)


def write(t, path, title="Quanta scheduler trace"):
    with open(path, "w") as f:
        f.write(render(t, title))
