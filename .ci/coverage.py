"""Line coverage across every Cobertura report under a folder (a line counts as covered if any test run hit it).

Usage: coverage.py FOLDER MINIMUM [WHAT], WHAT naming what the reports measure (default: src/RefitStj)."""
import glob
import sys
import xml.etree.ElementTree as ET

folder, minimum = sys.argv[1], float(sys.argv[2])
what = sys.argv[3] if len(sys.argv) > 3 else "src/RefitStj"
lines = {}
for report in glob.glob(f"{folder}/**/coverage.cobertura.xml", recursive=True):
    for cls in ET.parse(report).getroot().iter("class"):
        name = cls.get("filename")
        for line in cls.iter("line"):
            key = (name, line.get("number"))
            lines[key] = lines.get(key, False) or int(line.get("hits", "0")) > 0

if not lines:
    print("coverage: no Cobertura report found")
    sys.exit(1)

rate = 100.0 * sum(lines.values()) / len(lines)
print(f"coverage: {rate:.1f}% of {len(lines)} lines in {what} (minimum {minimum:.0f}%)")
sys.exit(0 if rate >= minimum else 1)
