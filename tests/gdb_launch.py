#!/usr/bin/env python3
"""make gdb's launcher (tools/gdb/launch.py) on a real terminal (a pty):

  1. gdb comes up attached; `continue` lets Quanta boot;
  2. Ctrl-C (the terminal's interrupt character) stops every CPU and gives
     the (gdb) prompt back, QEMU still alive; k-rq works there;
  3. a second launcher on the same port refuses, naming the listener;
  4. `quit` ends QEMU and frees the port.

Prints one PASS/FAIL/SKIP line per step and "N passed, N failed" like
tests/run.py; exit status 0 iff nothing failed.

    python3 tests/gdb_launch.py --kernel build/kernel.elf --initrd I
"""

import argparse
import os
import pty
import re
import select
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LAUNCH = ROOT / "tools" / "gdb" / "launch.py"


def free_port():
    with socket.socket() as s:
        s.bind(("", 0))
        return s.getsockname()[1]


class Term:
    """A child on a pty, with expect()."""

    def __init__(self, argv):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.chdir(ROOT)
            os.execvp(argv[0], argv)
        self.buf = b""

    def expect(self, pattern, timeout):
        rx = re.compile(pattern.encode())
        end = time.monotonic() + timeout
        while True:
            m = rx.search(self.buf)
            if m:
                self.buf = self.buf[m.end():]
                return True
            left = end - time.monotonic()
            if left <= 0:
                return False
            r, _, _ = select.select([self.fd], [], [], left)
            if r:
                try:
                    chunk = os.read(self.fd, 4096)
                except OSError:
                    return False
                if not chunk:
                    return False
                self.buf += chunk

    def send(self, text):
        os.write(self.fd, text.encode())

    def wait(self, timeout):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                return status
            self.expect(r"\A\Z", 0.2)    # drain output
        return None

    def kill(self):
        try:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass


def qemu_pids(port):
    """QEMU processes started with our gdb port."""
    out = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            cmd = open(f"/proc/{pid}/cmdline", "rb").read().split(b"\0")
        except OSError:
            continue
        if cmd and cmd[0].endswith(b"qemu-system-i386") and \
                f"tcp::{port}".encode() in cmd:
            out.append(int(pid))
    return out


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--kernel", default=str(ROOT / "build/kernel.elf"))
    p.add_argument("--initrd", default=str(ROOT / "build/initrd.img"))
    a = p.parse_args()
    results = []

    def report(name, ok, why=""):
        results.append(ok)
        print(f"{'PASS' if ok else 'FAIL'}  gdb-launch-{name}"
              + ("" if ok else f": {why}"), flush=True)

    missing = [t for t in ("gdb", "qemu-system-i386") if not shutil.which(t)]
    if missing:
        print(f"SKIP  gdb-launch: missing {', '.join(missing)}")
        print("0 passed, 0 failed, 1 skipped")
        return 0
    port = free_port()
    out = ROOT / "build" / "tests" / "gdb-launch"
    out.mkdir(parents=True, exist_ok=True)
    argv = [sys.executable, str(LAUNCH), "--kernel", a.kernel,
            "--initrd", a.initrd, "--cpus", "2", "--port", str(port),
            "--cmdline", "init=/bin/sh -- -c 'spinners 4 30'",
            "--com1", str(out / "com1.log"), "--data", str(out / "data.log")]
    t = Term(argv)
    try:
        up = t.expect(r"\(gdb\) ", 60)
        report("attach", up, "no (gdb) prompt")
        if not up:
            return 1
        t.send("continue\n")
        booted = t.expect(r"Continuing", 10)
        time.sleep(4)
        t.send("\x03")          # the terminal's VINTR: SIGINT to gdb's group
        stopped = t.expect(r"SIGINT", 20) and t.expect(r"\(gdb\) ", 10)
        alive = bool(qemu_pids(port))
        report("ctrl-c", booted and stopped and alive,
               f"continued {booted}, stopped {stopped}, QEMU alive {alive}")
        t.send("k-rq 0\n")
        report("k-rq-after-ctrl-c", t.expect(r"cpu0: policy \w+", 20) and
               t.expect(r"order:", 10), "k-rq printed nothing")
        t.expect(r"\(gdb\) ", 5)
        second = subprocess.run(argv, capture_output=True, text=True,
                                timeout=60, stdin=subprocess.DEVNULL)
        busy = second.returncode != 0 and \
            re.search(rf"port {port} is busy: pid \d+ \(", second.stderr)
        report("busy-port", bool(busy) and len(qemu_pids(port)) == 1,
               f"second launcher: status {second.returncode}, "
               f"{second.stderr.strip()[:160]!r}")
        t.send("quit\n")
        status = t.wait(30)
        gone = not qemu_pids(port)
        report("quit-ends-qemu", status is not None and gone,
               f"launcher {'exited' if status is not None else 'hangs'}, "
               f"QEMU {'gone' if gone else 'still running'}")
    finally:
        t.kill()
        for pid in qemu_pids(port):
            os.kill(pid, signal.SIGKILL)
    failed = results.count(False)
    print(f"{len(results) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
