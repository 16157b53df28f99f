#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The drive's own count of the host's writes around a write run, and its ATA settings in the
# report, against a drive whose count is known: the UDisks2 stand-in (udisks2-ata.py, profile "counting") bound to a zram device made
# here, whose attribute 241 is the MiB the kernel wrote to that device, read at each call. No
# SATA or NVMe disk exists on the test machines; NVMe's Data Units Written are decoded in
# test-health on byte-exact log pages.
set -euo pipefail
here=$(dirname "$(readlink -f "$0")")
# shellcheck source-path=SCRIPTDIR source=../lib/targets.sh
source "$here/../lib/targets.sh"
# shellcheck source-path=SCRIPTDIR source=standin.sh
source "$here/standin.sh"
ssdb_require_root
ssdb_find_cli
ssdb_tmpdir
ssdb_zram_create Z 160M
standin_begin "${Z#/dev/}"
standin_start counting

# -- a fill of exactly 64 MiB: the counter rises by 64, the kernel wrote 67108864 bytes
J=$SSDB_TMPDIR/fill.json
ssdb_cli fill run fill "$Z" --destroy-data "$Z" --span 0:64M --passes 1 --no-read-back --json "$J"
ssdb_assert_rc 0 "run fill with the counting drive"
H='[t for t in d["tests"] if t["kind"] == "fill"][0]["drive_counts"]'
ssdb_assert_eq "$(ssdb_json "$J" "$H['source']")" "ATA attribute 241 (total-lbas-written)" "source"
ssdb_assert_eq "$(ssdb_json "$J" "$H['unit']")" vendor "a vendor's unit, not bytes"
ssdb_assert_eq "$(ssdb_json "$J" "$H['after'] - $H['before']")" 64 "the counter's rise"
ssdb_assert_eq "$(ssdb_json "$J" "$H['kernel_bytes']")" 67108864 "the kernel's count"
ssdb_assert_contains "$SSDB_OUT" \
  "The drive's ATA attribute 241 (total-lbas-written) rose by 64 in the unit UDisks2 gives it (vendors count this attribute in different units, so it is not taken as bytes); the kernel wrote 67.11 MB to it, about 1.05 MB per unit of this counter."
ssdb_assert_eq "$(ssdb_json "$J" "$H['words'] in open('$SSDB_OUT').read()")" true \
  "the report's words are the printed ones"
# The drive's settings when the run was made are in the report's target.
ssdb_assert_eq "$(ssdb_json "$J" 'd["target"]["ata_features"]')" \
  '{"write_cache": true, "read_lookahead": true, "power_management": true, "apm": false, "aam": null}' \
  "the drive's write cache and power features in the report"
ssdb_cli fill-text export "$J" --view fill --text -
ssdb_assert_contains "$SSDB_OUT" "rose by 64"

# -- a steady-state run of 11 s: whatever it wrote, the counter rose by the kernel's count in
# MiB. zram has no hwmon sensor, so the temperature is the drive's SMART one, read every 5 s:
# at the start and at 5 and 10 s (no SMART reading at the stop). Each SmartUpdate finds the
# drive 1 °C warmer, and the host-write counter is read (with a SmartUpdate) once between the
# first two readings, so they differ by 2 and 1 °C.
J=$SSDB_TMPDIR/consistency.json
ssdb_cli consistency run consistency "$Z" --destroy-data "$Z" --span 0:128M --duration 11s \
  --round 1s --json "$J"
ssdb_assert_rc 0 "run consistency with the counting drive"
T='d["tests"][0]["temperature"]'
ssdb_assert_eq "$(ssdb_json "$J" "$T['sensor']")" "SMART through UDisks2" "the SMART temperature"
temps=$(ssdb_json "$J" "[s['celsius'] for s in $T['samples']]")
times=$(ssdb_json "$J" "[round(s['t_s']) for s in $T['samples']]")
ssdb_log "SMART readings $temps at $times s"
ssdb_assert_eq "$(ssdb_json "$J" "[round(b['celsius'] - a['celsius'], 6) for a, b in zip($T['samples'], $T['samples'][1:])]")" \
  "[2.0, 1.0]" "one SmartUpdate per reading, one more for the counter"
ssdb_assert_eq "$(ssdb_json "$J" "[round(s['t_s']) for s in $T['samples']][:3]")" "[0, 5, 10]" \
  "a reading every 5 s"
ssdb_assert_eq "$(ssdb_json "$J" "len($T['samples'])")" 3 "and none at the stop"
ssdb_assert_eq "$(ssdb_json "$J" "$T['warning_c'] is None")" true "SMART gives no warning temperature"
ssdb_assert_contains "$SSDB_OUT" "(SMART through UDisks2); the sensor gives no warning temperature."
H='d["tests"][0]["drive_counts"]'
k=$(ssdb_json "$J" "$H['kernel_bytes']")
rise=$(ssdb_json "$J" "$H['after'] - $H['before']")
ssdb_log "kernel $k bytes, counter +$rise"
((k > 0)) || ssdb_fail "the kernel counted no writes"
((rise >= k / 1048576 - 1 && rise <= k / 1048576 + 1)) ||
  ssdb_fail "the counter rose by $rise, the kernel wrote $k bytes ($((k / 1048576)) MiB)"

# -- a read-only surface writes nothing: no count is taken
J=$SSDB_TMPDIR/surface.json
ssdb_cli surface run surface "$Z" --samples 4 --sample-size 1M --access 0 --json "$J"
ssdb_assert_rc 0 "run surface (reads only)"
ssdb_assert_eq "$(ssdb_json "$J" '"drive_counts" in d["tests"][0]')" false "no count for reads"
ssdb_assert_not_contains "$SSDB_OUT" "Host writes" "attribute 241"

# -- the drive gone from the bus: said, and the run goes on
standin_stop
J=$SSDB_TMPDIR/gone.json
ssdb_cli gone run fill "$Z" --destroy-data "$Z" --span 0:16M --passes 1 --no-read-back --json "$J"
ssdb_assert_rc 0 "run fill without UDisks2"
ssdb_assert_contains "$SSDB_OUT" "Host writes as the drive counts them: not read; $Z reported no such counter, or its SMART / health data could not be read"
ssdb_assert_eq "$(ssdb_json "$J" '"drive_counts" in d["tests"][0]')" false "no count without a counter"
ssdb_assert_eq "$(ssdb_json "$J" '"ata_features" in d["target"]')" false "no features without UDisks2"
ssdb_log "ok"
