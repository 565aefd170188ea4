"""Sums the counters of every TRX file under a folder and prints the closing line 'N passed, N failed'."""
import glob
import sys
import xml.etree.ElementTree as ET

passed = failed = 0
files = glob.glob(f"{sys.argv[1]}/**/*.trx", recursive=True)
for trx in files:
    for counters in ET.parse(trx).getroot().iter():
        if counters.tag.endswith("Counters"):
            passed += int(counters.get("passed", "0"))
            failed += int(counters.get("failed", "0")) + int(counters.get("error", "0")) + int(counters.get("timeout", "0")) + int(counters.get("aborted", "0"))
if not files:
    failed += 1
print(f"{passed} passed, {failed} failed")
