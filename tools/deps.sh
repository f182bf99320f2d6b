#!/bin/sh
# deps.sh - make sure the build and test tools are installed.
# As root it installs what is missing with apt-get; otherwise it prints the
# exact apt-get line to run and fails.
#
#   tools/deps.sh            what make, make test and make bench need
#   tools/deps.sh format     also clang-format (make format)
#   tools/deps.sh peer       also a static glibc for the Linux peer
#                            (make lab PEER=linux, make bench PEER=linux)
set -e
missing=""
need() {	# need COMMAND-OR-PATH PACKAGE
	case "$1" in
	/*) [ -e "$1" ] || missing="$missing $2" ;;
	*) command -v "$1" >/dev/null 2>&1 || missing="$missing $2" ;;
	esac
}
need i686-linux-gnu-gcc gcc-i686-linux-gnu
need i686-linux-gnu-ld binutils-i686-linux-gnu
need nasm nasm
need qemu-system-i386 qemu-system-x86
need /usr/lib/grub/i386-pc/moddep.lst grub-pc-bin
need grub-mkrescue grub-common
need xorriso xorriso
need mformat mtools
need gdb gdb
need python3 python3
need cppcheck cppcheck			# make lint
need valgrind valgrind			# make bench: schedule() cost (callgrind)
# make test: the libc tests' expectations checked against glibc
# (tests/libc_glibc.py), and the Linux peer's static programs
need /usr/i686-linux-gnu/lib/libc.a libc6-dev-i386-cross
for extra in "$@"; do
	case "$extra" in
	format) need clang-format clang-format ;;
	peer) need /usr/i686-linux-gnu/lib/libc.a libc6-dev-i386-cross ;;
	*) echo "deps: unknown extra '$extra' (format, peer)"; exit 2 ;;
	esac
done
# Optional: only the HTML timeline test (trace-viewer-html) needs a
# browser; without one that test is reported as skipped.
# One attempt per build tree: a failed install is not retried by every make.
optional=""
tried="$(dirname "$0")/../build/.deps-optional-tried"
command -v chromium >/dev/null 2>&1 || [ -e "$tried" ] || optional="chromium"
if [ -n "$optional" ] && [ "$(id -u)" = 0 ] && [ -z "$missing" ]; then
	mkdir -p "$(dirname "$tried")" && touch "$tried"
	echo "deps: installing $optional (optional: the HTML viewer test)"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq && apt-get install -y -qq --no-install-recommends \
		$optional || echo "deps: $optional could not be installed; " \
		"the HTML viewer test will be skipped"
fi
[ -z "$missing" ] && exit 0
missing=$(echo $missing | tr ' ' '\n' | sort -u | tr '\n' ' ')
if [ "$(id -u)" = 0 ]; then
	echo "deps: installing $missing"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq
	# shellcheck disable=SC2086
	apt-get install -y -qq --no-install-recommends $missing $optional || \
		apt-get install -y -qq --no-install-recommends $missing
else
	echo "deps: missing packages. Run:"
	echo "  sudo apt-get install -y $missing"
	exit 1
fi
