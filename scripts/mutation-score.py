"""Prints the per-file and total mutation score from Stryker's JSON report (killed + timeout over valid mutants)."""
import json
import sys

DETECTED = {"Killed", "Timeout"}
UNDETECTED = {"Survived", "NoCoverage"}

with open(sys.argv[1], encoding="utf-8") as report:
    files = json.load(report)["files"]

rows = []
for path, entry in sorted(files.items()):
    statuses = [mutant["status"] for mutant in entry["mutants"]]
    detected = sum(status in DETECTED for status in statuses)
    undetected = sum(status in UNDETECTED for status in statuses)
    if detected + undetected:
        rows.append((path.split("src/RefitStj/", 1)[-1], detected, undetected))

print(f"{'file':<45} {'killed+timeout':>14} {'survived+nocov':>14} {'score':>7}")
for name, detected, undetected in rows:
    print(f"{name:<45} {detected:>14} {undetected:>14} {100 * detected / (detected + undetected):>6.1f}%")
detected = sum(row[1] for row in rows)
undetected = sum(row[2] for row in rows)
if detected + undetected:
    print(f"{'total':<45} {detected:>14} {undetected:>14} {100 * detected / (detected + undetected):>6.1f}%")
