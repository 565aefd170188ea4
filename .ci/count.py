"""Counts TRX results: one line per run folder given, then the closing line 'N passed, N failed' over all of them.

Usage: count.py LABEL=FOLDER [LABEL=FOLDER ...]. A folder without any TRX file counts as one failure. Where a run's
RuntimeTests wrote the runtime that executed it ('Tests ran on .NET x.y.z'), the line names that runtime.
"""
import glob
import re
import sys
import xml.etree.ElementTree as ET


def count(folder):
    passed = failed = 0
    runtimes = set()
    files = glob.glob(f"{folder}/**/*.trx", recursive=True)
    for trx in files:
        root = ET.parse(trx).getroot()
        for element in root.iter():
            if element.tag.endswith("Counters"):
                passed += int(element.get("passed", "0"))
                failed += sum(int(element.get(k, "0")) for k in ("failed", "error", "timeout", "aborted"))
            elif element.tag.endswith("StdOut") and element.text:
                runtimes.update(re.findall(r"Tests ran on (\.NET \S+)", element.text))
    return passed, failed + (0 if files else 1), sorted(runtimes)


total_passed = total_failed = 0
for argument in sys.argv[1:]:
    label, folder = argument.split("=", 1)
    passed, failed, runtimes = count(folder)
    total_passed += passed
    total_failed += failed
    ran_on = f" (ran on {', '.join(runtimes)})" if runtimes else ""
    print(f"  {label}: {passed} passed, {failed} failed{ran_on}")
print(f"{total_passed} passed, {total_failed} failed")
