#!/usr/bin/env python3
"""Writes the C++ programs of a document (each ```cpp block that defines
main) to OUT_1 ... OUT_N, in order, so that meson builds and runs them: the
examples of docs/solver-cpp.md stay true. Exit 1 when the document has not
exactly N such blocks (a program added or dropped: update tests/meson.build).

    extract_cpp_examples.py DOC.md OUT_1.cpp ... OUT_N.cpp"""
import re
import sys


def main(argv):
    doc, outs = argv[1], argv[2:]
    with open(doc, encoding="utf-8") as f:
        blocks = re.findall(r"^```cpp\n(.*?)^```", f.read(), re.S | re.M)
    programs = [b for b in blocks if re.search(r"\bint main\(", b)]
    if len(programs) != len(outs):
        print(f"{doc}: {len(programs)} C++ programs, {len(outs)} expected (tests/meson.build)")
        return 1
    for text, out in zip(programs, outs):
        with open(out, "w", encoding="utf-8") as f:
            f.write(f"// Extracted from {doc} by tests/docs/extract_cpp_examples.py.\n" + text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
