#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Writes to a block device are refused, with the reason named, when the device is read-only,
# mounted, used as swap, held open with O_EXCL (exit status 1), or when --destroy-data names
# another device or is missing for a write job (exit status 2, a usage error); and none of them
# changes a byte of any device.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=../lib/targets.sh
source "$(dirname "$(readlink -f "$0")")/../lib/targets.sh"
ssdb_require_root
ssdb_require_cmd fsfreeze
ssdb_find_cli

ssdb_loop_create RO 32M 512 random ro
ssdb_ext4_create MNTDEV MNT 64M
ssdb_swap_create SWAP 32M
ssdb_loop_create BUSY 32M 512 random
ssdb_hold_excl "$BUSY"
ssdb_loop_create FREE 32M 512 random
ssdb_loop_create OTHER 32M 512 random
# A mounted ext4 writes its superblock now and then; frozen, it stays mounted and writes nothing,
# so any change to the device would come from the benchmark.
fsfreeze -f "$MNT"
ssdb_cleanup_push fsfreeze -u "$MNT"
sync

declare -A sums
for dev in "$RO" "$MNTDEV" "$BUSY" "$FREE" "$OTHER"; do
  sums[$dev]=$(ssdb_checksum "$dev")
done

# refuse DEVICE PERMISSION TEXT...: both a write job and a summary are refused with TEXT
refuse ()
{
  local dev=$1 perm=$2
  shift 2
  ssdb_cli job run job "$dev" --rw write --size 16M --duration 1 --destroy-data "$perm"
  ssdb_assert_rc 1 "write job on $dev with --destroy-data $perm"
  ssdb_assert_contains "$SSDB_ERR" "$@"
  [[ ! -s $SSDB_OUT ]] || ssdb_fail "a refused job printed results"
  ssdb_log "refused: $(cat "$SSDB_ERR")"
  ssdb_cli summary run summary "$dev" --size 16M --count 1 --duration 1 --destroy-data "$perm"
  ssdb_assert_rc 1 "summary on $dev with --destroy-data $perm"
  ssdb_assert_contains "$SSDB_ERR" "$@"
}

refuse "$RO" "$RO" "$RO" "read-only"
refuse "$MNTDEV" "$MNTDEV" "$MNTDEV" "mounted" "$MNT"
refuse "$SWAP" "$SWAP" "$SWAP" "swap"
refuse "$BUSY" "$BUSY" "$BUSY" "in use" "busy"
# --destroy-data naming another device, and a write job without it, are usage errors (exit
# status 2), refused before the device is opened
for cmd in "run job $FREE --rw write --size 16M --duration 1" \
  "run summary $FREE --size 16M --count 1 --duration 1" "run recovery $FREE --write 4M" \
  "run fill $FREE" "run compression $FREE --span 0:8M"; do
  # shellcheck disable=SC2086
  ssdb_cli other $cmd --destroy-data "$OTHER"
  ssdb_assert_rc 2 "$cmd --destroy-data $OTHER"
  ssdb_assert_contains "$SSDB_ERR" "--destroy-data $OTHER is not the target $FREE" "another device"
  [[ ! -s $SSDB_OUT ]] || ssdb_fail "$cmd --destroy-data $OTHER printed results"
done
ssdb_cli noperm run job "$FREE" --rw write --size 16M --duration 1
ssdb_assert_rc 2 "write job on $FREE without --destroy-data"
ssdb_assert_contains "$SSDB_ERR" "$FREE" "destroys its data" "permission" "--destroy-data $FREE"
# the permission resolves symlinks: a link to the device is the same device
ln -s "$FREE" "$SSDB_TMPDIR/free-link"
ssdb_cli link run job "$FREE" --rw write --size 16M --duration 1 --destroy-data "$SSDB_TMPDIR/free-link"
ssdb_assert_rc 0 "write job on $FREE with a symlink to it as the permission"
sums[$FREE]=$(ssdb_checksum "$FREE")

# reading the refused devices is still allowed
ssdb_cli readro run job "$RO" --rw read --size 16M --duration 1
ssdb_assert_rc 0 "read job on the read-only $RO"
ssdb_cli readmnt run job "$MNTDEV" --rw read --size 16M --duration 1
ssdb_assert_rc 0 "read job on the mounted $MNTDEV"

sync
for dev in "$RO" "$MNTDEV" "$BUSY" "$FREE" "$OTHER"; do
  ssdb_assert_eq "$(ssdb_checksum "$dev")" "${sums[$dev]}" "sha256 of $dev after the refusals"
done
mountpoint -q "$MNT" || ssdb_fail "$MNT is no longer mounted"
grep -q "^$SWAP " /proc/swaps || ssdb_fail "$SWAP is no longer swap"
echo "PASS"
