"""Turns a BenchmarkDotNet run's CSV reports into README tables and an SVG chart of the ratios.

    python3 tests/RefitStj.Benchmarks/report.py BenchmarkDotNet.Artifacts/results docs/benchmarks.svg > tables.md

Tables: one per level, a row per payload, Ratio (time) and Alloc Ratio of each row against the baseline (Refit's
built-in path). Chart: the same time ratios as bars, the baseline at 1.0.
"""
import csv
import glob
import os
import re
import sys
from html import escape

PAYLOADS = ["LoginViewModel", "Location", "Organization", "IndexViewModel", "CollectionsOfPrimitives",
            "MyEventsListerViewModel", "List_Repository"]
PAYLOAD_NAMES = {"List_Repository": "List<Repository>"}
LEVELS = [
    ("ReadBufferedBenchmarks", "Read: buffered content → T (as Refit 11.2+ hands it over)", "Read buffered"),
    ("ReadStreamBenchmarks", "Read: unbuffered stream → T", "Read unbuffered"),
    ("WriteCopyToBenchmarks", "Write: ToHttpContent + CopyToAsync (bytes on the wire)", "Write + CopyTo"),
    ("WriteLoadIntoBufferBenchmarks", "Write: ToHttpContent + LoadIntoBufferAsync (Refit's Buffered mode)", "Write + LoadIntoBuffer"),
    ("GetRoundTripBenchmarks", "Round trip over HttpClient: GET", "GET round trip"),
    ("PostRoundTripBenchmarks", "Round trip over HttpClient: POST", "POST round trip"),
    ("StreamingBenchmarks", "Streaming IAsyncEnumerable<T>", "Streaming"),
]
ROWS = ["RefitBuiltIn", "RefitStj", "RefitStjSourceGen", "Newtonsoft", "Floor"]
COLORS = {"RefitStj": "#2b6cb0", "RefitStjSourceGen": "#38a169", "Newtonsoft": "#c05621", "Floor": "#718096"}


def ratio(value):
    value = (value or "").strip()
    return None if value in ("", "?", "NA", "-") else float(value.replace(",", ""))


def load(folder):
    results = {}
    for path in glob.glob(os.path.join(folder, "*-report.csv")):
        name = os.path.basename(path).replace("RefitStj.Benchmarks.Benchmarks.", "").replace("-report.csv", "")
        match = re.match(r"([A-Za-z]+Benchmarks)(?:_(.+))?$", name)
        level, payload = match.group(1), (match.group(2) or "").rstrip("_")
        with open(path, newline="", encoding="utf-8") as handle:
            for row in csv.DictReader(handle):
                key = payload
                if level == "StreamingBenchmarks":
                    key = f"{row['Items']} items, {row['Format']}"
                elif level == "PostRoundTripBenchmarks":
                    key = "Location body"
                results.setdefault(level, {}).setdefault(key, {})[row["Method"]] = (
                    ratio(row.get("Ratio")), ratio(row.get("Alloc Ratio")), row.get("Mean", "").strip(), row.get("Allocated", "").strip())
    return results


def keys_of(level, found):
    ordered = [p for p in PAYLOADS if p in found] if level not in ("StreamingBenchmarks", "PostRoundTripBenchmarks") else sorted(found)
    return ordered


def tables(results):
    out = []
    for level, title, _ in LEVELS:
        found = results.get(level)
        if not found:
            continue
        rows = [r for r in ROWS if any(r in found[k] for k in found)]
        out.append(f"**{title}**: Ratio (time) / Alloc Ratio against Refit's built-in path (1.00)\n")
        out.append("| Payload | Built-in mean | " + " | ".join(r for r in rows if r != "RefitBuiltIn") + " |")
        out.append("|---|---:|" + "---:|" * (len(rows) - 1))
        for key in keys_of(level, found):
            cells = []
            for r in rows:
                if r == "RefitBuiltIn":
                    continue
                value = found[key].get(r)
                cells.append("" if value is None or value[0] is None else f"{value[0]:.2f} / {value[1]:.2f}" if value[1] is not None else f"{value[0]:.2f}")
            baseline = found[key].get("RefitBuiltIn", (None, None, "", ""))
            out.append(f"| {PAYLOAD_NAMES.get(key, key)} | {baseline[2]} | " + " | ".join(cells) + " |")
        out.append("")
    return "\n".join(out)


def chart(results, path):
    groups = []
    for level, _, short in LEVELS:
        for key in keys_of(level, results.get(level, {})):
            bars = [(r, results[level][key][r][0]) for r in ROWS[1:] if r in results[level][key] and results[level][key][r][0] is not None]
            groups.append((f"{short}: {PAYLOAD_NAMES.get(key, key)}", bars))
    bar_height, gap, label_width, width = 9, 10, 330, 820
    scale_max = max([2.0] + [min(v, 4.0) for _, bars in groups for _, v in bars])
    plot = width - label_width - 60
    height = 60 + sum(len(bars) * bar_height + gap for _, bars in groups)
    x = lambda v: label_width + plot * min(v, scale_max) / scale_max
    svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="11">',
           '<rect width="100%" height="100%" fill="white"/>',
           '<text x="10" y="18" font-size="13" font-weight="bold">RefitStj vs Refit\'s built-in serializer: time ratio (lower is faster; built-in = 1.0)</text>']
    legend_x = 10
    for name, color in COLORS.items():
        svg.append(f'<rect x="{legend_x}" y="28" width="10" height="10" fill="{color}"/><text x="{legend_x + 14}" y="37">{name}</text>')
        legend_x += 150
    y = 50
    for label, bars in groups:
        svg.append(f'<text x="10" y="{y + len(bars) * bar_height / 2 + 4}">{escape(label)}</text>')
        for name, value in bars:
            svg.append(f'<rect x="{label_width}" y="{y}" width="{x(value) - label_width:.1f}" height="{bar_height - 1}" fill="{COLORS[name]}"/>')
            svg.append(f'<text x="{x(value) + 3:.1f}" y="{y + bar_height - 1}" font-size="8">{value:.2f}{"+" if value > scale_max else ""}</text>')
            y += bar_height
        y += gap
    svg.append(f'<line x1="{x(1.0):.1f}" y1="45" x2="{x(1.0):.1f}" y2="{height - 5}" stroke="black" stroke-dasharray="4,3"/>')
    svg.append("</svg>")
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("\n".join(svg) + "\n")


if __name__ == "__main__":
    data = load(sys.argv[1])
    if not data:
        sys.exit(f"no BenchmarkDotNet CSV reports in {sys.argv[1]}")
    if len(sys.argv) > 2:
        chart(data, sys.argv[2])
    print(tables(data))
