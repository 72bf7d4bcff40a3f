#!/usr/bin/env python3
"""Print "N passed, N failed" for a meson test log.

Each meson test counts once; a doctest binary counts the test cases it reports
("[doctest] test cases: 12 | 12 passed | 0 failed"), so the total is the number
of real test cases, not of executables.
"""
import json
import re
import sys

passed = failed = 0
pattern = re.compile(r"\[doctest\] test cases:\s*(\d+)\s*\|\s*(\d+) passed\s*\|\s*(\d+) failed")
with open(sys.argv[1]) as log:
    for line in log:
        entry = json.loads(line)
        ok = entry.get("result") in ("OK", "EXPECTEDFAIL")
        match = pattern.search(entry.get("stdout", "") or "")
        if match:
            p, f = int(match.group(2)), int(match.group(3))
            if not ok and f == 0:
                f = 1  # crashed or timed out after its cases reported
            passed += p
            failed += f
        elif ok:
            passed += 1
        else:
            failed += 1
print(f"{passed} passed, {failed} failed")
