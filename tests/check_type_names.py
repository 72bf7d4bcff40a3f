"""Fails when two files define a class or struct of the same name in the same
named namespace. Such a pair breaks the one-definition rule: the linker keeps
one copy of their inline members for both, and the program then reads one
type's objects with the other's layout (this happened to SweepPoint, and only
AddressSanitizer noticed). Types inside anonymous namespaces are exempt.

Relies on the tree's formatting (.clang-format): namespace bodies are not
indented, so a definition at column 0 is at namespace scope."""
import re
import subprocess
import sys

root = sys.argv[1]
files = subprocess.run(["git", "-C", root, "ls-files", "*.cpp", "*.h"], capture_output=True, text=True,
                       check=True).stdout.split()
if not files:
    print("no C++ files found by git ls-files (not a git checkout?)")
    sys.exit(77)
open_ns = re.compile(r"^namespace\s*([\w:]*)\s*\{")
close_ns = re.compile(r"^\}\s*//\s*namespace")
# `struct Outer::Inner {` defines the nested type Outer::Inner, not Outer.
definition = re.compile(r"^(?:struct|class)\s+(\w+(?:::\w+)*)\b[^;(]*(?:\{|:[^:]|$)")
seen = {}
clashes = []
for name in files:
    stack = []
    with open(f"{root}/{name}", encoding="utf-8", errors="replace") as f:
        for number, line in enumerate(f, 1):
            if m := open_ns.match(line):
                stack.append(m.group(1))
                continue
            if close_ns.match(line):
                if stack:
                    stack.pop()
                continue
            m = definition.match(line)
            if not m or line.rstrip().endswith(";") or "" in stack:
                continue
            key = "::".join(stack + [m.group(1)])
            where = f"{name}:{number}"
            if key in seen and seen[key].split(":")[0] != name:
                clashes.append(f"{key}: {seen[key]} and {where}")
            seen.setdefault(key, where)
if clashes:
    print("types defined twice in the same namespace (rename one, or move it into an anonymous namespace):")
    print("\n".join(clashes))
    sys.exit(1)
print(f"{len(seen)} namespace-scope types, all names distinct")
