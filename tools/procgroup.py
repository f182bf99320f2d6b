"""procgroup - the process groups a runner starts, so none is left behind.

The test runner (tests/run.py) and the lab (tools/lab/lab.py) start QEMU,
usually under timeout(1), each in a session of its own.  Stopping one means
stopping its whole group: SIGTERM first, so that timeout(1) forwards it and
reaps QEMU (an orphaned QEMU might never be reaped otherwise), then SIGKILL
for whatever is left.  On exit or Ctrl-C every live group is stopped and no
new one may start.
"""

import os
import signal
import subprocess
import threading

TERM_GRACE = 5      # seconds between SIGTERM and SIGKILL


def signal_group(proc, sig):
    """Send sig to proc's process group, if it still exists."""
    try:
        os.killpg(proc.pid, sig)
    except ProcessLookupError:
        pass


class ProcGroups:
    """Every process group started through spawn(), until it is waited for.

    closed_error: the exception class spawn() raises once kill_all() has
    run (the runner is shutting down); it is called with a message.
    """

    def __init__(self, closed_error=RuntimeError):
        self.lock = threading.Lock()
        self.live = set()
        self.closed = False
        self.closed_error = closed_error

    def spawn(self, cmd, **kw):
        """Start cmd in a new session (its own process group)."""
        with self.lock:
            if self.closed:
                raise self.closed_error("runner is shutting down")
            proc = subprocess.Popen(cmd, start_new_session=True, **kw)
            self.live.add(proc)
        return proc

    def kill(self, proc):
        """Stop proc's whole process group and reap proc.  A group already
        reaped and released by wait() is left alone."""
        with self.lock:
            live = proc in self.live
        if live or proc.returncode is None:
            signal_group(proc, signal.SIGTERM)
            try:
                proc.wait(timeout=TERM_GRACE)
            except subprocess.TimeoutExpired:
                pass
            signal_group(proc, signal.SIGKILL)
        proc.wait()

    def wait(self, proc, timeout):
        """Wait up to timeout s; kill the group if it is still running.

        Returns (status, timed_out); status is None when it timed out.
        The group is always killed at the end, so helpers that QEMU or
        timeout(1) left behind die too.
        """
        timed_out = False
        try:
            proc.wait(timeout=max(timeout, 0))
        except subprocess.TimeoutExpired:
            timed_out = True
        self.kill(proc)
        with self.lock:
            self.live.discard(proc)
        return (None if timed_out else proc.returncode), timed_out

    def kill_all(self):
        """Kill every live group and refuse new ones (runner exit)."""
        with self.lock:
            self.closed = True
            live = list(self.live)
        for proc in live:
            self.kill(proc)
