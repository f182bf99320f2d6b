#!/usr/bin/env python3
"""Grade a scheduling policy against one lab (``make grade LAB=n``).

    python3 tools/course/grade.py --lab N [--source FILE --tag NAME]
        [--only host|qemu] [--outdir DIR] [--json FILE] [--require-full]

The lab's definition (tools/course/lab1.json, lab2.json, ...) lists its
tests: a name, the points, the checker and, for a measured test, each
figure's allowed range.  Checkers:

  boundary       tools/check_policy.py on the source (the policy boundary),
                 if the source builds
  host:SCENARIO  that scenario of the host harness (tests/host/lab1.c,
                 lab2.c, or a generic one of tests/host/scenarios.c), built
                 with the policy into build/host/grade-<tag>-lab<n>
  qemu:CASE      that QEMU case (tests/cases.py, CASES or LAB_CASES) with a
                 kernel built with the policy, run by tests/run.py's runner
  writeup        the lab's write-up (``writeup`` in the lab file, or
                 --writeup) exists, has every section ``sections`` lists,
                 none of them empty or left as the template's TODO, and
                 names an experiment of tools/lab (a line EXP=seedNNN)
  tables         runs that experiment (tools/lab/lab.py, with the rows the
                 write-up's ROWS: line adds) and keeps its tables in the
                 output directory (tables.txt) for the instructor
  manual         a checklist item the instructor grades by reading: never
                 scored here, listed with status "manual" and 0 points

A test scores all its points or none: its checker passed and every figure
is inside its range.  A test that cannot run (the build failed, a binary
is missing, a scenario crashed or hung, QEMU timed out) scores 0 and says
why; grading goes on with the next test.  One line per test, a total, and
Gradescope's results.json (tests[] with name, score, max_score, status,
output; the total as score).  The exit status is 0 when grading finished
(whatever the score; 1 with --require-full unless every point was earned),
2 on a usage error.
"""

import argparse
import concurrent.futures
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "tests"))

HOST_TIMEOUT = 60       # s per host scenario (tests/host/main.c: 30 s)
BUILD_TIMEOUT = 1200    # s per make invocation
CHECKERS = ("boundary", "host:", "qemu:", "writeup", "tables", "manual")
LAB_TIMEOUT = 1800      # s for one experiment of tools/lab


class LabError(Exception):
    """The lab definition is unusable; the message says why."""


def load_lab(n):
    """Read and check tools/course/lab<n>.json; return the dict."""
    path = ROOT / "tools" / "course" / f"lab{n}.json"
    try:
        lab = json.loads(path.read_text())
    except FileNotFoundError:
        raise LabError(f"no lab {n}: {path.relative_to(ROOT)} is missing")
    except json.JSONDecodeError as e:
        raise LabError(f"{path.relative_to(ROOT)}: {e}")
    names = set()
    for t in lab.get("tests", []):
        for key in ("name", "points", "checker"):
            if key not in t:
                raise LabError(f"{path.name}: a test has no {key!r}: {t}")
        if t["name"] in names:
            raise LabError(f"{path.name}: test {t['name']} twice")
        names.add(t["name"])
        if not t["checker"].startswith(CHECKERS):
            raise LabError(f"{path.name}: {t['name']}: unknown checker "
                           f"{t['checker']!r}")
        for fig, spec in t.get("figures", {}).items():
            lo, hi = spec["range"]
            if lo > hi:
                raise LabError(f"{path.name}: {t['name']}: {fig}'s range "
                               f"is empty")
    if not names:
        raise LabError(f"{path.name}: no tests")
    return lab


def make_env():
    """The environment for a make of our own: not a sub-make of the make
    that ran us (its jobserver is not ours), -j comes from --jobs."""
    env = dict(os.environ)
    for var in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES"):
        env.pop(var, None)
    return env


def run_cmd(cmd, timeout, log=None, env=None):
    """Run cmd in its own process group; return (status, output).

    status is None if it ran out of time (the whole group is killed)."""
    proc = subprocess.Popen(cmd, cwd=ROOT, stdin=subprocess.DEVNULL, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            start_new_session=True)
    try:
        out, _ = proc.communicate(timeout=timeout)
        status = proc.returncode
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, _ = proc.communicate()
        status = None
    text = out.decode("utf-8", "replace")
    if log:
        Path(log).write_text(text)
    return status, text


def last_lines(text, n=3):
    """The last n non-empty lines of text, joined with ' | '."""
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    return " | ".join(lines[-n:])


class Grader:
    """Grades one policy source against one lab."""

    def __init__(self, lab, source, tag, outdir, only, jobs, writeup=None,
                 quick=False, names=None):
        self.lab = lab
        self.names = set(names or [])
        self.writeup = writeup or lab.get("writeup", "")
        self.quick = quick
        self.jobs = jobs
        self.source = source
        self.tag = tag
        self.outdir = outdir
        self.only = only
        self.host_bin = self.kernel = None     # what was built
        self.host_why = self.kernel_why = None  # or why it was not

    # ---------------------------------------------------------- building
    def make(self, target, what):
        """make target with this policy; return None or why it failed."""
        cmd = ["make", "--no-print-directory", f"-j{self.jobs}",
               f"GRADE_SRC={self.source}", f"GRADE_TAG={self.tag}", target]
        log = self.outdir / f"build-{what}.log"
        status, text = run_cmd(cmd, BUILD_TIMEOUT, log, make_env())
        if status == 0:
            return None
        how = "timed out" if status is None else f"failed (status {status})"
        return (f"the {what} build {how}: {last_lines(text)} "
                f"(log: {log.relative_to(ROOT)})")

    def build(self, tests):
        """Build what the selected tests need: the host binary, a kernel."""
        kinds = {t["checker"].split(":")[0] for t in tests}
        if not kinds & {"host", "qemu"}:
            return                      # nothing to build (lab 5)
        src = ROOT / self.source
        if not src.exists():
            self.host_why = self.kernel_why = f"{self.source} does not exist"
            return
        if "host" in kinds:
            target = f"build/host/grade-{self.tag}-lab{self.lab['lab']}"
            self.host_why = self.make(target, "host")
            self.host_bin = None if self.host_why else ROOT / target
        if "qemu" in kinds:
            target = f"build/kernel-{self.tag}.elf"
            self.kernel_why = self.make(target, "kernel") or \
                self.make("initrd", "initrd")
            self.kernel = None if self.kernel_why else ROOT / target

    # ---------------------------------------------------------- checkers
    def check_boundary(self, test):
        """tools/check_policy.py on the source; (ok, output)."""
        cmd = [sys.executable, "tools/check_policy.py", "--policies",
               self.source]
        status, text = run_cmd(cmd, 60)
        return status == 0, text.strip() or "the policy boundary holds"

    def read_writeup(self):
        """(text, why): the write-up's text, or None and why not."""
        path = ROOT / self.writeup if self.writeup else None
        if not path or not path.is_file():
            return None, f"no write-up {self.writeup or '(none named)'}"
        return path.read_text(errors="replace"), ""

    @staticmethod
    def sections(text):
        """{heading: body} of the write-up's '## ' sections."""
        out, name = {}, None
        for line in text.splitlines():
            if line.startswith("## "):
                name = line[3:].strip().lower()
                out[name] = []
            elif name is not None:
                out[name].append(line)
        return {k: "\n".join(v).strip() for k, v in out.items()}

    def experiment(self, text):
        """(exp, rows) named by the write-up, or (None, None)."""
        m = re.search(r"\bEXP=(seed\d{3}(?:-[a-z]+)?)\b", text)
        rows = re.search(r"^ROWS:\s*(\S.*)$", text, re.M)
        return (m.group(1) if m else None,
                rows.group(1).strip() if rows else "")

    def check_writeup(self, test):
        """The write-up has its sections, filled in; (ok, why)."""
        text, why = self.read_writeup()
        if text is None:
            return False, why
        have = self.sections(text)
        problems = []
        for sec in self.lab.get("sections", []):
            body = have.get(sec.lower())
            if body is None:
                problems.append(f"no section '## {sec}'")
            elif not body or re.search(r"\bTODO\b", body):
                problems.append(f"section '{sec}' is empty or TODO")
        exp, _ = self.experiment(text)
        if not exp:
            problems.append("no EXP=seedNNN line names the experiment")
        elif not (ROOT / "docs" / "labs" / f"{exp.split('-')[0]}.md").exists():
            problems.append(f"{exp}: no such experiment (docs/labs/)")
        return not problems, "; ".join(problems)

    def check_tables(self, test):
        """Run the write-up's experiment; (ok, why)."""
        text, why = self.read_writeup()
        if text is None:
            return False, f"not run: {why}"
        exp, rows = self.experiment(text)
        if not exp:
            return False, "not run: the write-up names no EXP=seedNNN"
        cmd = ["make", "--no-print-directory", f"-j{self.jobs}", "kernels",
               "initrd"]
        status, out = run_cmd(cmd, BUILD_TIMEOUT,
                              self.outdir / "build-lab.log", make_env())
        if status != 0:
            return False, f"not run: the kernels do not build: " \
                f"{last_lines(out)}"
        cmd = [sys.executable, "tools/lab/lab.py", "--exp", exp]
        if rows:
            cmd += ["--rows", rows]
        if self.quick:
            cmd.append("--quick")
        status, out = run_cmd(cmd, LAB_TIMEOUT, self.outdir / "lab.log")
        (self.outdir / "tables.txt").write_text(out)
        where = f"(tables: {(self.outdir / 'tables.txt').relative_to(ROOT)})"
        if status is None:
            return False, f"the experiment {exp} ran out of time {where}"
        if status != 0:
            return False, f"the experiment {exp} failed (status {status}): " \
                f"{last_lines(out)} {where}"
        return True, where

    def check_host(self, test, scenario):
        """One host scenario; (ok, output, the text to find figures in)."""
        if not self.host_bin:
            return False, f"not run: {self.host_why}", ""
        log = self.outdir / f"host-{scenario}.log"
        status, text = run_cmd([str(self.host_bin), scenario],
                               HOST_TIMEOUT, log)
        name = rf"\S+/{re.escape(scenario)}"   # <policy name>/<scenario>
        if status is None:
            return False, f"hung: no result after {HOST_TIMEOUT} s", text
        if re.search(rf"^PASS {name}$", text, re.M):
            return True, "", text
        m = re.search(rf"^FAIL {name}: (.*)$", text, re.M)
        if m:
            panic = re.search(r"^panic at .*$", text, re.M)
            return False, m.group(1) + (f": {panic.group(0)}" if panic
                                        else ""), text
        if re.search(r"^host \S+: 0 passed, 0 failed", text, re.M):
            return False, f"no scenario {scenario} in the harness", text
        return False, f"no verdict (status {status}): {last_lines(text)}", \
            text

    def check_qemu(self, test, name, qrun, ctx):
        """One QEMU case through tests/run.py's runner."""
        import cases
        found = [c for c in cases.CASES + cases.LAB_CASES if c.name == name]
        if not found:
            return False, f"no QEMU case {name} in tests/cases.py", ""
        if not self.kernel:
            return False, f"not run: {self.kernel_why}", ""
        try:
            verdict, reason, _, _ = qrun.run_case(ctx, found[0])
        except Exception as e:  # a runner bug scores 0, never passes
            return False, f"runner error: {e!r}", ""
        com1 = ctx.outdir / name / "com1.log"
        text = com1.read_text(errors="replace") if com1.exists() else ""
        where = f"(log: {com1.relative_to(ROOT)})"
        if verdict == "PASS":
            return True, where, text
        if verdict == "SKIP":
            return False, f"could not run here: {reason}", text
        return False, f"{reason} {where}", text

    # ----------------------------------------------------------- judging
    @staticmethod
    def figures(test, text):
        """Measure the test's figures in text; (lines, problems)."""
        lines, problems = [], []
        for fig, spec in test.get("figures", {}).items():
            rx = spec.get("regex", rf"measure {re.escape(fig)}=(\S+)")
            found = re.findall(rx, text, re.M)
            lo, hi = spec["range"]
            unit = f" {spec['unit']}" if "unit" in spec else ""
            if not found:
                problems.append(f"{fig} not reported")
                continue
            try:
                v = float(found[-1])
            except ValueError:
                problems.append(f"{fig} = {found[-1]!r}, not a number")
                continue
            ok = lo <= v <= hi
            lines.append(f"{fig} = {v:g}{unit} (allowed {lo:g}..{hi:g})"
                         + ("" if ok else "  <- out of range"))
            if not ok:
                problems.append(f"{fig} = {v:g}{unit}, allowed "
                                f"{lo:g}..{hi:g}")
        return lines, problems

    def result(self, test, ok, why, text):
        """The results.json entry of a test that ran."""
        lines, problems = self.figures(test, text) if text or ok else \
            ([], [])
        if ok and problems:
            ok, why = False, "; ".join(problems)
        elif not ok and problems and not why:
            why = "; ".join(problems)
        out = [f"checker: {test['checker']}", test.get("doc", "")]
        out += lines
        if why:
            out.append(why)
        return {"name": test["name"], "max_score": test["points"],
                "score": test["points"] if ok else 0,
                "status": "passed" if ok else "failed",
                "output": "\n".join(x for x in out if x),
                "checker": test["checker"], "why": why}

    @staticmethod
    def manual(test):
        return {"name": test["name"], "max_score": test["points"],
                "score": 0, "status": "manual",
                "output": f"checker: manual\n{test.get('doc', '')}\n"
                          "graded by the instructor, not here",
                "checker": "manual", "why": "graded by the instructor"}

    def skipped(self, test, why):
        return {"name": test["name"], "max_score": test["points"],
                "score": 0, "status": "failed",
                "output": f"checker: {test['checker']}\nnot run: {why}",
                "checker": test["checker"], "why": f"not run: {why}"}

    def grade(self, report):
        """Run every test, calling report(entry) as each is judged."""
        tests = self.lab["tests"]
        chosen = [t for t in tests if self.only is None or
                  t["checker"].split(":")[0] in (self.only, "boundary",
                                                 "writeup", "manual")]
        if self.names:
            chosen = [t for t in chosen if t["name"] in self.names]
        self.build(chosen)
        results = {}
        for t in tests:
            if t not in chosen:
                results[t["name"]] = self.skipped(
                    t, "not chosen with --test"
                    if self.names and t["name"] not in self.names
                    else f"--only {self.only} leaves {t['checker']} out")
                report(results[t["name"]])
                continue
            kind, _, arg = t["checker"].partition(":")
            if kind == "boundary" and (self.host_why or self.kernel_why):
                results[t["name"]] = self.result(
                    t, False, f"not run: {self.host_why or self.kernel_why}",
                    "")
            elif kind == "boundary":
                ok, why = self.check_boundary(t)
                results[t["name"]] = self.result(t, ok, "" if ok else why,
                                                 "")
            elif kind == "host":
                results[t["name"]] = self.result(t, *self.check_host(t, arg))
            elif kind == "writeup":
                ok, why = self.check_writeup(t)
                results[t["name"]] = self.result(t, ok, why, "")
            elif kind == "tables":
                ok, why = self.check_tables(t)
                results[t["name"]] = self.result(t, ok, "" if ok else why,
                                                 "")
            elif kind == "manual":
                results[t["name"]] = self.manual(t)
            else:
                continue
            report(results[t["name"]])
        qemu = [t for t in chosen if t["checker"].startswith("qemu:")]
        if qemu:
            self.grade_qemu(qemu, results, report)
        return [results[t["name"]] for t in tests]

    def grade_qemu(self, tests, results, report):
        """The QEMU tests, two at a time (tests/run.py's runner)."""
        import run as qrun
        args = argparse.Namespace(
            kernel=str(self.kernel or "missing"),
            initrd=str(ROOT / "build" / "initrd.img"),
            iso_tool=str(ROOT / "tools" / "mkiso.sh"),
            outdir=str(self.outdir / "qemu"), timeout_scale=1.0,
            dry_run=False, tag=self.tag, list=False)
        ctx = qrun.Context(args)
        pool = concurrent.futures.ThreadPoolExecutor(max_workers=2)
        try:
            futs = {pool.submit(self.check_qemu, t, t["checker"][5:], qrun,
                                ctx): t for t in tests}
            for fut in concurrent.futures.as_completed(futs):
                t = futs[fut]
                results[t["name"]] = self.result(t, *fut.result())
                report(results[t["name"]])
        finally:
            qrun.PROCS.kill_all()
            pool.shutdown(wait=True, cancel_futures=True)


def print_line(entry):
    """PASS  lab1/preemption  (15/15)  host:lab1-preempt, and why on FAIL."""
    if entry["status"] == "manual":
        print(f"MANUAL  {entry['name']}  (-/{entry['max_score']})  "
              f"[manual]: graded by the instructor", flush=True)
        return
    verdict = "PASS" if entry["status"] == "passed" else "FAIL"
    line = (f"{verdict}  {entry['name']}  ({entry['score']}/"
            f"{entry['max_score']})  [{entry['checker']}]")
    if verdict == "FAIL":
        line += f": {entry['why']}"
    print(line, flush=True)


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--lab", type=int, required=True)
    p.add_argument("--source", default="kernel/sched/student.c",
                   help="the policy to grade (relative to the tree)")
    p.add_argument("--tag", default="student",
                   help="its name in build/ (kernel-<tag>.elf)")
    p.add_argument("--only", choices=("host", "qemu"),
                   help="only these tests (and the boundary check)")
    p.add_argument("--outdir", help="default build/grade/<tag>-lab<n>")
    p.add_argument("--json", help="default <outdir>/results.json")
    p.add_argument("--jobs", "-j", type=int, default=2,
                   help="make -j for the builds (default 2)")
    p.add_argument("--require-full", action="store_true",
                   help="exit 1 unless every point was earned (of the "
                        "tests not graded by hand)")
    p.add_argument("--test", action="append", metavar="NAME",
                   help="only this test (repeatable)")
    p.add_argument("--writeup", help="the write-up to grade (default: "
                   "the lab's writeup)")
    p.add_argument("--quick", action="store_true",
                   help="tables: the experiment with tiny parameters")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    try:
        lab = load_lab(args.lab)
    except LabError as e:
        print(f"grade: {e}", file=sys.stderr)
        return 2
    if not re.fullmatch(r"[a-z0-9-]+", args.tag):
        print(f"grade: bad tag {args.tag!r}", file=sys.stderr)
        return 2
    outdir = Path(args.outdir) if args.outdir else \
        ROOT / "build" / "grade" / f"{args.tag}-lab{args.lab}"
    outdir = outdir.resolve()
    outdir.mkdir(parents=True, exist_ok=True)
    t0 = time.monotonic()
    policy = any(t["checker"].startswith(("host:", "qemu:"))
                 for t in lab["tests"])
    what = args.source if policy else \
        (args.writeup or lab.get("writeup", "?"))
    print(f"lab{args.lab} ({lab['title']}): grading {what}", flush=True)
    names = None
    if args.test:
        # "qemu-interactive" or "lab3/qemu-interactive", as printed
        known = {t["name"] for t in lab["tests"]}
        names = [n if n in known else f"lab{args.lab}/{n}"
                 for n in args.test]
        unknown = [n for n, full in zip(args.test, names) if full not in known]
        if unknown:
            print(f"grade: lab {args.lab} has no test {', '.join(unknown)}; "
                  f"its tests: "
                  f"{', '.join(sorted(t['name'].split('/', 1)[-1] for t in lab['tests']))}",
                  file=sys.stderr)
            return 2
    entries = Grader(lab, args.source, args.tag, outdir, args.only,
                     args.jobs, args.writeup, args.quick,
                     names).grade(print_line)
    score = sum(e["score"] for e in entries)
    total = sum(e["max_score"] for e in entries
                if e["status"] != "manual")
    by_hand = sum(e["max_score"] for e in entries
                  if e["status"] == "manual")
    summary = f"lab{args.lab}: {score}/{total}"
    if by_hand:
        summary += f" (and {by_hand} points graded by the instructor)"
    print(summary, flush=True)
    results = {
        "score": score,
        "output": summary,
        "tests": [{"name": e["name"], "score": e["score"],
                   "max_score": e["max_score"], "status": e["status"],
                   "output": e["output"], "visibility": "visible"}
                  for e in entries],
    }
    path = Path(args.json) if args.json else outdir / "results.json"
    path.write_text(json.dumps(results, indent=2) + "\n")
    shown = path.resolve()
    if shown.is_relative_to(ROOT):
        shown = shown.relative_to(ROOT)
    print(f"results: {shown} ({time.monotonic() - t0:.0f} s)")
    if args.require_full and score != total:
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
