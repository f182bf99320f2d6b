#!/bin/sh
# tools/xv6/build.sh - build xv6 with the project's benchmark programs.
#
#   tools/xv6/build.sh XV6_DIR OUT_DIR BENCHRUN_FILE
#
# XV6_DIR holds xv6-public's sources (tools/xv6/fetch.sh clones the pinned
# revision); they are only read.  OUT_DIR receives a copy of them plus
# tools/xv6/*.c, and there xv6's own Makefile builds the kernel's boot
# image xv6.img, mkfs and the project's programs; then mkfs writes fs.img
# with exactly those programs and BENCHRUN_FILE (the commands
# tools/xv6/qinit.c runs), under the names /init, /pingpong, /pipe_ctxsw
# and /benchrun.  xv6's kernel files are used as they are; only the user
# side is the project's (/init is qinit, so boot runs the benchmarks
# instead of a shell).
#
# Compiler: i686-linux-gnu-gcc (tools/deps.sh installs it), through xv6's
# TOOLPREFIX.  xv6 (2020) builds with -Werror, and GCC 12 stops it:
# -Warray-bounds in mp.c (the BIOS data area read through P2V of a small
# physical address) and -Winfinite-recursion in sh.c's runcmd (sh is not
# built here; the flag is kept so that xv6's whole UPROGS also builds).  xv6's Makefile sets CFLAGS with "=", so a CFLAGS given on
# the make command line would replace all of xv6's own flags; the two
# -Wno- flags therefore ride on CC, which the Makefile only names.
# The build's output goes to OUT_DIR/build.log.
set -eu

if [ $# -ne 3 ]; then
	echo "usage: $0 XV6_DIR OUT_DIR BENCHRUN_FILE" >&2
	exit 2
fi
xv6=$1 out=$2 benchrun=$3
here=$(cd "$(dirname "$0")" && pwd)
prefix=${XV6_TOOLPREFIX:-i686-linux-gnu-}
progs="qinit pingpong pipe_ctxsw"

if [ ! -f "$xv6/proc.c" ] || [ ! -f "$xv6/Makefile" ]; then
	echo "$0: $xv6 does not hold xv6-public's sources" >&2
	exit 1
fi
mkdir -p "$out"
# -p keeps the timestamps, so a second build only redoes what changed.
cp -pR "$xv6/." "$out/"
for p in $progs; do
	cp -p "$here/$p.c" "$out/$p.c"
done
uprogs=$(for p in $progs; do printf '_%s ' "$p"; done)
if ! make -C "$out" -s TOOLPREFIX="$prefix" \
	CC="${prefix}gcc -Wno-array-bounds -Wno-infinite-recursion" \
	UPROGS="$uprogs" xv6.img mkfs $uprogs >"$out/build.log" 2>&1; then
	tail -20 "$out/build.log" >&2
	echo "$0: xv6's make failed; all of it in $out/build.log" >&2
	exit 1
fi
cd "$out"
# mkfs names each file after its argument, minus a leading '_'.
cp _qinit _init
cp "$benchrun" benchrun
rm -f fs.img
./mkfs fs.img benchrun _init _pingpong _pipe_ctxsw >/dev/null
echo "$out/xv6.img $out/fs.img"
