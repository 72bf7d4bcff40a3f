"""Fails (listing the files) when a tracked C++ file differs from what
clang-format writes with the repository's .clang-format."""
import subprocess
import sys

root, clang_format = sys.argv[1], sys.argv[2]
files = subprocess.run(["git", "-C", root, "ls-files", "*.cpp", "*.h"], capture_output=True, text=True,
                       check=True).stdout.split()
if not files:
    print("no C++ files found by git ls-files (not a git checkout?)")
    sys.exit(77)
bad = []
for name in files:
    path = f"{root}/{name}"
    with open(path, "rb") as f:
        original = f.read()
    formatted = subprocess.run([clang_format, "--style=file", path], capture_output=True, check=True).stdout
    if formatted != original:
        bad.append(name)
if bad:
    print("not formatted (run: clang-format -i FILE):")
    print("\n".join(bad))
    sys.exit(1)
print(f"{len(files)} files formatted")
