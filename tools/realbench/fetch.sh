#!/bin/sh
# fetch.sh - clone the field's scheduler benchmarks at the revisions
# Quanta is tested with, for `make realbench` (tools/realbench/realbench.mk).
#
#   tools/realbench/fetch.sh [DIR]    default DIR: build/realbench-src
#
# Each program keeps its own licence (GPL-2.0 for all three); none of it
# is part of Quanta's repository, which only builds it.  Needs git and a
# network; an existing checkout at the right revision is left alone.
set -eu
cd "$(dirname "$0")/../.."
dir=${1:-build/realbench-src}
mkdir -p "$dir"

# name, repository, revision (docs/realbench.md says what each is)
fetch() {
	name=$1 url=$2 rev=$3
	if [ -d "$dir/$name/.git" ] &&
	   [ "$(git -C "$dir/$name" rev-parse HEAD)" = "$rev" ]; then
		echo "fetch: $dir/$name is at $rev"
		return
	fi
	rm -rf "$dir/$name"
	git clone --quiet "$url" "$dir/$name"
	git -C "$dir/$name" -c advice.detachedHead=false checkout --quiet "$rev"
	echo "fetch: $dir/$name at $rev"
}

fetch interbench https://github.com/ckolivas/interbench \
	e612a65ce941028ddea804e6b45ccde2750720d2
fetch schbench https://github.com/masoncl/schbench \
	24e32b8ef67cbafb0761aed68747d90a291767ae
fetch rt-tests https://github.com/woodsts/rt-tests \
	40b14a2aac9449dfb07d4f9b4bd873fc3ea62f28
echo "fetch: now run make realbench SRC=$dir"
