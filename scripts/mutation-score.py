"""Per-file and total mutation score from Stryker's JSON report, with and without the listed equivalent mutants.

Score: killed + timeout over killed + timeout + survived + no coverage. Each row of the equivalents file's table
(| file | line | mutator | mutation | reason |) takes one undetected mutant of that file, line and mutator out of the
count; a row that matches nothing is reported, so the list cannot silently go stale.
"""
import json
import re
import sys
from collections import Counter

DETECTED = {"Killed", "Timeout"}
UNDETECTED = {"Survived", "NoCoverage"}


def short(path):
    return path.replace("\\", "/").split("src/RefitStj/", 1)[-1]


def equivalents(path):
    rows = Counter()
    with open(path, encoding="utf-8") as listing:
        for line in listing:
            cells = [cell.strip().strip("`") for cell in line.strip().strip("|").split("|")]
            if len(cells) >= 5 and re.fullmatch(r"\d+", cells[1]):
                rows[(cells[0], int(cells[1]), cells[2])] += 1
    return rows


def main(report_path, equivalents_path=None):
    with open(report_path, encoding="utf-8") as report:
        files = json.load(report)["files"]
    listed = equivalents(equivalents_path) if equivalents_path else Counter()
    unused = Counter(listed)

    rows = []
    for path, entry in sorted(files.items()):
        name = short(path)
        detected = undetected = excluded = 0
        for mutant in entry["mutants"]:
            status = mutant["status"]
            if status in DETECTED:
                detected += 1
            elif status in UNDETECTED:
                key = (name, mutant["location"]["start"]["line"], mutant["mutatorName"])
                if unused[key] > 0:
                    unused[key] -= 1
                    excluded += 1
                else:
                    undetected += 1
        if detected + undetected + excluded:
            rows.append((name, detected, undetected, excluded))

    def score(detected, undetected, excluded=0):
        total = detected + undetected + excluded
        return 100 * detected / total if total else 100.0

    print(f"{'file':<42} {'detected':>8} {'undetected':>10} {'equivalent':>10} {'raw':>7} {'score':>7}")
    for name, detected, undetected, excluded in rows:
        print(f"{name:<42} {detected:>8} {undetected:>10} {excluded:>10} "
              f"{score(detected, undetected, excluded):>6.1f}% {score(detected, undetected):>6.1f}%")
    totals = [sum(row[i] for row in rows) for i in (1, 2, 3)]
    print(f"{'total':<42} {totals[0]:>8} {totals[1]:>10} {totals[2]:>10} "
          f"{score(*totals):>6.1f}% {score(totals[0], totals[1]):>6.1f}%")
    print("raw: Stryker's score; score: with the listed equivalent mutants left out.")
    tested = {row[0] for row in rows}
    for (name, line, mutator), count in sorted(unused.items()):
        if count > 0 and name in tested:
            print(f"listed as equivalent but not undetected in this run: {name}:{line} {mutator}")


if __name__ == "__main__":
    main(*sys.argv[1:3])
