"""Turns a BenchmarkDotNet run's CSV reports into README tables and an SVG chart of the ratios.

    python3 tests/RefitStj.Benchmarks/report.py BenchmarkDotNet.Artifacts/results docs/benchmarks.svg > tables.md

Given several results folders, a later folder's reports replace an earlier folder's for the same benchmark class (a
class re-run after a change), and the process spread is reported per folder.

A run built with -p:RefitVersion=x.y.z writes its reports to BenchmarkDotNet.Artifacts/refit-x.y.z/results (give
that folder instead): there the baseline is Refit's own serializer class, the level tables gain the RefitBuiltInByHand
and RefitFastPath columns, and a table of the round trips through a real Refit client is added.

Tables: one per level, a row per payload, Ratio (time) and Alloc Ratio of each row against the baseline (Refit's
built-in path); then the overhead breakdowns, against the floor; last, from the run's log beside the results folder,
how far apart the processes of one benchmark were; a figure whose benchmark's processes were more than 10% apart is
marked †. Chart: the levels' time ratios as bars, the baseline at 1.0.
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
    # Real-Refit build only: RefitClientGetBenchmarks<T> and RefitClientPostBenchmarks, as one table (see load).
    ("RefitClientBenchmarks", "Round trip through a real Refit client (RestService.For)", "Refit client"),
]
# Columns in this order when present; RefitBuiltInByHand and RefitFastPath exist only in a real-Refit run.
ROWS = ["RefitBuiltIn", "RefitBuiltInByHand", "RefitFastPath", "RefitStj", "RefitStjSourceGen", "Newtonsoft", "Floor"]
COLORS = {"RefitBuiltInByHand": "#d69e2e", "RefitFastPath": "#805ad5",
          "RefitStj": "#2b6cb0", "RefitStjSourceGen": "#38a169", "Newtonsoft": "#c05621", "Floor": "#718096"}
REFIT_CLIENT_KEYS = ["GET Organization", "GET List<Repository>", "POST Location body"]
# Overhead breakdowns: ratios against their own baseline, the floor; ContentOnly is a part, not an alternative.
OVERHEADS = [
    ("ReadOverheadBenchmarks", "Where a small buffered read's time goes",
     ["Floor", "ContentOnly", "ContentPlusFloor", "StreamCopyPlusFloor", "StreamInPlacePlusFloor", "CopyToPlusFloor", "RefitStj"]),
    ("WriteOverheadBenchmarks", "Where a write's time goes",
     ["Floor", "FloorSourceGen", "ContentOnly", "ContentOnlyBuffered", "FloorPlusContentOnly", "FloorPlusContentOnlyBuffered",
      "RefitStj", "RefitStjSourceGen"]),
]
# A benchmark whose slowest process's mean is this far over its fastest's gets its cells marked.
NOISY, MARK = 1.10, "†"
TIME_UNITS = {"ns": 1.0, "μs": 1e3, "µs": 1e3, "us": 1e3, "ms": 1e6, "s": 1e9}


def ratio(value):
    value = (value or "").strip()
    return None if value in ("", "?", "NA", "-") else float(value.replace(",", ""))


def nanoseconds(value):
    """'1,007.0 ns' or '3.284 μs' (BenchmarkDotNet's Mean) in nanoseconds; None if absent."""
    match = re.match(r"^\s*([\d,.]+)\s*(\S+)\s*$", value or "")
    if not match or match.group(2) not in TIME_UNITS:
        return None
    return float(match.group(1).replace(",", "")) * TIME_UNITS[match.group(2)]


def load(folder, spreads):
    """The folder's CSV reports by level, payload and row: (Ratio, Alloc Ratio, Mean, Allocated, process spread), the
    spread looked up in this run's own spreads, so a figure is marked by the log of the run that measured it."""
    results = {}
    for path in glob.glob(os.path.join(folder, "*-report.csv")):
        name = os.path.basename(path).replace("RefitStj.Benchmarks.Benchmarks.", "").replace("-report.csv", "")
        match = re.match(r"([A-Za-z]+Benchmarks)(?:_(.+))?$", name)
        level, payload = match.group(1), (match.group(2) or "").rstrip("_")
        # The class as the run's log names it, e.g. ReadBufferedBenchmarks<List<Repository>>.
        logged = f"{level}<{PAYLOAD_NAMES.get(payload, payload)}>" if payload else level
        if level == "RefitClientGetBenchmarks":
            level, payload = "RefitClientBenchmarks", f"GET {PAYLOAD_NAMES.get(payload, payload)}"
        elif level == "RefitClientPostBenchmarks":
            level, payload = "RefitClientBenchmarks", "POST Location body"
        with open(path, newline="", encoding="utf-8") as handle:
            for row in csv.DictReader(handle):
                key = payload
                if level == "StreamingBenchmarks":
                    key = f"{row['Items']} items, {row['Format']}"
                elif level == "PostRoundTripBenchmarks":
                    key = "Location body"
                parameters = f" [Items={row['Items']}, Format={row['Format']}]" if level == "StreamingBenchmarks" else ""
                results.setdefault(level, {}).setdefault(key, {})[row["Method"]] = (
                    ratio(row.get("Ratio")), ratio(row.get("Alloc Ratio")), row.get("Mean", "").strip(), row.get("Allocated", "").strip(),
                    spreads.get(f"{logged}.{row['Method']}{parameters}"))
    return results


def keys_of(level, found):
    if level == "RefitClientBenchmarks":
        return [k for k in REFIT_CLIENT_KEYS if k in found]
    ordered = [p for p in PAYLOADS if p in found] if level not in ("StreamingBenchmarks", "PostRoundTripBenchmarks") else sorted(found)
    return ordered


def marked(value):
    """MARK when the row's benchmark had processes more than NOISY apart in its run's log."""
    return MARK if value is not None and (value[4] or 1.0) > NOISY else ""


def tables(results):
    out = []
    if "RefitClientBenchmarks" in results or any("RefitBuiltInByHand" in rows for level in results.values() for rows in level.values()):
        out.append("Built against the real Refit package: RefitBuiltIn (the baseline) is Refit's own SystemTextJsonContentSerializer"
                   " with GetDefaultJsonSerializerOptions(); RefitBuiltInByHand is the default build's baseline (the same"
                   " System.Net.Http.Json calls by hand); RefitFastPath is Refit's class over GetFastPathJsonSerializerOptions()"
                   " with the source-generated context.\n")
    for level, title, _ in LEVELS:
        found = results.get(level)
        if not found:
            continue
        rows = [r for r in ROWS if any(r in found[k] for k in found)]
        # The floor targets are on RefitStj's time over the floor's, from the means (the ratios are rounded).
        floor_column = "Floor" in rows and "RefitStj" in rows
        out.append(f"**{title}**: Ratio (time) / Alloc Ratio against Refit's built-in path (1.00)"
                   + ("; last column: RefitStj's time over the floor's" if floor_column else "") + "\n")
        out.append("| Payload | Built-in mean | " + " | ".join(r for r in rows if r != "RefitBuiltIn")
                   + (" | RefitStj / Floor" if floor_column else "") + " |")
        out.append("|---|---:|" + "---:|" * (len(rows) - 1 + floor_column))
        for key in keys_of(level, found):
            cells = []
            for r in rows:
                if r == "RefitBuiltIn":
                    continue
                value = found[key].get(r)
                text = "" if value is None or value[0] is None else f"{value[0]:.2f} / {value[1]:.2f}" if value[1] is not None else f"{value[0]:.2f}"
                cells.append(text + marked(value) if text else text)
            if floor_column:
                cells.append(quotient({r: nanoseconds(found[key][r][2]) for r in found[key]}, ["RefitStj"], ["Floor"],
                                      {r for r, value in found[key].items() if marked(value)}))
            baseline = found[key].get("RefitBuiltIn")
            mean = baseline[2] + marked(baseline) if baseline else ""
            out.append(f"| {PAYLOAD_NAMES.get(key, key)} | {mean} | " + " | ".join(cells) + " |")
        out.append("")
    out.extend(overhead_tables(results))
    if any(MARK in line for line in out):
        out.append(f"{MARK} The processes of this benchmark (of one of them, for a quotient) differed by more than"
                   f" {round((NOISY - 1) * 100)}% in the run's log (slowest process's mean over the fastest's): a noisy figure.\n")
    return "\n".join(out)


def overhead_tables(results):
    """Each overhead row as 'mean, allocated (ratio to the floor)'; for writes, a second table of the bounds the floors
    and the content's fixed cost set, next to what RefitStj reaches (the Newtonsoft means come from the level tables)."""
    out = []
    for level, title, rows in OVERHEADS:
        found = results.get(level)
        if not found:
            continue
        rows = [r for r in rows if any(r in found[k] for k in found)]
        out.append(f"**{title}** (`{level}`): mean, allocated per call (Ratio against the floor)\n")
        out.append("| Payload | " + " | ".join(rows) + " |")
        out.append("|---|" + "---:|" * len(rows))
        for key in keys_of(level, found):
            cells = []
            for r in rows:
                value = found[key].get(r)
                if value is None:
                    cells.append("")
                    continue
                ratio_text = "" if r.startswith("ContentOnly") or value[0] is None else f" ({value[0]:.2f})"
                cells.append(f"{value[2]}, {value[3]}{ratio_text}{marked(value)}")
            out.append(f"| {PAYLOAD_NAMES.get(key, key)} | " + " | ".join(cells) + " |")
        out.append("")
        if level == "WriteOverheadBenchmarks":
            out.extend(write_bounds(results, found))
    return out


def write_bounds(results, found):
    """Time quotients: the least a serializer with the same fixed costs could reach, then what RefitStj reached. Each
    term names its class: the overhead class, or a write level (so both sides of "RefitStj / Newtonsoft" share one)."""
    over, copy, buffered = "WriteOverheadBenchmarks", "WriteCopyToBenchmarks", "WriteLoadIntoBufferBenchmarks"

    def least(content):
        """The floor plus a content's cost: the row that measures both as one operation where the run has it, else the
        sum of the two rows (which leaves out what each costs the other, so it understates the bound)."""
        one_call = "FloorPlus" + content
        if any(one_call in rows for rows in found.values()):
            return one_call, [(over, one_call)]
        return f"(Floor + {content})", [(over, "Floor"), (over, content)]

    (copy_name, copy_terms), (buffered_name, buffered_terms) = least("ContentOnly"), least("ContentOnlyBuffered")
    columns = [
        ("(FloorSourceGen + ContentOnly) / (Floor + ContentOnly)",
         [(over, "FloorSourceGen"), (over, "ContentOnly")], [(over, "Floor"), (over, "ContentOnly")]),
        ("RefitStjSourceGen / RefitStj", [(over, "RefitStjSourceGen")], [(over, "RefitStj")]),
        (f"{copy_name} / built-in, CopyTo", copy_terms, [(copy, "RefitBuiltIn")]),
        (f"{copy_name} / Newtonsoft, CopyTo", copy_terms, [(copy, "Newtonsoft")]),
        ("RefitStj / Newtonsoft, CopyTo", [(copy, "RefitStj")], [(copy, "Newtonsoft")]),
        (f"{buffered_name} / Newtonsoft, LoadIntoBuffer", buffered_terms, [(buffered, "Newtonsoft")]),
        ("RefitStj / Newtonsoft, LoadIntoBuffer", [(buffered, "RefitStj")], [(buffered, "Newtonsoft")]),
    ]
    out = ["**Write bounds**: time quotients; each bound is the least a serializer paying the same fixed costs could reach\n",
           "| Payload | " + " | ".join(c[0] for c in columns) + " |", "|---|" + "---:|" * len(columns)]
    for key in keys_of(over, found):
        rows = {(level, row): value for level in (over, copy, buffered) for row, value in results.get(level, {}).get(key, {}).items()}
        mean = {term: nanoseconds(value[2]) for term, value in rows.items()}
        noisy = {term for term, value in rows.items() if marked(value)}
        cells = [quotient(mean, numerator, denominator, noisy) for _, numerator, denominator in columns]
        out.append(f"| {PAYLOAD_NAMES.get(key, key)} | " + " | ".join(cells) + " |")
    out.append("")
    return out


def quotient(mean, numerator, denominator, noisy=frozenset()):
    if any(mean.get(r) is None for r in numerator + denominator):
        return ""
    mark = MARK if any(r in noisy for r in numerator + denominator) else ""
    return f"{sum(mean[r] for r in numerator) / sum(mean[r] for r in denominator):.2f}{mark}"


def process_spreads(folder):
    """The newest run log next to the results folder and, per benchmark in it, the slowest process's mean over
    the fastest's (the CSV reports hold only the mean over all processes); (None, {}) without a log."""
    # BenchmarkDotNet names the log BenchmarkRun-<stamp>.log, or after the class when the run has only one.
    stamped = [(match.group(1), path) for path in glob.glob(os.path.join(os.path.dirname(os.path.abspath(folder)), "*.log"))
               if (match := re.search(r"-(\d{8}-\d{6})\.log$", path))]
    if not stamped:
        return None, {}
    log = max(stamped)[1]
    means, benchmark, launch = {}, None, 0
    with open(log, encoding="utf-8", errors="replace") as handle:
        for line in handle:
            # Parameterized benchmarks share a name; their parameters, in brackets at the end, tell them apart.
            if match := re.match(r"^// Benchmark: (\S+): .*?(\[.*\])?$", line):
                benchmark, launch = " ".join(filter(None, match.groups())), 0
            elif match := re.match(r"^// Launch: (\d+) / \d+", line):
                launch = int(match.group(1))
            elif benchmark and (match := re.match(r"^WorkloadActual\s+\d+: (\d+) op, ([\d.]+) ns", line)):
                means.setdefault(benchmark, {}).setdefault(launch, []).append(float(match.group(2)) / int(match.group(1)))
    return log, {name: max(m) / min(m) for name, launches in means.items()
                      if len(m := [sum(v) / len(v) for v in launches.values()]) > 1}


def process_spread(log, spreads):
    """A sentence on how far apart the processes of one benchmark were, or nothing without a multi-process log."""
    if not spreads:
        return ""
    ordered = sorted((spread, name) for name, spread in spreads.items())
    median, p90, (largest, worst) = ordered[len(ordered) // 2][0], ordered[int(len(ordered) * 0.9)][0], ordered[-1]
    return (f"**Process spread** ({os.path.basename(log)}): over {len(ordered)} benchmarks, the slowest process's mean"
            f" over the fastest's was {median:.2f} at the median, {p90:.2f} at the 90th percentile and {largest:.2f} at most"
            f" ({worst}).\n")


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
    # Only the rows the run has (a real-Refit run has two more), spaced to fit the width.
    shown = [name for name in COLORS if any(name == bar for _, bars in groups for bar, _ in bars)]
    legend_x, legend_step = 10, min(150, (width - 20) // max(len(shown), 1))
    for name in shown:
        svg.append(f'<rect x="{legend_x}" y="28" width="10" height="10" fill="{COLORS[name]}"/><text x="{legend_x + 14}" y="37">{name}</text>')
        legend_x += legend_step
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


def merge(folders, runs):
    """Several runs' results, a later folder's benchmark class (one CSV report) replacing an earlier folder's: a class
    re-run after a change stands in for its old figures, and the classes a change did not touch keep theirs."""
    merged = {}
    for folder, (_, spreads) in zip(folders, runs):
        found = load(folder, spreads)
        if not found:
            sys.exit(f"no BenchmarkDotNet CSV reports in {folder}")
        for level, keys in found.items():
            merged.setdefault(level, {}).update(keys)
    return merged


if __name__ == "__main__":
    folders = [a for a in sys.argv[1:] if not a.endswith(".svg")]
    charts = [a for a in sys.argv[1:] if a.endswith(".svg")]
    if not folders:
        sys.exit("usage: report.py RESULTS_FOLDER [RESULTS_FOLDER ...] [CHART.svg]")
    runs = [process_spreads(folder) for folder in folders]
    data = merge(folders, runs)
    for path in charts:
        chart(data, path)
    print(tables(data))
    for log, spreads in runs:
        print(process_spread(log, spreads))
