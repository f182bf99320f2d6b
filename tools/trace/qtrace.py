#!/usr/bin/env python3
"""qtrace - turn a Quanta scheduler trace into pictures and reports.

    qtrace.py DATA all PREFIX      PREFIX.txt (the dump), .json, .html
    qtrace.py DATA json [OUT]      Chrome/Perfetto trace-event JSON
    qtrace.py DATA html [OUT]      the self-contained HTML timeline
    qtrace.py DATA txt [OUT]       the dump itself, without other output
    qtrace.py DATA latency         perf sched latency
    qtrace.py DATA map             perf sched map
    qtrace.py DATA timehist        perf sched timehist
    qtrace.py DATA migrate         every migration and its cause

DATA is the data channel (0xe9) as QEMU wrote it: build/data.log after
make run or make qemu, data.log in a test's directory, or '-' for stdin.
--dump N picks the Nth dump of the file (0 the first, -1 the last: the
default).  docs/tracing.md shows each output.  Standard library only.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import chrome  # noqa: E402
import htmlview  # noqa: E402
import reports  # noqa: E402
import tracefile  # noqa: E402


def dump_text(text, which):
    """The lines of one dump, as the kernel printed them."""
    dumps = tracefile.split_dumps(text)
    return "\n".join(dumps[which]) + "\n"


def summary(t):
    """A few lines about the trace, for the terminal."""
    sl = tracefile.slices(t)
    out = [f"trace: policy {t.policy}, {t.ncpu} CPUs, {len(t.events)} "
           f"events over {(t.end - t.start) / 1e6:.6f} s, "
           f"{len(tracefile.switches(t))} switches"]
    for cpu in range(t.ncpu):
        busy = sum(s.dur for s in sl.get(cpu, []))
        out.append(f"  cpu{cpu}: {len(sl.get(cpu, []))} slices, busy "
                   f"{busy / 1000:.3f} ms")
    out += [f"  {line}" for line in t.lost_lines()]
    if not t.complete:
        out.append("  the dump was cut short (no '# end of trace')")
    return "\n".join(out) + "\n"


def write_all(text, t, which, prefix):
    os.makedirs(os.path.dirname(prefix) or ".", exist_ok=True)
    with open(prefix + ".txt", "w") as f:
        f.write(dump_text(text, which))
    chrome.write(t, prefix + ".json")
    htmlview.write(t, prefix + ".html",
                   f"Quanta trace: {os.path.basename(prefix)} "
                   f"({t.policy}, {t.ncpu} CPUs)")
    sys.stdout.write(summary(t))
    for ext in ("txt", "json", "html"):
        print(f"  wrote {prefix}.{ext}")


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("data", help="data channel file, or - for stdin")
    p.add_argument("what", choices=["all", "json", "html", "txt"] +
                   sorted(reports.REPORTS))
    p.add_argument("out", nargs="?", help="output file (all: prefix)")
    p.add_argument("--dump", type=int, default=-1, metavar="N")
    args = p.parse_args(argv)
    raw = sys.stdin.buffer.read() if args.data == "-" else \
        open(args.data, "rb").read()
    text = raw.decode("utf-8", "replace")
    try:
        t = tracefile.parse(text, args.dump)
    except tracefile.TraceError as e:
        print(f"qtrace: {args.data}: {e}", file=sys.stderr)
        return 1
    if args.what == "all":
        if not args.out:
            p.error("all needs an output prefix")
        write_all(text, t, args.dump, args.out)
        return 0
    if args.what in reports.REPORTS:
        out = reports.REPORTS[args.what](t)
    elif args.what == "json":
        import json
        out = json.dumps(chrome.convert(t), separators=(",", ":"))
    elif args.what == "html":
        name = os.path.splitext(os.path.basename(args.data))[0]
        out = htmlview.render(t, f"Quanta trace: {name} ({t.policy}, "
                                 f"{t.ncpu} CPUs)")
    else:
        out = dump_text(text, args.dump)
    if args.out:
        with open(args.out, "w") as f:
            f.write(out)
    else:
        sys.stdout.write(out)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:
        sys.exit(0)
