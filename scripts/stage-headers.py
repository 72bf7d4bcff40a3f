#!/usr/bin/env python3
"""Stage milp-sac's public headers under one include prefix, milpsac/.

The library's sources include each other as "lp/linear_program.h" (with -Isrc).
A consumer should need one include directory and write
    #include <milpsac/lp/linear_program.h>
so this script copies every header the umbrella header names, and every library
header those include (transitively), from SRC into OUT/milpsac/, rewriting
    #include "lp/x.h"   ->   #include <milpsac/lp/x.h>
It writes a file only when its content changes (no needless rebuilds), removes
staged headers that are no longer public, and prints the staged paths.

    stage-headers.py UMBRELLA SRC OUT [--check-external PREFIX ALLOWED...]

With --check-external, exit 1 unless exactly the ALLOWED headers (paths under
SRC, e.g. graph/tree.h) include <PREFIX...> directly: the test that keeps
third-party implementation headers (Boost.Graph) out of the public API.
"""
import os
import re
import sys

QUOTED = re.compile(r'^(\s*#\s*include\s+)"([^"]+)"', re.M)
PREFIXED = re.compile(r'^\s*#\s*include\s+<milpsac/([^>]+)>', re.M)
ANGLED = re.compile(r'^\s*#\s*include\s+<([^>]+)>', re.M)
# Headers of the umbrella that meson generates (not copied from src/).
GENERATED = {"version.h"}


def umbrella_names(umbrella):
    """The src/ headers an umbrella names, through the other umbrellas beside
    it (milpsac.h includes api.h, which lives in include/milpsac/ too)."""
    here = os.path.dirname(umbrella)
    with open(umbrella, encoding="utf-8") as f:
        named = []
        for p in PREFIXED.findall(f.read()):
            if p in GENERATED:
                continue
            if os.path.isfile(os.path.join(here, p)):
                named += umbrella_names(os.path.join(here, p))
            else:
                named.append(p)
    return named


def public_closure(umbrella, src):
    """Library headers reachable from the umbrella, sorted."""
    named = umbrella_names(umbrella)
    missing = [p for p in named if not os.path.isfile(os.path.join(src, p))]
    if missing:
        # A header moved or renamed in src/: the umbrella must follow.
        sys.exit(f"{umbrella}: names headers not found under {src}: {', '.join(missing)}")
    todo = list(named)
    seen = set()
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        with open(os.path.join(src, path), encoding="utf-8") as f:
            for inc in QUOTED.findall(f.read()):
                if os.path.isfile(os.path.join(src, inc[1])):
                    todo.append(inc[1])
    return sorted(seen)


def rewrite(text, src):
    def repl(m):
        if os.path.isfile(os.path.join(src, m.group(2))):
            return f"{m.group(1)}<milpsac/{m.group(2)}>"
        return m.group(0)
    return QUOTED.sub(repl, text)


def write_if_changed(path, text):
    try:
        with open(path, encoding="utf-8") as f:
            if f.read() == text:
                return
    except FileNotFoundError:
        pass
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def main(argv):
    if len(argv) < 4:
        sys.exit(__doc__)
    umbrella, src, out = argv[1:4]
    # Run by `meson install`: OUT is the include directory relative to the (DESTDIR) prefix.
    if "MESON_INSTALL_DESTDIR_PREFIX" in os.environ and not os.path.isabs(out):
        out = os.path.join(os.environ["MESON_INSTALL_DESTDIR_PREFIX"], out)
    headers = public_closure(umbrella, src)
    if len(argv) > 4 and argv[4] == "--check-external":
        prefix, allowed = argv[5], set(argv[6:])
        offenders = set()
        for h in headers:
            with open(os.path.join(src, h), encoding="utf-8") as f:
                if any(inc.startswith(prefix) for inc in ANGLED.findall(f.read())):
                    offenders.add(h)
        for h in sorted(offenders - allowed):
            print(f"public header {h} includes <{prefix}...>: move it into the implementation")
        for h in sorted(allowed - offenders):
            print(f"{h} no longer includes <{prefix}...> (or is no longer public): drop it from the allowed list")
        print(f"{len(headers)} public headers, {len(offenders)} include <{prefix}...>: {' '.join(sorted(offenders))}")
        return 0 if offenders == allowed else 1
    root = os.path.join(out, "milpsac")
    for h in headers:
        with open(os.path.join(src, h), encoding="utf-8") as f:
            write_if_changed(os.path.join(root, h), rewrite(f.read(), src))
    # Headers staged before but no longer public (moved or dropped from the umbrella).
    wanted = set(headers)
    for d in sorted({h.split("/")[0] for h in headers} | set(os.listdir(root) if os.path.isdir(root) else [])):
        base = os.path.join(root, d)
        if not os.path.isdir(base):
            continue
        for dirpath, _, files in os.walk(base):
            for name in files:
                rel = os.path.relpath(os.path.join(dirpath, name), root)
                if rel not in wanted:
                    os.remove(os.path.join(dirpath, name))
    if "MESON_INSTALL_DESTDIR_PREFIX" not in os.environ:
        print("\n".join(headers))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
