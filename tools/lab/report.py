"""Tables, CSV, JSON and SVG for the lab (tools/lab/lab.py).

Input: an Experiment (experiments.py) and its run records, the dicts that
lab.py stores one per JSON file:

    {"key", "row", "policy", "tunables", "hz", "cpus", "profile", "rep",
     "workload", "ok": bool, "reason", "results": {bench: {key: value}},
     "log", "wall_s", ...}

aggregate() groups the runs into one table per -smp value with one line
per row (kernel variant); each cell holds the median of the successful
repetitions and their min and max.  The writers below only format that.
"""

import csv
import html
import json
import os
import sys
from statistics import median
from types import SimpleNamespace

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))), "realbench"))
import results as realbench_results  # noqa: E402  tools/realbench/results.py


def parse_results(text):
    """RESULT lines of a console: {bench: {key: value}}, and the lines.

    Values become floats where they parse, None for "n/a", else strings.
    A bench printing several lines has them merged (later keys win).  The
    field's own benchmarks, which print no RESULT lines, are read by
    tools/realbench/results.py.
    """
    out, lines = realbench_results.parse(text), []
    for raw in text.splitlines():
        i = raw.find("RESULT bench=")
        if i < 0:
            continue
        line = raw[i:].strip()
        lines.append(line)
        fields = {}
        for word in line.split()[1:]:
            k, sep, v = word.partition("=")
            if not sep:
                continue
            if v == "n/a":
                fields[k] = None
                continue
            try:
                fields[k] = float(v)
            except ValueError:
                fields[k] = v
        bench = fields.pop("bench", None)
        if isinstance(bench, str):
            out.setdefault(bench, {}).update(fields)
    return out, lines


def _cell_value(col, run, row):
    """One run's value of a column (None when not computable)."""
    ctx = SimpleNamespace(row=row, cpus=run["cpus"],
                          profile=run["profile"])
    try:
        v = col.get(run["results"], ctx)
    except (KeyError, TypeError, ZeroDivisionError):
        return None
    return v if isinstance(v, (int, float)) else None


def aggregate(exp, rows, runs):
    """Tables: [{"cpus", "profile", "lines": [...]}], one per -smp value.

    rows: the Row objects in table order; runs: every run record.
    A line: {"label", "policy", "profile", "runs", "ok", "reasons",
    "logs", "cells": {header: {"median", "min", "max", "n"}}}.
    """
    tables = []
    cpus_list = sorted({r["cpus"] for r in runs})
    for cpus in cpus_list:
        lines = []
        for row in rows:
            mine = [r for r in runs if r["row"] == row.label
                    and r["cpus"] == cpus]
            if not mine:
                continue
            good = [r for r in mine if r["ok"]]
            line = {"label": row.label, "policy": row.policy,
                    "tunables": row.tunables, "hz": row.hz,
                    "profile": mine[0]["profile"], "runs": len(mine),
                    "ok": len(good),
                    "reasons": sorted({r["reason"] for r in mine
                                       if not r["ok"]}),
                    "logs": [r["log"] for r in mine if not r["ok"]],
                    "cells": {}}
            for col in exp.columns:
                if col.ratio_to:
                    continue
                vals = [v for v in (_cell_value(col, r, row) for r in good)
                        if v is not None]
                if vals:
                    line["cells"][col.header] = {
                        "median": median(vals), "min": min(vals),
                        "max": max(vals), "n": len(vals)}
            lines.append(line)
        # Ratio columns need the other rows' medians.
        for col in exp.columns:
            if not col.ratio_to:
                continue
            ref_label, of = col.ratio_to
            ref = next((ln for ln in lines if ln["label"] == ref_label),
                       None)
            base = ref and ref["cells"].get(of)
            for ln in lines:
                mine = ln["cells"].get(of)
                if base and mine and base["median"]:
                    ln["cells"][col.header] = {
                        "median": mine["median"] / base["median"],
                        "min": mine["min"] / base["median"],
                        "max": mine["max"] / base["median"],
                        "n": mine["n"]}
        profiles = [ln["profile"] for ln in lines if ln["policy"] != "linux"]
        main = max(set(profiles), key=profiles.count) if profiles else "det"
        tables.append({"cpus": cpus, "profile": main, "lines": lines})
    return tables


def _fmt(col, cell, show_range):
    """A cell's text: the median, and (min..max) when asked and wider."""
    if cell is None:
        return "-"
    text = col.fmt.format(cell["median"])
    if show_range and cell["n"] > 1:
        lo, hi = col.fmt.format(cell["min"]), col.fmt.format(cell["max"])
        if lo != hi:
            text += f" ({lo}..{hi})"
    return text


def _label(line, table):
    """The row's label, marked when its profile differs from the table's."""
    if line["profile"] != table["profile"]:
        return f"{line['label']} [{line['profile']}]"
    return line["label"]


def _note(line):
    """The note cell: FAILED (reason) for failed repetitions."""
    if line["ok"] == line["runs"]:
        return ""
    why = "; ".join(line["reasons"])
    if line["ok"] == 0:
        return f"FAILED ({why})"
    return f"FAILED {line['runs'] - line['ok']}/{line['runs']} ({why})"


def text_table(exp, table, reps, header_extra=()):
    """The table of one -smp value as text, shaped like the seed mail."""
    show_range = reps > 1
    cols = exp.columns
    head = ["kernel variant"] + [c.header for c in cols] + ["note"]
    body = []
    for ln in table["lines"]:
        body.append([_label(ln, table)]
                    + [_fmt(c, ln["cells"].get(c.header), show_range)
                       for c in cols]
                    + [_note(ln)])
    # Drop the note column when every note is empty.
    if all(not r[-1] for r in body):
        head, body = head[:-1], [r[:-1] for r in body]
    widths = [max(len(str(x)) for x in [h] + [r[i] for r in body])
              for i, h in enumerate(head)]

    def fmt_row(r):
        cells = [str(r[0]).ljust(widths[0])]
        for i in range(1, len(r)):
            last_note = head[i] == "note"
            cells.append(str(r[i]).ljust(widths[i]) if last_note
                         else str(r[i]).rjust(widths[i]))
        return "  ".join(cells).rstrip()

    title = (f"{exp.name}: {exp.title} -- -smp {table['cpus']}, "
             f"{table['profile']} profile")
    out = [title, "=" * min(len(title), 100)]
    out.append(fmt_row(head))
    out.append("  ".join("-" * w for w in widths))
    out += [fmt_row(r) for r in body]
    out.append("")
    out.append(f"Seed: {exp.observation}")
    for m in exp.mail:
        out.append(f"Mail: {m}")
    notes = list(exp.notes) + list(header_extra)
    if exp.profile_note and table["profile"] == exp.profile:
        notes.insert(0, exp.profile_note)
    for n in notes:
        out.append(f"Note: {n}")
    if show_range:
        out.append(f"Cells: median of {reps} runs (min..max).")
    return "\n".join(out) + "\n"


def _num(v):
    """A number for CSV: integers plain, others to 6 significant digits."""
    if isinstance(v, float) and v.is_integer():
        return int(v)
    return f"{v:.6g}" if isinstance(v, float) else v


def write_csv(path, exp, tables, runs):
    """table.csv (one line per row and -smp) and runs.csv (every run)."""
    cols = [c.header for c in exp.columns]
    with open(os.path.join(path, "table.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["experiment", "row", "policy", "cpus", "profile",
                    "runs", "ok", "failed_reason"]
                   + [f"{h} {s}" for h in cols
                      for s in ("median", "min", "max")])
        for t in tables:
            for ln in t["lines"]:
                cells = []
                for h in cols:
                    c = ln["cells"].get(h)
                    cells += ([_num(c["median"]), _num(c["min"]),
                               _num(c["max"])] if c else ["", "", ""])
                w.writerow([exp.name, ln["label"], ln["policy"], t["cpus"],
                            ln["profile"], ln["runs"], ln["ok"],
                            "; ".join(ln["reasons"])] + cells)
    keys = sorted({f"{b}.{k}" for r in runs
                   for b, kv in r["results"].items() for k in kv})
    with open(os.path.join(path, "runs.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["experiment", "row", "policy", "tunables", "hz", "cpus",
                    "profile", "rep", "ok", "reason", "wall_s", "log",
                    "key"] + keys)
        for r in runs:
            vals = []
            for k in keys:
                b, _, name = k.partition(".")
                v = r["results"].get(b, {}).get(name, "")
                vals.append("n/a" if v is None else _num(v))
            tun = " ".join(f"{k}={v}" for k, v in r["tunables"].items())
            w.writerow([exp.name, r["row"], r["policy"], tun,
                        r["hz"] or "", r["cpus"], r["profile"], r["rep"],
                        int(r["ok"]), r["reason"], f"{r['wall_s']:.1f}",
                        r["log"], r["key"]] + vals)


def write_json(path, exp, tables, runs, meta):
    """results.json: the experiment's description, tables and runs."""
    doc = {"experiment": exp.name, "title": exp.title,
           "observation": exp.observation, "mail": exp.mail,
           "notes": exp.notes, "headline": exp.headline,
           "columns": [c.header for c in exp.columns],
           "meta": meta, "tables": tables, "runs": runs}
    tmp = os.path.join(path, "results.json.tmp")
    with open(tmp, "w") as f:
        json.dump(doc, f, indent=1, sort_keys=True)
    os.replace(tmp, os.path.join(path, "results.json"))


def svg_chart(exp, table, reps):
    """A horizontal bar chart of the headline column, as SVG text.

    One bar per row at its median, a whisker from min to max when there
    were several repetitions, and FAILED in red for rows without a value.
    """
    col = next(c for c in exp.columns if c.header == exp.headline)
    lines = table["lines"]
    label_w, bar_w, bar_h, gap, top = 230, 420, 18, 8, 48
    width = label_w + bar_w + 110
    height = top + len(lines) * (bar_h + gap) + 30
    vals = [ln["cells"][col.header]["max"] for ln in lines
            if col.header in ln["cells"]]
    vmax = max(vals) if vals else 1.0
    vmax = vmax if vmax > 0 else 1.0
    esc = html.escape
    o = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" '
         f'height="{height}" font-family="sans-serif" font-size="12">',
         f'<rect width="{width}" height="{height}" fill="white"/>',
         f'<text x="10" y="18" font-size="14" font-weight="bold">'
         f'{esc(exp.name)}: {esc(col.header)} (-smp {table["cpus"]}, '
         f'{esc(table["profile"])})</text>',
         f'<text x="10" y="34" fill="#555">{esc(exp.title)}</text>']
    # Axis with three ticks.
    y_axis = top + len(lines) * (bar_h + gap)
    o.append(f'<line x1="{label_w}" y1="{top - 4}" x2="{label_w}" '
             f'y2="{y_axis}" stroke="#333"/>')
    for frac in (0, 0.5, 1):
        x = label_w + frac * bar_w
        o.append(f'<line x1="{x:.1f}" y1="{y_axis}" x2="{x:.1f}" '
                 f'y2="{y_axis + 4}" stroke="#333"/>')
        o.append(f'<text x="{x:.1f}" y="{y_axis + 16}" text-anchor="middle"'
                 f' fill="#333">{esc(col.fmt.format(vmax * frac))}</text>')
    for i, ln in enumerate(lines):
        y = top + i * (bar_h + gap)
        o.append(f'<text x="{label_w - 6}" y="{y + bar_h - 5}" '
                 f'text-anchor="end">{esc(_label(ln, table))}</text>')
        cell = ln["cells"].get(col.header)
        if cell is None:
            o.append(f'<text x="{label_w + 6}" y="{y + bar_h - 5}" '
                     f'fill="#c00">{esc(_note(ln) or "no value")}</text>')
            continue
        w = bar_w * cell["median"] / vmax
        color = "#888" if ln["policy"] == "linux" else "#4a7ab5"
        o.append(f'<rect x="{label_w}" y="{y}" width="{max(w, 1):.1f}" '
                 f'height="{bar_h}" fill="{color}"/>')
        if reps > 1 and cell["n"] > 1:
            x1 = label_w + bar_w * cell["min"] / vmax
            x2 = label_w + bar_w * cell["max"] / vmax
            ym = y + bar_h / 2
            o.append(f'<line x1="{x1:.1f}" y1="{ym}" x2="{x2:.1f}" '
                     f'y2="{ym}" stroke="black"/>')
            for x in (x1, x2):
                o.append(f'<line x1="{x:.1f}" y1="{y + 4}" x2="{x:.1f}" '
                         f'y2="{y + bar_h - 4}" stroke="black"/>')
        tx = label_w + max(w, 1) + 6
        if reps > 1 and cell["n"] > 1:
            tx = max(tx, label_w + bar_w * cell["max"] / vmax + 6)
        o.append(f'<text x="{tx:.1f}" y="{y + bar_h - 5}">'
                 f'{esc(col.fmt.format(cell["median"]))}</text>')
    o.append("</svg>")
    return "\n".join(o) + "\n"


def write_all(outdir, exp, rows, runs, reps, meta, extra_notes=()):
    """Write table.txt, table.csv, runs.csv, results.json and one SVG per
    -smp value under outdir; return the tables' text."""
    os.makedirs(outdir, exist_ok=True)
    tables = aggregate(exp, rows, runs)
    texts = [text_table(exp, t, reps, extra_notes) for t in tables]
    with open(os.path.join(outdir, "table.txt"), "w") as f:
        f.write("\n".join(texts))
    write_csv(outdir, exp, tables, runs)
    write_json(outdir, exp, tables, runs, meta)
    for t in tables:
        name = f"{exp.name}-smp{t['cpus']}.svg"
        with open(os.path.join(outdir, name), "w") as f:
            f.write(svg_chart(exp, t, reps))
    return "\n".join(texts)
