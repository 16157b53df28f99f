#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The target helpers create what they promise (sizes, sector sizes, read-only, mounted, swap,
# O_EXCL, tmpfs, blkio throttling measured with dd) and remove every one of them at exit, also
# when the script is killed by SIGTERM half way.
set -euo pipefail
LIB=$(dirname "$(readlink -f "$0")")/../lib/targets.sh
# shellcheck source-path=SCRIPTDIR source=../lib/targets.sh
source "$LIB"
ssdb_require_root
ssdb_require_cmd losetup mkfs.ext4 mkswap python3 dd

# What the helpers created, one "kind value" a line, checked for removal afterwards.
MANIFEST=""

record ()
{
  echo "$1 $2" >> "$MANIFEST"
}

# check_removed: each recorded thing is gone (and nothing created by others is looked at).
check_removed ()
{
  local kind value bad=0
  while read -r kind value; do
    case $kind in
      zram) [[ ! -e /sys/block/$value ]] || { ssdb_log "$value still exists"; bad=1; } ;;
      loopfile)
        if losetup -n -O BACK-FILE 2> /dev/null | grep -qF "$value"; then
          ssdb_log "a loop device still uses $value"; bad=1
        fi
        [[ ! -e $value ]] || { ssdb_log "$value still exists"; bad=1; }
        ;;
      mount) ! mountpoint -q "$value" 2> /dev/null || { ssdb_log "$value still mounted"; bad=1; } ;;
      swap) ! grep -q "^$value " /proc/swaps || { ssdb_log "$value still swap"; bad=1; } ;;
      pid) ! kill -0 "$value" 2> /dev/null || { ssdb_log "pid $value still runs"; bad=1; } ;;
      dir) [[ ! -e $value ]] || { ssdb_log "$value still exists"; bad=1; } ;;
    esac
  done < "$MANIFEST"
  return "$bad"
}

inner ()
{
  local Z L512 L4K LRO EDEV EDIR SWAP LEX TDIR G t0 t1 ms
  ssdb_zram_create Z 64M
  record zram "${Z#/dev/}"
  ssdb_assert_eq "$(blockdev --getsize64 "$Z")" 67108864 "zram size"
  ssdb_fill_random "$Z" 8388608
  # random data does not compress: zram stores about as much as was written
  ssdb_assert_json <("$SSDB_PYTHON" -c "print(open('/sys/block/${Z#/dev/}/mm_stat').read().split()[1])") \
    "d > 7000000" "zram compressed size after random fill"

  ssdb_loop_create L512 32M 512
  record loopfile "$SSDB_LOOP_FILE"
  record dir "$SSDB_TMPDIR"
  ssdb_assert_eq "$(blockdev --getss "$L512")" 512 "loop logical block size"
  ssdb_assert_eq "$(cat "/sys/block/${L512#/dev/}/loop/dio")" 1 "loop direct I/O"
  ssdb_loop_create L4K 32M 4096
  record loopfile "$SSDB_LOOP_FILE"
  ssdb_assert_eq "$(blockdev --getss "$L4K")" 4096 "loop 4096 logical block size"
  ssdb_loop_create LRO 16M 512 random ro
  record loopfile "$SSDB_LOOP_FILE"
  ssdb_assert_eq "$(blockdev --getro "$LRO")" 1 "read-only loop"
  if dd if=/dev/zero of="$LRO" bs=4096 count=1 oflag=direct status=none 2> /dev/null; then
    ssdb_fail "write to read-only loop succeeded"
  fi

  ssdb_ext4_create EDEV EDIR 64M
  record loopfile "$SSDB_LOOP_FILE"
  record mount "$EDIR"
  findmnt -n -S "$EDEV" -o TARGET | grep -qxF "$EDIR" || ssdb_fail "$EDEV not mounted at $EDIR"

  ssdb_swap_create SWAP 32M
  record loopfile "$SSDB_LOOP_FILE"
  record swap "$SWAP"
  grep -q "^$SWAP " /proc/swaps || ssdb_fail "$SWAP not in /proc/swaps"

  ssdb_loop_create LEX 16M 512
  record loopfile "$SSDB_LOOP_FILE"
  ssdb_hold_excl "$LEX"
  record pid "$SSDB_HOLDER_PID"
  if "$SSDB_PYTHON" -c 'import os,sys; os.open(sys.argv[1], os.O_RDONLY | os.O_EXCL)' "$LEX" 2> /dev/null; then
    ssdb_fail "second O_EXCL open of $LEX succeeded"
  fi

  ssdb_tmpfs_create TDIR 16M
  record mount "$TDIR"
  ssdb_assert_eq "$(stat -f -c %T "$TDIR")" tmpfs "tmpfs type"

  # 4 MB/s read limit: reading 8 MiB with O_DIRECT takes about 2 s
  ssdb_fill_random "$L512" 8388608
  t0=$(ssdb_now_ns)
  ssdb_blkio_throttled "$L512" 4000000 0 0 0 dd if="$L512" of=/dev/null bs=1M count=8 iflag=direct status=none
  t1=$(ssdb_now_ns)
  ms=$(((t1 - t0) / 1000000))
  ssdb_log "8 MiB read at a 4 MB/s limit took $ms ms"
  ((ms > 1500 && ms < 4000)) || ssdb_fail "throttled read took $ms ms, expected about 2100"
  # a group whose limit changes while the process runs (an SLC-cache cliff)
  ssdb_blkio_create G
  record dir "$G"
  ssdb_blkio_limit "$G" "$L512" 0 0 0 0
  ssdb_blkio_run "$G" dd if="$L512" of=/dev/null bs=1M count=8 iflag=direct status=none
  [[ -d $G ]] || ssdb_fail "blkio group $G missing"

  if [[ ${1:-} == hang ]]; then
    sleep 600 &
    ssdb_track_pid $!
    echo ready
    wait
  fi
}

ssdb_tmpdir
MANIFEST=$SSDB_TMPDIR/manifest
(
  ssdb_scope_begin
  inner normal
) || ssdb_fail "helpers failed"
check_removed || ssdb_fail "something was left behind after a normal exit"

# the same, but the script is terminated while everything exists
: > "$MANIFEST"
fifo=$SSDB_TMPDIR/fifo
mkfifo "$fifo"
MANIFEST=$MANIFEST bash -c "source '$LIB'; $(declare -f record inner); inner hang" > "$fifo" &
pid=$!
read -r -t 60 line < "$fifo" || true
ssdb_assert_eq "${line:-}" ready "helper script start"
kill -TERM "$pid"
wait "$pid" || true
check_removed || ssdb_fail "something was left behind after SIGTERM"
ssdb_assert_eq "$(wc -l < "$MANIFEST")" 13 "things created and checked"
echo "PASS: all targets created and removed"
