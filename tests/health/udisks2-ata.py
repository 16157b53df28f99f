# SPDX-License-Identifier: GPL-3.0-or-later
'''A stand-in for udisksd with one ATA drive, for python3-dbusmock.

No SATA disk exists on the machines the tests run on, so the ATA SMART path of
`ssdbench-cli health` is tested against this stand-in on a private bus given as
DBUS_SYSTEM_BUS_ADDRESS. It has the members of org.freedesktop.UDisks2.Drive.Ata that
the health reader uses, with the signatures of UDisks2 2.9 (SmartGetAttributes:
a(ysqiiixia{sv}); libatasmart's pretty units: 1 none, 2 ms, 3 sectors, 4 mK).

Parameters (JSON, -p): "block", the kernel name the drive's block device answers to;
"profile", one of healthy, reallocated, failing-attribute, failing-overall, no-smart,
selftest-failed (the last self-test ended with a read error), denied (SmartUpdate refused for
want of authorisation), asleep (SmartUpdate answers WouldWakeup, as for a sleeping disk),
counting (healthy, with attribute 241 counting the MiB the kernel wrote to the bound device,
read from /sys/block/BLOCK/stat at each call: a drive whose count of host writes is known; and
1 °C warmer at each SmartUpdate: a drive whose SMART temperature readings are known).
'''

import dbus
import dbusmock

BUS_NAME = 'org.freedesktop.UDisks2'
MAIN_OBJ = '/org/freedesktop/UDisks2'
SYSTEM_BUS = True
IS_OBJECT_MANAGER = True

BLOCK = 'org.freedesktop.UDisks2.Block'
DRIVE = 'org.freedesktop.UDisks2.Drive'
ATA = 'org.freedesktop.UDisks2.Drive.Ata'
DRIVE_PATH = '/org/freedesktop/UDisks2/drives/Mock_SATA_SSD_MOCK0001'

# (id, name, flags, value, worst, threshold, pretty, pretty_unit)
HEALTHY = [
    (1, 'raw-read-error-rate', 0x000b, 100, 100, 50, 0, 1),
    (3, 'spin-up-time', 0x0027, 100, 100, 21, 4158, 2),
    (5, 'reallocated-sector-count', 0x0033, 100, 100, 10, 0, 3),
    (9, 'power-on-hours', 0x0032, 99, 99, 0, 1234 * 3600 * 1000, 2),
    (12, 'power-cycle-count', 0x0032, 99, 99, 0, 321, 1),
    (194, 'temperature-celsius-2', 0x0022, 65, 50, 0, 308150, 4),
    (197, 'current-pending-sector', 0x0032, 100, 100, 0, 0, 3),
    (198, 'offline-uncorrectable', 0x0030, 100, 100, 0, 0, 3),
    (241, 'total-lbas-written', 0x0032, 99, 99, 0, 12288000, 7),
    (242, 'total-lbas-read', 0x0032, 99, 99, 0, 24576000, 7),
]


def attributes(profile):
    rows = [list(r) for r in HEALTHY]
    by_id = {r[0]: r for r in rows}
    if profile == 'reallocated':
        by_id[5][6] = 8
        by_id[197][6] = 2
    if profile == 'failing-attribute':
        by_id[1][3] = 40  # raw-read-error-rate at 40, threshold 50: at its threshold now
    return rows


def load(mock, parameters):
    block = parameters.get('block', 'sdz')
    profile = parameters.get('profile', 'healthy')
    rows = attributes(profile)
    # Escaped as UDisks2 escapes object path elements: bytes other than [A-Za-z0-9] as _XX.
    escaped = ''.join(c if c.isascii() and c.isalnum() else '_%02x' % ord(c) for c in block)
    block_path = '/org/freedesktop/UDisks2/block_devices/' + escaped

    mock.AddObject(block_path, BLOCK, {
        'Device': dbus.ByteArray(('/dev/' + block).encode() + b'\0'),
        'PreferredDevice': dbus.ByteArray(('/dev/' + block).encode() + b'\0'),
        'Drive': dbus.ObjectPath(DRIVE_PATH),
        'Size': dbus.UInt64(256060514304),
        'ReadOnly': False,
    }, [])
    mock.AddObject(DRIVE_PATH, DRIVE, {
        'Model': 'Mock SATA SSD',
        'Vendor': '',
        'Serial': 'MOCK0001',
        'Size': dbus.UInt64(256060514304),
        'Rotation': dbus.Int32(0),
    }, [])
    drive = dbusmock.get_object(DRIVE_PATH)

    supported = profile != 'no-smart'
    drive.AddProperties(ATA, {
        'SmartSupported': supported,
        'SmartEnabled': supported,
        'SmartUpdated': dbus.UInt64(1764633600 if supported else 0),
        'SmartFailing': profile == 'failing-overall',
        'SmartPowerOnSeconds': dbus.UInt64(1234 * 3600),
        'SmartTemperature': dbus.Double(308.15),
        'SmartNumAttributesFailing': dbus.Int32(1 if profile == 'failing-attribute' else 0),
        'SmartNumAttributesFailedInThePast': dbus.Int32(0),
        'SmartNumBadSectors': dbus.Int64(8 if profile == 'reallocated' else 0),
        'SmartSelftestStatus': 'error_read' if profile == 'selftest-failed' else 'success',
        'SmartSelftestPercentRemaining': dbus.Int32(-1),
        # The features that change a benchmark: write cache and look-ahead on, standby timer
        # on, APM off, AAM not supported.
        'WriteCacheSupported': True,
        'WriteCacheEnabled': True,
        'ReadLookaheadSupported': True,
        'ReadLookaheadEnabled': True,
        'PmSupported': True,
        'PmEnabled': True,
        'ApmSupported': True,
        'ApmEnabled': False,
        'AamSupported': False,
        'AamEnabled': False,
    })
    attr_code = 'ret = [(dbus.Byte(r[0]), r[1], dbus.UInt16(r[2]), dbus.Int32(r[3]), ' \
                'dbus.Int32(r[4]), dbus.Int32(r[5]), dbus.Int64(r[6]), dbus.Int32(r[7]), ' \
                'dbus.Dictionary({}, signature="sv")) for r in %r]' % (rows,)
    if profile == 'counting':
        # A drive whose attribute 241 counts what was written to the bound device, read from
        # its kernel counters at each call, in units of 1 MiB (shown by UDisks2 as "MB").
        attr_code = ('rows = %r\n'
                     'sectors = int(open("/sys/block/%s/stat").read().split()[6])\n'
                     'for r in rows:\n'
                     '    if r[0] == 241:\n'
                     '        r[6] = sectors * 512 // 1048576\n' % (rows, block)) + attr_code.replace(
                         ' for r in %r]' % (rows,), ' for r in rows]')
    if profile == 'denied':
        update_code = ('raise dbus.exceptions.DBusException("Not authorized to perform '
                       'operation", name="org.freedesktop.UDisks2.Error.NotAuthorizedCanObtain")')
    elif profile == 'asleep':
        update_code = ('raise dbus.exceptions.DBusException("Disk is in sleep mode and the '
                       'nowakeup option was passed", name="org.freedesktop.UDisks2.Error.WouldWakeup")')
    elif profile == 'counting':
        # Each fresh reading finds the drive 1 °C warmer.
        update_code = ('self.UpdateProperties("%s", {"SmartTemperature": '
                       'dbus.Double(self.props["%s"]["SmartTemperature"] + 1.0), '
                       '"SmartUpdated": dbus.UInt64(1764637200)})' % (ATA, ATA))
    else:
        # A fresh reading: the drive has warmed up to 40 °C.
        update_code = ('self.UpdateProperties("%s", {"SmartTemperature": dbus.Double(313.15), '
                       '"SmartUpdated": dbus.UInt64(1764637200)})' % ATA)
    start_code = ('self.UpdateProperties("%s", {"SmartSelftestStatus": "inprogress", '
                  '"SmartSelftestPercentRemaining": dbus.Int32(90)})' % ATA)
    abort_code = ('self.UpdateProperties("%s", {"SmartSelftestStatus": "aborted", '
                  '"SmartSelftestPercentRemaining": dbus.Int32(-1)})' % ATA)
    drive.AddMethods(ATA, [
        ('SmartGetAttributes', 'a{sv}', 'a(ysqiiixia{sv})', attr_code),
        ('SmartUpdate', 'a{sv}', '', update_code),
        ('SmartSelftestStart', 'sa{sv}', '', start_code),
        ('SmartSelftestAbort', 'a{sv}', '', abort_code),
    ])
