#!/usr/bin/env python3
"""Build Quanta's initrd: a cpio archive in the "newc" format.

    mkinitrd.py OUT.img [DIR ...] [--add SRC=DEST ...]

Each DIR's contents go to the root of the archive (DIR itself is not an
entry).  --add puts the file or directory tree SRC at DEST (a path inside
the archive; its parent directories are created).  Every directory on the
way is an entry of its own, listed before what it contains.

The archive is reproducible: entries are sorted by path, inode numbers
count up from 1, and mtime, uid and gid are 0.  Modes are decided here,
not copied from the build tree: 0755 for directories and for files under
bin/, 0644 for other files.  Names are stored without a leading "/" or
"./" (e.g. "bin/sh"), and the archive ends with the usual TRAILER!!!
entry.

newc layout, per entry: the 6-byte magic "070701", thirteen 8-digit hex
fields (ino, mode, uid, gid, nlink, mtime, filesize, devmajor, devminor,
rdevmajor, rdevminor, namesize including the NUL, check), the name and
its NUL, zero padding to a multiple of 4 bytes (counting from the start
of the header), then the data, padded to a multiple of 4 again.
"""

import argparse
import os
import stat
import sys

S_IFDIR = 0o040000
S_IFREG = 0o100000


def pad4(n):
    """Bytes of zero padding that bring n to a multiple of 4."""
    return (4 - n % 4) % 4


def header(ino, mode, nlink, size, name):
    """One newc header with its name and padding (namesize counts the NUL)."""
    namebytes = name.encode() + b"\0"
    fields = (ino, mode, 0, 0, nlink, 0, size, 0, 0, 0, 0, len(namebytes), 0)
    head = b"070701" + b"".join(b"%08X" % f for f in fields) + namebytes
    return head + b"\0" * pad4(len(head))


def clean(path):
    """Archive path: no leading '/' or './', no empty or '.' parts."""
    parts = [p for p in path.replace(os.sep, "/").split("/") if p not in ("", ".")]
    if any(p == ".." for p in parts):
        sys.exit(f"mkinitrd: '..' not allowed in archive path {path!r}")
    return "/".join(parts)


class Tree:
    """Archive path -> source file (None for a directory)."""

    def __init__(self):
        self.entries = {}

    def add_dir(self, dest):
        parts = dest.split("/") if dest else []
        for i in range(1, len(parts) + 1):
            path = "/".join(parts[:i])
            if self.entries.get(path, None) is not None:
                sys.exit(f"mkinitrd: {path} is both a file and a directory")
            self.entries[path] = None

    def add_file(self, src, dest):
        if not dest:
            sys.exit(f"mkinitrd: no archive name for {src}")
        if dest in self.entries:
            sys.exit(f"mkinitrd: {dest} given twice")
        self.add_dir(dest.rpartition("/")[0])
        self.entries[dest] = src

    def add(self, src, dest):
        """A file, or a directory tree (following symlinks), at dest."""
        if os.path.isdir(src):
            self.add_dir(dest)
            for name in sorted(os.listdir(src)):
                self.add(os.path.join(src, name), clean(dest + "/" + name))
        elif os.path.isfile(src):
            self.add_file(src, dest)
        else:
            sys.exit(f"mkinitrd: {src}: not a file or directory")


def mode_of(path, src):
    if src is None:
        return S_IFDIR | 0o755
    if path.startswith("bin/"):
        return S_IFREG | 0o755
    return S_IFREG | 0o644


def write_archive(out, tree):
    """Entries sorted by path components, so parents precede children."""
    paths = sorted(tree.entries, key=lambda p: p.split("/"))
    data = bytearray()
    for ino, path in enumerate(paths, start=1):
        src = tree.entries[path]
        body = b""
        if src is not None:
            with open(src, "rb") as f:
                body = f.read()
        nlink = 2 if src is None else 1
        data += header(ino, mode_of(path, src), nlink, len(body), path)
        data += body + b"\0" * pad4(len(body))
    data += header(0, 0, 1, 0, "TRAILER!!!")
    tmp = out + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, out)


def main():
    ap = argparse.ArgumentParser(description="Build a newc cpio initrd.")
    ap.add_argument("out", help="the archive to write")
    ap.add_argument("dirs", nargs="*", help="trees whose contents go to /")
    ap.add_argument("--add", action="append", default=[], metavar="SRC=DEST",
                    help="put file or tree SRC at DEST in the archive")
    args = ap.parse_args()

    tree = Tree()
    for d in args.dirs:
        if not os.path.isdir(d):
            sys.exit(f"mkinitrd: {d}: not a directory")
        for name in sorted(os.listdir(d)):
            tree.add(os.path.join(d, name), clean(name))
    for pair in args.add:
        src, eq, dest = pair.partition("=")
        if not eq or not src:
            sys.exit(f"mkinitrd: --add wants SRC=DEST, not {pair!r}")
        tree.add(src, clean(dest))
    write_archive(args.out, tree)


if __name__ == "__main__":
    main()
