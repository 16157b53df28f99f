#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Makes the release tarball with `meson dist` and proves that it stands on its own: unpacks it
# in a temporary directory, builds it there and runs its unit and data test suites.
#
# Usage: build-aux/ci-dist.sh [BUILD_DIR]
#   BUILD_DIR: a configured build directory of this checkout [build]; it is set up when missing.
#
# `meson dist` takes the files of the last commit (git archive), not the work tree: a file the
# build needs but that is not committed makes the tarball's build fail here. Uncommitted
# changes to tracked files are allowed (--allow-dirty) and, like untracked files, left out.
# The tarball is left in BUILD_DIR/meson-dist/; exit status 0 when it built and passed.
set -euo pipefail

src=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$src/build}
case $build in
  /*) ;;
  *) build=$PWD/$build ;;
esac

say() {
  printf '\n=== ci-dist: %s\n' "$*"
}

if [[ ! -f $build/build.ninja ]]; then
  say "setting up $build"
  meson setup "$build" "$src"
fi

version=$(meson introspect --projectinfo "$build" \
  | python3 -c 'import json, sys; print(json.load(sys.stdin)["version"])')
name=ssdbench-$version

say "meson dist of the last commit ($name)"
rm -f "$build/meson-dist/$name.tar.xz" "$build/meson-dist/$name.tar.xz.sha256sum"
# The tarball's own tests run below, on its unpacked copy, as unit and data suites only: the
# real-target and GUI suites need root, devices and a display, and run from the checkout.
meson dist -C "$build" --no-tests --allow-dirty --formats xztar
tarball=$build/meson-dist/$name.tar.xz
(cd "$build/meson-dist" && sha256sum -c "$name.tar.xz.sha256sum")

work=$(mktemp -d /tmp/ssdbench-dist.XXXXXX)
cleanup() {
  rm -rf "$work"
}
trap cleanup EXIT

say "unpacking $tarball"
tar -xf "$tarball" -C "$work"
if [[ ! -f $work/$name/meson.build ]]; then
  echo "ci-dist: $tarball does not hold $name/meson.build" >&2
  exit 1
fi
# What the tarball holds, for the log: every file of the last commit, no build output.
echo "$(find "$work/$name" -type f | wc -l) files"
if [[ -d $work/$name/.git ]] || find "$work/$name" \( -name build.ninja -o -name meson-private \) | grep -q .; then
  echo "ci-dist: the tarball holds a .git directory or build output" >&2
  exit 1
fi

say "building the unpacked tarball"
meson setup "$work/build" "$work/$name"
ninja -C "$work/build"

say "unit and data tests of the unpacked tarball"
meson test -C "$work/build" --suite unit --suite data --print-errorlogs

say "ok: $tarball builds and passes its unit and data tests"
