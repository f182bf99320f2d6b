#!/usr/bin/env python3
"""The Linux reference row of the lab: Debian's stock i386 kernel in QEMU.

The lab runs the same user-space benchmarks (user/bench/*.c) on Quanta and
on Linux, booted in the same QEMU profile (docs/architecture.md, section
4.8).  This module prepares and boots the Linux side:

* ``ensure()`` fetches Debian's ``linux-image-686`` kernel with apt-get into
  a private apt state (the machine's apt configuration is not touched),
  compiles the benchmarks and ``linux_init.c`` statically against glibc, and
  packs them into a newc initramfs.  Everything is cached under the cache
  directory (default ``build/linux-peer``); a second call only checks.
* ``run(workload, cpus, profile, timeout)`` boots the kernel with the
  workload and returns ``(v, console_text)``; v follows Quanta's exit
  contract (docs/architecture.md, section 4.4): 0 when every command exited
  0, else the first non-zero status.  Negative v: ``TIMEOUT`` (-1, QEMU was killed),
  ``CRASH`` (-2, the guest reset: a kernel panic reboots with panic=-1 and
  QEMU runs with -no-reboot), ``QEMU_FAILED`` (-3, QEMU itself failed).
  ``PeerError`` is raised when the kernel or the initramfs can not be made.
* ``describe()`` names the kernel for table captions.

The workload travels on the kernel command line as the word
``quanta.run=ENCODED``, percent-encoded (see ``encode_workload``); the init
program decodes it from /proc/cmdline.  Its syntax is the one the lab gives
Quanta's ``/bin/sh -c``: words, ``;`` and ``&`` (see linux_init.c).

Command line, for a human to try it::

    python3 tools/lab/linux_peer.py [--cpus N] [--profile det|real]
                                    [--timeout S] [--log FILE] 'pingpong -s 1000'
    python3 tools/lab/linux_peer.py --ensure     # fetch and build only

Note: Linux 6.1 boots very slowly in ``det`` with more than one CPU (minutes),
so use ``det`` with ``--cpus 1`` and ``real`` for SMP runs.
"""

import argparse
import contextlib
import fcntl
import glob
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time

REPO_ROOT = os.path.dirname(os.path.dirname(
    os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(REPO_ROOT, "tools"))
import qemu  # noqa: E402  (tools/qemu.py: profiles shared with Quanta)

DEFAULT_CACHE = "build/linux-peer"
META_PACKAGE = "linux-image-686"        # Debian metapackage to follow
CROSS_CC = "i686-linux-gnu-gcc"
CFLAGS = ["-O2", "-static", "-pthread"]
CROSS_PACKAGES = "gcc-i686-linux-gnu libc6-dev-i386-cross"
MEM = "512M"                            # Debian's kernel wants more than 128M
# Stock kernel, plus only what it takes to boot from an initramfs on the
# serial console and to stop on a panic (panic=-1 reboots; QEMU runs with
# -no-reboot so it exits).  nokaslr keeps det runs repeatable.
KERNEL_ARGS = "console=ttyS0 quiet panic=-1 nokaslr"
CMDLINE_MAX = 2047                      # x86 COMMAND_LINE_SIZE minus the NUL

# Negative values of run()'s v.
TIMEOUT = -1
CRASH = -2
QEMU_FAILED = -3

# Bytes that stay as they are in the encoded workload; all else is %XX.
_PLAIN = set(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
             b"0123456789._,/-")


class PeerError(Exception):
    """The Linux peer can not be prepared or booted."""


# ---------------------------------------------------------------- helpers

def _cache_path(cache_dir, repo_root):
    """A relative cache_dir is taken relative to the repository root."""
    if os.path.isabs(cache_dir):
        return cache_dir
    return os.path.join(repo_root, cache_dir)


def _write_atomic(path, data):
    """Write bytes to path through a temporary file and a rename."""
    tmp = f"{path}.tmp{os.getpid()}"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)


def _load_json(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return {}


@contextlib.contextmanager
def _locked(cache):
    """Serialise preparation between processes sharing one cache dir."""
    os.makedirs(cache, exist_ok=True)
    with open(os.path.join(cache, ".lock"), "w") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


def _run(cmd, what, cwd=None):
    """Run a preparation command; PeerError with its output on failure."""
    try:
        p = subprocess.run(cmd, cwd=cwd, stdin=subprocess.DEVNULL,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True)
    except FileNotFoundError as e:
        raise PeerError(f"{what}: cannot run {e.filename}") from None
    return p


# ------------------------------------------------------------- the kernel

def _apt_options(cache):
    """apt options for a private i386 state and cache under cache/apt.

    Dir::Etc is left alone, so the machine's sources list is used; the dpkg
    status file is a private empty one, so nothing installed on the host
    matters.  As root, apt would drop to the _apt user for downloads, which
    may not write here: keep the download as the caller instead.
    """
    state = os.path.join(cache, "apt", "state")
    cachedir = os.path.join(cache, "apt", "cache")
    os.makedirs(os.path.join(state, "lists", "partial"), exist_ok=True)
    os.makedirs(os.path.join(cachedir, "archives", "partial"), exist_ok=True)
    status = os.path.join(state, "status")
    if not os.path.exists(status):
        open(status, "w").close()
    opts = ["-o", f"Dir::State={state}",
            "-o", f"Dir::State::status={status}",
            "-o", f"Dir::Cache={cachedir}",
            "-o", "APT::Architecture=i386",
            "-o", "APT::Architectures=i386"]
    if os.geteuid() == 0:
        opts += ["-o", "APT::Sandbox::User=root"]
    return opts


def _fetch_hint(cache, package=None):
    """What to run to fetch the kernel once the mirror is reachable."""
    opts = " ".join(_apt_options(cache))
    package = package or f"<the linux-image-*-686 that {META_PACKAGE} " \
                         f"depends on>"
    return (f"Debian's mirror (deb.debian.org, bookworm) must be reachable; "
            f"then run: python3 tools/lab/linux_peer.py --ensure\n"
            f"or by hand: A='{opts}'; apt-get $A update; "
            f"apt-cache $A depends {META_PACKAGE}; "
            f"cd {os.path.join(cache, 'debs')} && "
            f"apt-get $A download {package}")


def _errors(output):
    """The error lines of apt's output (all of it if none stand out)."""
    lines = [ln for ln in output.splitlines()
             if ln.startswith(("E:", "Err:", "W:"))]
    return "\n".join(lines or output.splitlines()[-10:])


def _download_kernel_deb(cache):
    """apt-get the real kernel package behind linux-image-686; its path."""
    opts = _apt_options(cache)
    debs = os.path.join(cache, "debs")
    os.makedirs(debs, exist_ok=True)
    # Refresh the private lists.  A partial failure (one suite's index not
    # downloadable) is tolerated if the metapackage still resolves below.
    upd = _run(["apt-get", "-q"] + opts + ["update"], "apt-get update")
    dep = _run(["apt-cache"] + opts + ["depends", META_PACKAGE],
               "apt-cache depends")
    m = re.search(r"Depends:\s*(linux-image-[0-9][^\s:]*-686)\b", dep.stdout)
    if dep.returncode != 0 or not m:
        raise PeerError(
            f"cannot resolve Debian's {META_PACKAGE} for i386.\n"
            f"apt-get update said:\n{_errors(upd.stdout)}\n"
            f"apt-cache depends said:\n{_errors(dep.stdout)}\n"
            + _fetch_hint(cache))
    package = m.group(1)
    dl = _run(["apt-get", "-q"] + opts + ["download", package],
              "apt-get download", cwd=debs)
    found = sorted(glob.glob(os.path.join(debs, f"{package}_*_i386.deb")))
    if dl.returncode != 0 or not found:
        raise PeerError(f"apt-get download {package} failed:\n"
                        f"{_errors(dl.stdout)}\n"
                        + _fetch_hint(cache, package))
    return found[-1]


def _extract_vmlinuz(deb, dest):
    """Extract only /boot/vmlinuz-* of a kernel .deb into dest; its path.

    ``dpkg-deb --fsys-tarfile`` gives the package's file system as a plain
    tar stream; taking only the kernel image avoids unpacking some 300 MB
    of modules that an initramfs-only boot does not need.
    """
    os.makedirs(dest, exist_ok=True)
    try:
        proc = subprocess.Popen(["dpkg-deb", "--fsys-tarfile", deb],
                                stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE)
    except FileNotFoundError:
        raise PeerError("dpkg-deb not found (apt-get install dpkg)") from None
    out = None
    with tarfile.open(fileobj=proc.stdout, mode="r|") as tar:
        for member in tar:
            name = os.path.basename(member.name)
            if (member.isfile() and name.startswith("vmlinuz-")
                    and os.path.dirname(member.name).endswith("boot")):
                out = os.path.join(dest, name)
                _write_atomic(out, tar.extractfile(member).read())
    err = proc.stderr.read().decode(errors="replace")
    if proc.wait() != 0 or out is None:
        raise PeerError(f"no /boot/vmlinuz-* in {deb} {err}".strip())
    return out


def _deb_version(deb):
    """Debian version of a package file name: name_VERSION_arch.deb."""
    parts = os.path.basename(deb).split("_")
    return parts[1] if len(parts) == 3 else "?"


def _ensure_kernel(cache):
    """Kernel image and metadata, fetched once."""
    meta_path = os.path.join(cache, "kernel.json")
    meta = _load_json(meta_path)
    if meta and os.path.isfile(meta.get("kernel", "")):
        return meta
    debs = sorted(glob.glob(os.path.join(cache, "debs",
                                         "linux-image-*-686_*_i386.deb")))
    deb = debs[-1] if debs else _download_kernel_deb(cache)
    kernel = _extract_vmlinuz(deb, os.path.join(cache, "boot"))
    meta = {"kernel": kernel,
            "version": os.path.basename(kernel)[len("vmlinuz-"):],
            "package": os.path.basename(deb).split("_")[0],
            "package_version": _deb_version(deb)}
    _write_atomic(meta_path, json.dumps(meta, indent=1).encode())
    return meta


# ------------------------------------------------- benchmarks and initramfs

def _check_toolchain():
    libc = "/usr/i686-linux-gnu/lib/libc.a"
    if shutil.which(CROSS_CC) is None or not os.path.exists(libc):
        raise PeerError(f"{CROSS_CC} with a static glibc is needed; "
                        f"install it with: apt-get install -y "
                        f"{CROSS_PACKAGES}")


def _compile(src, out, manifest, deps=()):
    """Build src into out unless the recorded hash of its source, the
    headers it includes from the repository (deps) and the flags is the
    same."""
    h = hashlib.sha256(" ".join(CFLAGS).encode())
    for path in (src,) + tuple(deps):
        with open(path, "rb") as f:
            h.update(f.read())
    key = h.hexdigest()
    name = os.path.basename(out)
    if manifest.get(name) == key and os.path.isfile(out):
        return False
    tmp = f"{out}.tmp{os.getpid()}"
    p = _run([CROSS_CC] + CFLAGS + ["-o", tmp, src], f"compile {src}")
    if p.returncode != 0:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise PeerError(f"{CROSS_CC} failed on {src}:\n{p.stdout.strip()}")
    os.replace(tmp, out)
    manifest[name] = key
    return True


def _newc(ino, mode, size, name, rdev=(0, 0)):
    """One newc cpio header plus name, padded to 4 bytes."""
    raw = name.encode() + b"\0"
    nlink = 2 if mode & 0o040000 else 1
    fields = (ino, mode, 0, 0, nlink, 0, size, 0, 0, rdev[0], rdev[1],
              len(raw), 0)
    head = b"070701" + b"".join(b"%08X" % f for f in fields) + raw
    return head + b"\0" * (-len(head) % 4)


def _write_initramfs(path, init, bins):
    """An uncompressed newc archive: /init, /bin/*, /dev/console, mounts.

    Uncompressed, because unpacking costs guest instructions, which the
    det profile counts as time; the kernel accepts a plain cpio as initrd.
    """
    entries = [("bin", 0o040755, None), ("dev", 0o040755, None),
               ("dev/console", 0o020600, (5, 1)),
               ("proc", 0o040755, None), ("sys", 0o040755, None),
               ("root", 0o040700, None), ("init", 0o100755, init)]
    entries += [(f"bin/{os.path.basename(b)}", 0o100755, b)
                for b in sorted(bins)]
    data = bytearray()
    for ino, (name, mode, src) in enumerate(entries, start=1):
        body, rdev = b"", (0, 0)
        if isinstance(src, tuple):
            rdev = src
        elif src is not None:
            with open(src, "rb") as f:
                body = f.read()
        data += _newc(ino, mode, len(body), name, rdev)
        data += body + b"\0" * (-len(body) % 4)
    data += _newc(0, 0, 0, "TRAILER!!!")
    _write_atomic(path, bytes(data))


def _ensure_initramfs(cache, repo_root):
    """Compile init and the benchmarks if changed; pack them if changed."""
    _check_toolchain()
    bindir = os.path.join(cache, "bin")
    os.makedirs(bindir, exist_ok=True)
    manifest_path = os.path.join(bindir, "manifest.json")
    manifest = _load_json(manifest_path)
    sources = sorted(glob.glob(os.path.join(repo_root, "user", "bench",
                                            "*.c")))
    if not sources:
        raise PeerError(f"no benchmarks in {repo_root}/user/bench")
    init = os.path.join(cache, "init")
    _compile(os.path.join(repo_root, "tools", "lab", "linux_init.c"),
             init, manifest,
             deps=[os.path.join(repo_root, "user", "sh_prefix.h")])
    # the benchmarks' shared helpers (bench_util.h): a change rebuilds all
    headers = sorted(glob.glob(os.path.join(repo_root, "user", "bench",
                                            "*.h")))
    bins = []
    for src in sources:
        out = os.path.join(bindir, os.path.basename(src)[:-2])
        _compile(src, out, manifest, deps=headers)
        bins.append(out)
    # forget binaries whose source is gone
    wanted = ({os.path.basename(b) for b in bins} | {"init"}
              | {"extra/" + os.path.basename(p) for p in
                 glob.glob(os.path.join(cache, "extra", "*"))})
    for name in [n for n in manifest if n not in wanted]:
        del manifest[name]
        with contextlib.suppress(OSError):
            os.unlink(os.path.join(bindir, name))
    # programs built elsewhere against glibc (make realbench-peer puts the
    # field's benchmarks in CACHE/extra): into /bin too, by content
    extra = sorted(glob.glob(os.path.join(cache, "extra", "*")))
    for path in extra:
        with open(path, "rb") as f:
            manifest["extra/" + os.path.basename(path)] = \
                hashlib.sha256(f.read()).hexdigest()
    bins += extra
    # repack when any binary changed (the fingerprint covers them all)
    initrd = os.path.join(cache, "initramfs.cpio")
    fingerprint = hashlib.sha256(
        json.dumps(sorted(manifest.items())).encode()).hexdigest()
    if (_load_json(initrd + ".json").get("inputs") != fingerprint
            or not os.path.isfile(initrd)):
        _write_initramfs(initrd, init, bins)
        _write_atomic(initrd + ".json",
                      json.dumps({"inputs": fingerprint}).encode())
    _write_atomic(manifest_path, json.dumps(manifest, indent=1).encode())
    return initrd


# ------------------------------------------------------------------ API

def ensure(cache_dir=DEFAULT_CACHE, repo_root=REPO_ROOT):
    """Fetch the kernel and build the initramfs if needed.

    Returns {"kernel": path, "version": "6.1.0-NN-686", "initrd": path}.
    A relative cache_dir is relative to repo_root.
    """
    cache = _cache_path(cache_dir, repo_root)
    with _locked(cache):
        meta = _ensure_kernel(cache)
        initrd = _ensure_initramfs(cache, repo_root)
    return {"kernel": meta["kernel"], "version": meta["version"],
            "initrd": initrd}


def describe(cache_dir=DEFAULT_CACHE):
    """One line naming the reference kernel, for table captions."""
    meta = _load_json(os.path.join(_cache_path(cache_dir, REPO_ROOT),
                                   "kernel.json"))
    if not meta:
        return f"Linux (Debian {META_PACKAGE}, not fetched yet)"
    return (f"Linux {meta['version']} (Debian {META_PACKAGE}, "
            f"{meta['package']} {meta['package_version']})")


def encode_workload(workload):
    """Percent-encode a workload into one kernel command-line word."""
    return "".join(chr(b) if b in _PLAIN else f"%{b:02X}"
                   for b in workload.encode())


def kernel_cmdline(workload):
    """The whole kernel command line for a workload (PeerError if too long)."""
    line = f"{KERNEL_ARGS} quanta.run={encode_workload(workload)}"
    if len(line) > CMDLINE_MAX:
        raise PeerError(f"workload too long for the kernel command line "
                        f"({len(line)} > {CMDLINE_MAX} bytes encoded)")
    return line


def run(workload, cpus, profile, timeout, cache_dir=DEFAULT_CACHE, log=None):
    """Boot Linux with the workload; return (v, console_text).

    v >= 0 is the workload's status (Quanta's contract, 0 = success);
    TIMEOUT, CRASH or QEMU_FAILED (negative) when it did not end normally.
    log: optional path that receives the full console output.
    """
    if not workload.strip():
        raise PeerError("empty workload")
    info = ensure(cache_dir)
    if shutil.which(qemu.QEMU) is None:
        raise PeerError(f"{qemu.QEMU} not found "
                        f"(apt-get install -y qemu-system-x86)")
    cmdline = kernel_cmdline(workload)
    with tempfile.TemporaryDirectory(prefix="linux-peer-") as tmp:
        console = os.path.join(tmp, "com1.txt")
        cmd = qemu.build_cmd(info["kernel"], initrd=info["initrd"],
                             cmdline=cmdline, cpus=cpus, profile=profile,
                             mem=MEM, com1=console)
        cmd = qemu.timeout_wrap(cmd, timeout)
        t0 = time.monotonic()
        p = subprocess.run(cmd, stdin=subprocess.DEVNULL,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        wall = time.monotonic() - t0
        try:
            with open(console, "rb") as f:
                text = f.read().decode(errors="replace")
        except OSError:
            text = ""
    text = text.replace("\r\n", "\n")
    rc = p.returncode
    if rc == 124 or (rc in (137, -9) and wall >= timeout):
        v, note = TIMEOUT, f"timeout after {timeout:g} s"
    elif rc > 0 and rc & 1:
        v, note = rc >> 1, None
        # QEMU also exits with 1 on its own errors, which would read as
        # v=0: believe v only if init printed its closing line.
        if not re.search(r"^linux-init: (workload status \d+|nothing to run)",
                         text, re.M):
            v, note = QEMU_FAILED, (f"qemu exit status {rc} without "
                                    f"init's closing line")
    elif rc == 0:
        v, note = CRASH, "guest reset (kernel panic or triple fault)"
    else:
        v, note = QEMU_FAILED, f"qemu exit status {rc}"
    if note:
        qout = p.stdout.decode(errors="replace").strip()
        text += f"\nlinux-peer: {note}\n" + (f"{qout}\n" if qout else "")
    if log:
        with open(log, "w") as f:
            f.write(text)
    return v, text


# ------------------------------------------------------------------ CLI

def main(argv=None):
    ap = argparse.ArgumentParser(
        description="Boot Debian's i386 Linux in QEMU with a workload of "
                    "the user/bench programs (the lab's Linux row).")
    ap.add_argument("workload", nargs="?",
                    help="e.g. 'pingpong -s 1000' or 'kbuild 4 40 & "
                         "wakeup_latency 2'")
    ap.add_argument("--cpus", type=int, default=1)
    ap.add_argument("--profile", default="det", choices=sorted(qemu.PROFILES))
    ap.add_argument("--timeout", type=float, default=600.0)
    ap.add_argument("--cache-dir", default=DEFAULT_CACHE)
    ap.add_argument("--log", help="also save the console here")
    ap.add_argument("--ensure", action="store_true",
                    help="only fetch the kernel and build the initramfs")
    args = ap.parse_args(argv)
    try:
        if args.ensure or not args.workload:
            info = ensure(args.cache_dir)
            print(json.dumps(info, indent=1))
            print(describe(args.cache_dir))
            return 0
        t0 = time.monotonic()
        v, text = run(args.workload, args.cpus, args.profile, args.timeout,
                      cache_dir=args.cache_dir, log=args.log)
    except PeerError as e:
        print(f"linux_peer: {e}", file=sys.stderr)
        return 2
    sys.stdout.write(text)
    sys.stdout.flush()
    print(f"linux_peer: v={v} wall={time.monotonic() - t0:.1f}s "
          f"({describe(args.cache_dir)}, {args.profile}, -smp {args.cpus})",
          file=sys.stderr)
    if v < 0:
        return 124 if v == TIMEOUT else 255
    return v


if __name__ == "__main__":
    sys.exit(main())
