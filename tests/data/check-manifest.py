#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks the Flatpak manifest without flatpak-builder (which would download a runtime).

Usage: check-manifest.py MANIFEST APP_ID

The manifest must name the app and its command, build on a released GNOME runtime and SDK, build
every module from sources pinned by URL and sha256 (the app itself from the checkout, with
meson), and ask for exactly the sandbox permissions the app needs. Prints TAP.
"""
import json
import re
import sys

ALLOWED_FINISH_ARGS = {
    "--share=ipc",
    "--socket=wayland",
    "--socket=fallback-x11",
    "--device=dri",
    # drives, their facts and Block.OpenDevice
    "--system-talk-name=org.freedesktop.UDisks2",
    # test files need real directories: the document portal's FUSE paths refuse O_DIRECT
    "--filesystem=home",
    "--filesystem=/media",
    "--filesystem=/mnt",
    "--filesystem=/run/media",
}

results = []


def check(ok, what):
    results.append((bool(ok), what))


def main():
    path, app_id = sys.argv[1], sys.argv[2]
    try:
        with open(path, encoding="utf-8") as f:
            m = json.load(f)
    except (OSError, ValueError) as e:
        print("1..1\nnot ok 1 - %s parses as JSON: %s" % (path, e))
        return 1

    check(m.get("id", m.get("app-id")) == app_id, "app id is %s" % app_id)
    check(m.get("command") == "ssdbench", "command is ssdbench")
    check(m.get("runtime") == "org.gnome.Platform", "runtime is org.gnome.Platform")
    check(m.get("sdk") == "org.gnome.Sdk", "sdk is org.gnome.Sdk")
    version = m.get("runtime-version")
    check(isinstance(version, str) and re.fullmatch(r"[0-9]{2,}", version or "")
          and int(version) >= 49,
          "runtime-version is a released GNOME version (%r), not a nightly" % (version,))

    args = m.get("finish-args", [])
    check(len(args) == len(set(args)), "finish-args has no duplicates")
    extra = sorted(set(args) - ALLOWED_FINISH_ARGS)
    missing = sorted(ALLOWED_FINISH_ARGS - set(args))
    check(not extra, "no finish-args beyond the allowed set (extra: %s)" % (extra or "none"))
    check(not missing, "every needed finish-arg is there (missing: %s)" % (missing or "none"))

    modules = m.get("modules", [])
    check(isinstance(modules, list) and len(modules) >= 2, "at least two modules")
    names = [mod.get("name") for mod in modules if isinstance(mod, dict)]
    check("libaio" in names, "libaio is built as a module")
    check(names and names[-1] == "ssdbench", "the app is the last module")
    for mod in modules:
        if not isinstance(mod, dict):
            check(False, "module is an object, not a file reference: %r" % (mod,))
            continue
        name = mod.get("name")
        sources = mod.get("sources", [])
        check(sources, "module %s has sources" % name)
        for src in sources:
            kind = src.get("type")
            if kind in ("archive", "file"):
                url = src.get("url", "")
                sha = src.get("sha256", "")
                check(url.startswith("https://"), "module %s: %s source has an https url" % (name, kind))
                check(re.fullmatch(r"[0-9a-f]{64}", sha),
                      "module %s: %s source has a sha256 of 64 hex digits" % (name, kind))
            elif kind == "git":
                check(src.get("url", "").startswith("https://") and src.get("tag") and
                      re.fullmatch(r"[0-9a-f]{40}", src.get("commit", "")),
                      "module %s: git source pinned by tag and commit" % name)
            elif kind == "dir":
                check(name == "ssdbench" and src.get("path") == ".",
                      "module %s: only the app is built from the checkout" % name)
            else:
                check(False, "module %s: source type %r is allowed" % (name, kind))
        if name == "libaio":
            url = sources[0].get("url", "") if sources else ""
            check(re.search(r"/libaio[-_][0-9]+\.[0-9]+\.[0-9]+(\.orig)?\.tar\.gz$", url),
                  "libaio comes from a release tarball (%s)" % url)
        if name == "ssdbench":
            check(mod.get("buildsystem") == "meson", "the app is built with meson")
            check("-Dtests=false" in mod.get("config-opts", []),
                  "the app's build leaves out the test suite (it needs root and real devices)")

    print("1..%d" % len(results))
    for i, (ok, what) in enumerate(results, 1):
        print("%s %d - %s" % ("ok" if ok else "not ok", i, what))
    return 0 if all(ok for ok, _ in results) else 1


if __name__ == "__main__":
    sys.exit(main())
