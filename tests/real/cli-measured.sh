#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Every result says what it really measured, on targets whose answer is known:
#   - btrfs mounted compress-force on a loop device: the stack names btrfs, its options and
#     the loop device; the test file is made NOCOW; reads reach the device;
#   - XFS on a loop device without direct I/O: buffered, direct_io false, reads did not reach
#     the disk;
#   - ext4 mounted data=journal: buffered (O_DIRECT is served through the page cache);
#   - a fresh zram device and a fresh sparse loop read without a permission to fill them: the
#     share never written is measured (zram's statistics, the file's allocation) and said;
#   - zram at queue depth 32: the device's own counters show one request at a time;
#   - a time-limited read of a 256 MiB region on a 5 MB/s device: the share it covered;
#   - reads of zeros read zeros: the fill wrote zeros (zram stores them as same-filled pages);
#   - the fio command a test-file run records runs as printed and leaves nothing behind.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=../lib/targets.sh
source "$(dirname "$(readlink -f "$0")")/../lib/targets.sh"
ssdb_require_root
ssdb_require_cmd mkfs.btrfs mkfs.xfs mkfs.ext4 mount umount "$SSDB_PYTHON"
grep -qw btrfs /proc/filesystems || modprobe btrfs 2> /dev/null || true
grep -qw btrfs /proc/filesystems || ssdb_skip "the kernel has no btrfs"
grep -qw xfs /proc/filesystems || ssdb_skip "the kernel has no xfs"
ssdb_find_cli

# mount_on VAR DEV FSTYPE OPTIONS: mount DEV on a new directory (removed at exit).
mount_on ()
{
  local __var=$1 dev=$2 type=$3 opts=$4 __dir
  ssdb__new_name __dir mnt
  mkdir "$__dir"
  mount -t "$type" -o "$opts" "$dev" "$__dir" || ssdb_fail "cannot mount $type on $dev"
  ssdb_cleanup_push ssdb__umount "$__dir"
  printf -v "$__var" '%s' "$__dir"
}

summary ()
{
  local name=$1
  shift
  ssdb_cli "$name" run summary "$@" --size 32M --count 1 --duration 0.5 --json \
    "$SSDB_TMPDIR/$name.json"
  ssdb_assert_rc 0 "summary $name"
}

# -- btrfs, compress-force ---------------------------------------------------------------------
ssdb_loop_create BTRDEV 400M 4096
mkfs.btrfs -q -f "$BTRDEV" > /dev/null || ssdb_fail "mkfs.btrfs on $BTRDEV"
mount_on BTR "$BTRDEV" btrfs compress-force=zstd
summary btrfs "$BTR" --read-only
J=$SSDB_TMPDIR/btrfs.json
ssdb_assert_json "$J" "d['target']['stack']['layers'][0]['name'] == 'btrfs'" "btrfs layer"
ssdb_assert_json "$J" "'compress-force=zstd' in d['target']['stack']['layers'][0]['detail']" \
  "btrfs options named"
ssdb_assert_json "$J" "any(l['name'] == '${BTRDEV#/dev/}' for l in d['target']['stack']['layers'])" \
  "the loop device under btrfs"
ssdb_assert_json "$J" "d['target']['stack']['nocow'] and not d['target']['stack']['compressing']" \
  "the test file made NOCOW"
ssdb_assert_json "$J" "d['target']['direct_io']" "direct I/O on btrfs"
ssdb_assert_json "$J" \
  "all(t['device_bytes']['counters_valid'] and t['device_bytes']['reached_device'] for t in d['tests'] if t['rw'] == 'read')" \
  "btrfs reads reached the device"
ssdb_assert_contains "$SSDB_OUT" "Stack: btrfs ($BTR, compress-force=zstd" "made NOCOW"
ssdb_assert_not_contains "$SSDB_OUT" "measure memory" "not verified"

# -- XFS on a buffered loop device --------------------------------------------------------------
ssdb_tmpdir
ssdb__new_name XFSIMG xfs
truncate -s 300M "$XFSIMG.img"
XFSDEV=$(losetup -f --show --direct-io=off "$XFSIMG.img") || ssdb_fail "losetup"
ssdb_cleanup_push ssdb__loop_detach "$XFSDEV" "$XFSIMG.img"
ssdb_wait_blockdev "$XFSDEV" || ssdb_fail "$XFSDEV did not appear"
mkfs.xfs -q -f "$XFSDEV" || ssdb_fail "mkfs.xfs"
mount_on XFS "$XFSDEV" xfs defaults
summary xfs "$XFS" --read-only
J=$SSDB_TMPDIR/xfs.json
ssdb_assert_json "$J" "d['target']['direct_io'] == False" "direct_io on a buffered loop"
ssdb_assert_json "$J" "d['target']['stack']['buffered']" "buffered stack"
ssdb_assert_json "$J" \
  "not all(t['device_bytes']['reached_device'] for t in d['tests'] if t['rw'] == 'read')" \
  "buffered reads did not all reach the disk"
ssdb_assert_contains "$SSDB_OUT" "buffered: measures the host's page cache" \
  "${XFSDEV} reads its backing file through the page cache: loop/dio is 0"

# -- ext4 data=journal --------------------------------------------------------------------------
ssdb_loop_create EJDEV 200M 512
mkfs.ext4 -q -F "$EJDEV" || ssdb_fail "mkfs.ext4"
mount_on EJ "$EJDEV" ext4 data=journal
summary journal "$EJ" --read-only
J=$SSDB_TMPDIR/journal.json
ssdb_assert_json "$J" "d['target']['direct_io'] == False" "direct_io under data=journal"
ssdb_assert_contains "$SSDB_OUT" "data=journal serves direct I/O through the page cache"
ssdb_cli info-ej info "$EJ"
ssdb_assert_contains "$SSDB_OUT" "Direct I/O                 no: buffered by the page cache"

# -- unwritten regions: a fresh zram device, a fresh sparse loop --------------------------------
ssdb_zram_create ZRAM 64M
summary zram-fresh "$ZRAM"
J=$SSDB_TMPDIR/zram-fresh.json
ssdb_assert_json "$J" "d['summary']['unwritten'] == {'percent': 100, 'source': 'zram'}" \
  "the never-written share of a fresh zram device"
ssdb_assert_contains "$SSDB_OUT" "100 % of the test region was never written or was trimmed"
ssdb_fill_random "$ZRAM"
summary zram-filled "$ZRAM"
ssdb_assert_json "$SSDB_TMPDIR/zram-filled.json" "d['summary']['unwritten']['percent'] == 0" \
  "the never-written share of a filled zram device"
ssdb_assert_not_contains "$SSDB_OUT" "never written"

ssdb_loop_create SPARSE 64M 512
summary sparse "$SPARSE"
J=$SSDB_TMPDIR/sparse.json
ssdb_assert_json "$J" "d['summary']['unwritten'] == {'percent': 100, 'source': 'allocation'}" \
  "the never-written share of a fresh sparse loop"
ssdb_assert_json "$J" \
  "not any(t['device_bytes']['reached_device'] for t in d['tests'] if t['rw'] == 'read')" \
  "reads of holes reached no disk"

# -- the device's own queue depth ---------------------------------------------------------------
ssdb_cli depth run job "$ZRAM" --rw read --access rand --bs 4K --qd 32 --size 32M --duration 0.5 \
  --json "$SSDB_TMPDIR/depth.json"
ssdb_assert_rc 0 "RND4K Q32 on zram"
ssdb_assert_contains "$SSDB_OUT" "request at a time: queue depth 32 had no effect"
ssdb_assert_json "$SSDB_TMPDIR/depth.json" \
  "(lambda b: b['queue_ns'] / b['busy_ns'] < 1.5)(d['tests'][0]['device_bytes'])" \
  "zram's own mean depth"

# -- coverage of a time-limited test on a slow device -------------------------------------------
ssdb_loop_create SLOW 256M 512 random
ssdb_blkio_create GRP
ssdb_blkio_limit "$GRP" "$SLOW" 5000000 0 0 0
ssdb_blkio_run "$GRP" "$SSDBENCH_CLI" run job "$SLOW" --rw read --bs 1M --size 256M \
  --duration 1 --no-fill > "$SSDB_TMPDIR/slow.out" 2> "$SSDB_TMPDIR/slow.err" ||
  ssdb_fail "throttled read: $(cat "$SSDB_TMPDIR/slow.err")"
pct=$(sed -n 's/.*covered \([0-9]*\) % of the 256 MiB region.*/\1/p' "$SSDB_TMPDIR/slow.out")
[[ -n $pct ]] || ssdb_fail "no coverage note: $(cat "$SSDB_TMPDIR/slow.out")"
((pct >= 1 && pct <= 5)) || ssdb_fail "covered $pct % of 256 MiB at 5 MB/s in 1 s, expected 1-5 %"

# -- reads of zeros read zeros ------------------------------------------------------------------
ssdb_zram_create ZZERO 64M
ssdb_cli zero run job "$ZZERO" --rw read --bs 1M --size 32M --duration 0.3 --data zero \
  --destroy-data "$ZZERO"
ssdb_assert_rc 0 "read of zeros on zram"
same=$(awk '{print $6}' "/sys/block/${ZZERO#/dev/}/mm_stat")
((same >= 32 * 256 * 9 / 10)) ||
  ssdb_fail "zram holds $same same-filled pages after a fill with zeros of 32 MiB (8192 pages)"
# -- the recorded fio command of a test file -----------------------------------------------------
if command -v fio > /dev/null; then
  ssdb__new_name FIODIR fio
  mkdir "$FIODIR"
  ssdb_cli fiojob run job "$FIODIR" --rw read --bs 1M --size 32M --duration 1 \
    --json "$SSDB_TMPDIR/fiojob.json"
  ssdb_assert_rc 0 "read job on a test file"
  cmd=$(ssdb_json "$SSDB_TMPDIR/fiojob.json" "d['tests'][0]['fio_command']")
  [[ $cmd == *"--unlink=1"* ]] || ssdb_fail "the fio command keeps its file: $cmd"
  ssdb_log "running the recorded command: $cmd"
  sh -c "$cmd --output-format=json" > "$SSDB_TMPDIR/fio.json" 2> "$SSDB_TMPDIR/fio.err" ||
    ssdb_fail "the recorded fio command failed: $(cat "$SSDB_TMPDIR/fio.err")"
  ours=$(ssdb_json "$SSDB_TMPDIR/fiojob.json" "d['tests'][0]['bytes_per_second']")
  theirs=$(ssdb_json "$SSDB_TMPDIR/fio.json" "d['jobs'][0]['read']['bw_bytes']")
  ssdb_log "engine $ours B/s, fio $theirs B/s on the same test-file job"
  "$SSDB_PYTHON" -c "import sys; r = float(sys.argv[1]) / float(sys.argv[2]); sys.exit(0 if 0.2 < r < 5 else 1)" \
    "$ours" "$theirs" || ssdb_fail "engine $ours B/s against fio $theirs B/s for the same job"
  [[ -z $(ls -A "$FIODIR") ]] || ssdb_fail "fio left $(ls -A "$FIODIR") in $FIODIR"
fi
ssdb_log "all measured-stack checks held"
