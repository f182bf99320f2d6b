#!/usr/bin/env python3
"""The xv6 row of make bench: xv6-public's kernel running the project's
benchmark programs, in the same QEMU profile as Quanta.

* ``run(xv6_dir, out_dir, workload, timeout)`` builds xv6 from the sources
  in xv6_dir into out_dir (tools/xv6/build.sh: xv6's own Makefile, the
  kernel files as they are, the project's pingpong, pipe_ctxsw and a
  non-interactive /init), writes the workload ("pingpong 20000") into the
  file system image, boots it in the det profile at -smp 1 and returns
  the console text once /init prints its end marker.  ``Xv6Error`` says
  why when the sources are missing, the build fails or the run goes wrong.

xv6 cannot power QEMU off from user space, so QEMU is stopped when the
marker line appears: xv6 is idle then, and the figures are already out.

Command line, for a human::

    python3 tools/xv6/xv6_peer.py XV6_DIR 'pingpong 2000'
"""

import os
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import qemu  # noqa: E402  (tools/qemu.py: the profiles Quanta runs in)

DONE = "QUANTA-XV6-BENCH-DONE"          # tools/xv6/qinit.c prints it last
PINNED = "eeb7b415dbcb12cc362d0783e41c3d1f44066b17"   # tools/xv6/fetch.sh
MEM = "512M"                            # xv6's own make qemu gives 512M


class Xv6Error(Exception):
    """xv6 cannot be built or run, or a program on it failed."""


def build(xv6_dir, out_dir, workload):
    """Build xv6 and an fs.img whose /benchrun is workload; return the
    paths of the boot disk and the file system disk."""
    if not os.path.isfile(os.path.join(xv6_dir, "proc.c")):
        raise Xv6Error(f"no xv6 sources in {xv6_dir} (XV6=DIR; "
                       f"tools/xv6/fetch.sh clones them)")
    xv6_dir, out_dir = os.path.abspath(xv6_dir), os.path.abspath(out_dir)
    os.makedirs(out_dir, exist_ok=True)
    benchrun = os.path.join(out_dir, "benchrun.in")
    with open(benchrun, "w") as f:
        f.write(workload.strip() + "\n")
    proc = subprocess.run([os.path.join(HERE, "build.sh"), xv6_dir, out_dir,
                           benchrun], stdin=subprocess.DEVNULL,
                          capture_output=True, text=True)
    if proc.returncode != 0:
        tail = "\n".join((proc.stdout + proc.stderr).splitlines()[-8:])
        raise Xv6Error(f"xv6 build failed (status {proc.returncode}):\n"
                       f"{tail}")
    return (os.path.join(out_dir, "xv6.img"),
            os.path.join(out_dir, "fs.img"))


def qemu_cmd(boot_img, fs_img):
    """Quanta's det profile at -smp 1, with xv6's two IDE disks."""
    return ([qemu.QEMU] + qemu.profile_args("det") +
            ["-m", MEM, "-smp", "1", "-no-reboot", "-display", "none",
             "-monitor", "none", "-serial", "stdio",
             "-drive", f"file={fs_img},index=1,media=disk,format=raw",
             "-drive", f"file={boot_img},index=0,media=disk,format=raw"])


def boot(boot_img, fs_img, timeout):
    """Boot until the marker line; return the console text."""
    with tempfile.TemporaryFile() as out:
        proc = subprocess.Popen(qemu_cmd(boot_img, fs_img),
                                stdin=subprocess.DEVNULL, stdout=out,
                                stderr=subprocess.STDOUT)
        deadline = time.monotonic() + timeout
        text = ""
        try:
            while time.monotonic() < deadline and proc.poll() is None:
                time.sleep(0.5)
                out.seek(0)
                text = out.read().decode(errors="replace")
                if re.search(rf"^{DONE}\r?$", text, re.M):
                    break
        finally:
            if proc.poll() is None:
                proc.kill()
            proc.wait()
        out.seek(0)
        text = out.read().decode(errors="replace").replace("\r", "")
    if not re.search(rf"^{DONE}$", text, re.M):
        tail = "\n".join(text.splitlines()[-5:])
        why = (f"QEMU status {proc.returncode}"
               if proc.returncode not in (None, -9) else
               f"no '{DONE}' within {timeout:.0f} s")
        raise Xv6Error(f"xv6: {why}; console ends:\n{tail}")
    return text


def run(xv6_dir, out_dir, workload, timeout):
    """Build, boot, and return the console text of one workload; a line
    saying FAILED (the programs' and /init's errors) is an Xv6Error."""
    text = boot(*build(xv6_dir, out_dir, workload), timeout)
    bad = [ln for ln in text.splitlines() if "FAILED" in ln]
    if bad:
        raise Xv6Error(f"xv6: {workload}: {bad[0]}")
    return text


def main(argv):
    if len(argv) != 3:
        print(__doc__.strip().splitlines()[-1].strip(), file=sys.stderr)
        return 2
    try:
        print(run(argv[1], os.path.join("build", "xv6-peer"), argv[2], 600))
    except Xv6Error as e:
        print(e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
