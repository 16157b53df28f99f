#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# A directory on tmpfs has no block device. This kernel's tmpfs accepts O_DIRECT, so the run
# works, and every result says the I/O did not reach a device (no device, no counters); on a
# kernel whose tmpfs refuses O_DIRECT the run must fail with a clear O_DIRECT message instead.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=../lib/targets.sh
source "$(dirname "$(readlink -f "$0")")/../lib/targets.sh"
ssdb_require_root
ssdb_find_cli

ssdb_tmpfs_create T 96M
ssdb_tmpdir
J=$SSDB_TMPDIR/tmpfs.json
ssdb_cli tmpfs run summary "$T" --size 32M --count 1 --duration 1 --profile realworld --json "$J"
case $SSDB_RC in
  0)
    ssdb_log "tmpfs accepted O_DIRECT: the results must say that no device was reached"
    ssdb_assert_contains "$SSDB_OUT" "Target: test file in $T (tmpfs)"
    ssdb_assert_json "$J" 'd["target"]["kind"] == "file" and d["target"]["fs_type"] == "tmpfs" and d["target"]["name"] is None and d["target"]["major"] == 0' \
      "tmpfs target without a device"
    ssdb_assert_json "$J" 'len(d["tests"]) == 4 and all(t["state"] == "done" and t["bytes_per_second"] > 0 for t in d["tests"])' \
      "realworld tests done"
    ssdb_assert_json "$J" 'all(t["device_bytes"]["reached_device"] is False and t["device_bytes"]["counters_valid"] is False for t in d["tests"])' \
      "reached_device false, no counters"
    ssdb_assert_json "$J" 'all(p["device_bytes"]["reached_device"] is False for t in d["tests"] for p in t["passes"])' \
      "reached_device false in every pass"
    ;;
  1)
    ssdb_log "tmpfs refused O_DIRECT"
    ssdb_assert_contains "$SSDB_ERR" "O_DIRECT" "$T"
    ;;
  *)
    ssdb_show_output
    ssdb_fail "exit status $SSDB_RC on tmpfs"
    ;;
esac
# nothing left behind either way
[[ -z $(ls -A "$T") ]] || ssdb_fail "files left in $T: $(ls -A "$T")"
used=$(ssdb_df_used "$T")
((used < 1048576)) || ssdb_fail "$used bytes still used on the tmpfs"
echo "PASS"
