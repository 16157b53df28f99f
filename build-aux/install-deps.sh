#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs everything SSD Bench needs to build, run and test on Debian 12 (bookworm), and
# generates the locales the tests use. Run as root: build-aux/install-deps.sh
set -euo pipefail

if [[ $EUID -ne 0 ]]; then
  echo "install-deps.sh: run as root (sudo $0)" >&2
  exit 1
fi

packages=(
  # build
  meson ninja-build pkg-config gcc libc6-dev
  libaio-dev libglib2.0-dev libglib2.0-bin libjson-glib-dev libcairo2-dev libpango1.0-dev
  libgtk-4-dev libgtk-4-bin libadwaita-1-dev gettext
  # data files: desktop entry, metainfo, settings schema, icons
  desktop-file-utils appstream libxml2-utils
  # tests: real targets, the reference engine, the desktop session
  fio e2fsprogs util-linux mount procps coreutils python3 locales
  # tests: a UDisks2 stand-in for the ATA SMART path (no SATA disk on test machines)
  python3-dbusmock
  # tests: file systems whose stack changes what is measured (compression, copy-on-write)
  btrfs-progs xfsprogs
  xvfb xauth dbus udev udisks2 imagemagick
  # tests: the fault-injecting file system under a loop device (tests/fault)
  libfuse3-dev fuse3
  # exported PDFs are checked with pdfinfo and read back with pdftotext; ssdbench-cli runs
  # under valgrind in CI
  poppler-utils valgrind
  # tests: charts drawn in Traditional Chinese need a font with its glyphs (Noto Sans CJK TC)
  fonts-noto-cjk
  # sanitizer and fuzzing builds
  clang libclang-rt-14-dev
)

export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y --no-install-recommends "${packages[@]}"

# The tests check that numbers never follow the user's locale (fr_FR writes 1,5), and that the
# desktop app shows its French and Traditional Chinese translations.
missing=0
for loc in fr_FR zh_TW; do
  if ! locale -a 2> /dev/null | grep -qi "^${loc}\.utf-\?8\$"; then
    sed -i "s/^# *\(${loc}.UTF-8 UTF-8\)/\1/" /etc/locale.gen
    grep -q "^${loc}.UTF-8 UTF-8" /etc/locale.gen || echo "${loc}.UTF-8 UTF-8" >> /etc/locale.gen
    missing=1
  fi
done
if [[ $missing -eq 1 ]]; then
  locale-gen
fi
