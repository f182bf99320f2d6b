#!/bin/sh
# fetch.sh - clone xv6-public at the revision make bench's xv6 row is
# measured with (tools/xv6/build.sh builds it, docs/performance.md).
#
#   tools/xv6/fetch.sh [DIR]    default DIR: build/xv6-public
#   make bench PEER=xv6 XV6=DIR
#
# xv6 keeps its own licence (MIT, its LICENSE file); none of it is part of
# Quanta's repository, which only builds it.  Needs git and a network; a
# checkout already at the revision is left alone.
set -eu
cd "$(dirname "$0")/../.."
dir=${1:-build/xv6-public}
url=https://github.com/mit-pdos/xv6-public
# The last commit of the x86 xv6 (10 August 2020, "Be more explicit that
# we are not maintaining the x86 version anymore").
rev=eeb7b415dbcb12cc362d0783e41c3d1f44066b17

if [ -d "$dir/.git" ] && [ "$(git -C "$dir" rev-parse HEAD)" = "$rev" ]; then
	echo "fetch: $dir is at $rev"
	exit 0
fi
rm -rf "$dir"
git clone --quiet "$url" "$dir"
git -C "$dir" -c advice.detachedHead=false checkout --quiet "$rev"
echo "fetch: $dir at $rev; now run make bench PEER=xv6 XV6=$dir"
