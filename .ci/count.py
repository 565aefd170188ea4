"""Counts TRX results: one line per run folder given, then the closing line 'N passed, N failed' over all of them.

Usage: count.py LABEL=FOLDER [LABEL=FOLDER ...]. A folder without any TRX file counts as one failure.
"""
import glob
import sys
import xml.etree.ElementTree as ET


def count(folder):
    passed = failed = 0
    files = glob.glob(f"{folder}/**/*.trx", recursive=True)
    for trx in files:
        for counters in ET.parse(trx).getroot().iter():
            if counters.tag.endswith("Counters"):
                passed += int(counters.get("passed", "0"))
                failed += sum(int(counters.get(k, "0")) for k in ("failed", "error", "timeout", "aborted"))
    return passed, failed + (0 if files else 1)


total_passed = total_failed = 0
for argument in sys.argv[1:]:
    label, folder = argument.split("=", 1)
    passed, failed = count(folder)
    total_passed += passed
    total_failed += failed
    print(f"  {label}: {passed} passed, {failed} failed")
print(f"{total_passed} passed, {total_failed} failed")
