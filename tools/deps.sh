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
# QEMU 8.1 or later.  Older ones (7.2 is Debian 12's own) give each vCPU
# of an -icount run a turn up to the next timer deadline, with no fair
# share, so a busy vCPU can starve the others for seconds of virtual time
# (docs/debugging.md, "QEMU before 8.1").  Debian 12 gets a newer QEMU
# from its backports suite, Debian's own archive.
qemu_new_enough() {
	v=$(qemu-system-i386 --version 2>/dev/null |
	    sed -n 's/^QEMU emulator version \([0-9]*\)\.\([0-9]*\).*/\1 \2/p')
	[ -n "$v" ] || return 1
	# shellcheck disable=SC2086
	set -- $v
	[ "$1" -gt 8 ] || { [ "$1" -eq 8 ] && [ "$2" -ge 1 ]; }
}
backports=""
if ! qemu_new_enough; then
	if grep -qs '^VERSION_CODENAME=bookworm' /etc/os-release; then
		backports=bookworm-backports
	elif command -v qemu-system-i386 >/dev/null 2>&1; then
		echo "deps: warning: $(qemu-system-i386 --version | head -1)" \
		     "is older than 8.1; det runs on several CPUs may stall" \
		     "(docs/debugging.md)"
	else
		need qemu-system-i386 qemu-system-x86
	fi
fi
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
# ... and run under QEMU's user-mode emulator where the kernel has no
# IA-32 emulation (a 64-bit kernel may be built without it)
need qemu-i386 qemu-user
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
# QEMU from Debian 12's backports: the suite is added to apt's sources
# (Debian's archive, signed by the key every Debian system has).
install_backports_qemu() {
	src=/etc/apt/sources.list.d/quanta-backports.sources
	if [ "$(id -u)" != 0 ]; then
		echo "deps: QEMU 8.1 or later is needed. Run:"
		echo "  echo 'deb http://deb.debian.org/debian $backports main' |" \
		     "sudo tee /etc/apt/sources.list.d/backports.list"
		echo "  sudo apt-get update && sudo apt-get install -y" \
		     "-t $backports qemu-system-x86"
		exit 1
	fi
	echo "deps: installing qemu-system-x86 from $backports (QEMU 8.1 or later)"
	export DEBIAN_FRONTEND=noninteractive
	grep -rqs "$backports" /etc/apt/sources.list /etc/apt/sources.list.d ||
		printf 'Types: deb\nURIs: http://deb.debian.org/debian\nSuites: %s\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
		       "$backports" > "$src"
	apt-get update -qq
	apt-get install -y -qq --no-install-recommends -t "$backports" \
		qemu-system-x86
}
[ -n "$backports" ] && install_backports_qemu
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
