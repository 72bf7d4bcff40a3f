#!/usr/bin/env python3
"""Print "N passed, N failed" for a meson test log, plus a pytest JUnit report.

    count-tests.py [TESTLOG.json] [--junit PYTEST.xml] [--failed N]

Each meson test counts once; a doctest binary counts the test cases it reports
("[doctest] test cases: 12 | 12 passed | 0 failed"), so the total is the number
of real test cases, not of executables. Each pytest case counts once (skipped
cases count in neither number); --failed adds failures that left no report.
"""
import json
import re
import sys
import xml.etree.ElementTree as ET


def meson_counts(path):
    passed = failed = 0
    pattern = re.compile(r"\[doctest\] test cases:\s*(\d+)\s*\|\s*(\d+) passed\s*\|\s*(\d+) failed")
    with open(path) as log:
        for line in log:
            entry = json.loads(line)
            if entry.get("result") == "SKIP":
                continue  # exit 77: the test said why it cannot run here (neither passed nor failed)
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
    return passed, failed


def junit_counts(path):
    passed = failed = 0
    for case in ET.parse(path).getroot().iter("testcase"):
        kinds = {child.tag for child in case}
        if kinds & {"failure", "error"}:
            failed += 1
        elif "skipped" not in kinds:
            passed += 1
    return passed, failed


def main(argv):
    passed = failed = 0
    rest = argv[1:]
    if rest and not rest[0].startswith("--"):
        passed, failed = meson_counts(rest[0])
        rest = rest[1:]
    while rest:
        option, value, rest = rest[0], rest[1], rest[2:]
        if option == "--junit":
            p, f = junit_counts(value)
            passed, failed = passed + p, failed + f
        elif option == "--failed":
            failed += int(value)
        else:
            sys.exit(f"count-tests.py: unknown option {option}")
    print(f"{passed} passed, {failed} failed")


if __name__ == "__main__":
    main(sys.argv)
