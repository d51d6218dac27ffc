#!/usr/bin/env python3
"""Summarise the x509_compare criterion results: a Markdown table and an SVG bar chart.

    python3 report.py [CHART.svg] [--criterion DIR] [--markdown OUT.md]

Reads DIR/<group>/<function>/new/{estimates,benchmark}.json (DIR defaults to
target/criterion next to this script), prints a Markdown table of mean times per group and
library, with the ratio of each library's time to synta_0_5_1's (and to synta's, when that
function is present), and writes a horizontal bar chart of the mean time per certificate
(log scale) to CHART.svg when given. Python standard library only.
"""

import argparse
import json
import math
import os
import sys
from xml.sax.saxutils import escape

REFERENCE = "synta_0_5_1"
OURS = "synta"
# Column order; functions not listed here follow in name order.
ORDER = [OURS, REFERENCE, "x509_parser", "x509_cert", "openssl"]
COLORS = {
    OURS: "#1b9e77",
    REFERENCE: "#7570b3",
    "x509_parser": "#d95f02",
    "x509_cert": "#e7298a",
    "openssl": "#66a61e",
}
EXTRA_COLORS = ["#e6ab02", "#a6761d", "#666666", "#1f78b4"]


def load(criterion_dir):
    """{group: {function: {"mean": ns, "lo": ns, "hi": ns, "elements": n or None}}}"""
    results = {}
    if not os.path.isdir(criterion_dir):
        return results
    for group_dir in sorted(os.listdir(criterion_dir)):
        gpath = os.path.join(criterion_dir, group_dir)
        if not os.path.isdir(gpath) or group_dir == "report":
            continue
        for func_dir in sorted(os.listdir(gpath)):
            new = os.path.join(gpath, func_dir, "new")
            est_path = os.path.join(new, "estimates.json")
            if not os.path.isfile(est_path):
                continue
            with open(est_path) as f:
                est = json.load(f)
            group, func, elements = group_dir, func_dir, None
            bench_path = os.path.join(new, "benchmark.json")
            if os.path.isfile(bench_path):
                with open(bench_path) as f:
                    bench = json.load(f)
                group = bench.get("group_id") or group
                func = bench.get("function_id") or func
                elements = (bench.get("throughput") or {}).get("Elements")
            mean = est["mean"]
            results.setdefault(group, {})[func] = {
                "mean": mean["point_estimate"],
                "lo": mean["confidence_interval"]["lower_bound"],
                "hi": mean["confidence_interval"]["upper_bound"],
                "elements": elements,
            }
    return results


def functions(results):
    seen = {f for funcs in results.values() for f in funcs}
    return [f for f in ORDER if f in seen] + sorted(seen - set(ORDER))


def group_key(group):
    # parse_* before fields_*, then by dataset.
    profile, _, dataset = group.partition("_")
    return ({"parse": 0, "fields": 1}.get(profile, 2), dataset, group)


def fmt_time(ns):
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if ns >= scale:
            return f"{ns / scale:.3g} {unit}"
    return f"{ns:.3g} ns"


def markdown(results):
    funcs = functions(results)
    groups = sorted(results, key=group_key)
    lines = []
    header = ["group", "certs"] + [f"{f} mean (per cert)" for f in funcs]
    lines.append("| " + " | ".join(header) + " |")
    lines.append("| " + " | ".join(["---"] * 2 + ["---:"] * len(funcs)) + " |")
    for g in groups:
        row = results[g]
        n = next((r["elements"] for r in row.values() if r["elements"]), None)
        cells = [g, str(n) if n else "?"]
        for f in funcs:
            r = row.get(f)
            if r is None:
                cells.append("—")
            elif n:
                cells.append(f"{fmt_time(r['mean'])} ({fmt_time(r['mean'] / n)})")
            else:
                cells.append(fmt_time(r["mean"]))
        lines.append("| " + " | ".join(cells) + " |")

    for base in (REFERENCE, OURS):
        if base not in funcs:
            continue
        others = [f for f in funcs if f != base]
        lines.append("")
        lines.append(f"Time relative to `{base}` (lower is faster; >1 means slower than {base}):")
        lines.append("")
        lines.append("| group | " + " | ".join(others) + " |")
        lines.append("| --- | " + " | ".join(["---:"] * len(others)) + " |")
        for g in groups:
            row = results[g]
            if base not in row:
                continue
            cells = [g]
            for f in others:
                r = row.get(f)
                cells.append("—" if r is None else f"{r['mean'] / row[base]['mean']:.2f}×")
            lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def svg_chart(results):
    """Horizontal grouped bars: mean time per certificate, log10 scale."""
    funcs = functions(results)
    groups = sorted(results, key=group_key)
    colors = dict(COLORS)
    extra = iter(EXTRA_COLORS * 4)
    for f in funcs:
        colors.setdefault(f, next(extra))

    def per_cert(r):
        return r["mean"] / (r["elements"] or 1)

    values = [per_cert(r) for g in groups for r in results[g].values()]
    lo_exp = math.floor(math.log10(min(values)))
    hi_exp = math.ceil(math.log10(max(values)))
    if hi_exp == lo_exp:
        hi_exp += 1

    bar_h, bar_gap, group_gap = 14, 3, 16
    left, right, top = 170, 90, 50
    plot_w = 560
    width = left + plot_w + right

    def x_of(ns):
        return left + plot_w * (math.log10(ns) - lo_exp) / (hi_exp - lo_exp)

    out = []
    y = top
    bars = []
    for g in groups:
        present = [f for f in funcs if f in results[g]]
        gh = len(present) * (bar_h + bar_gap) - bar_gap
        out.append(
            f'<text x="{left - 8}" y="{y + gh / 2 + 4:.1f}" text-anchor="end" '
            f'font-weight="bold">{escape(g)}</text>'
        )
        for f in present:
            v = per_cert(results[g][f])
            x1 = x_of(v)
            bars.append(
                f'<rect x="{left}" y="{y}" width="{max(x1 - left, 1):.1f}" height="{bar_h}" '
                f'fill="{colors[f]}"><title>{escape(g)} / {escape(f)}: '
                f"{escape(fmt_time(v))} per certificate</title></rect>"
                f'<text x="{x1 + 4:.1f}" y="{y + bar_h - 3}" font-size="11">'
                f"{escape(fmt_time(v))}</text>"
            )
            y += bar_h + bar_gap
        y += group_gap - bar_gap
    plot_bottom = y
    height = plot_bottom + 40 + 18 * ((len(funcs) + 3) // 4)

    grid = []
    for e in range(lo_exp, hi_exp + 1):
        for m in (1, 2, 5):
            ns = m * 10**e
            if e == hi_exp and m > 1:
                continue
            x = x_of(ns)
            major = m == 1
            grid.append(
                f'<line x1="{x:.1f}" y1="{top - 6}" x2="{x:.1f}" y2="{plot_bottom}" '
                f'stroke="{"#bbb" if major else "#e4e4e4"}" stroke-width="1"/>'
            )
            if major:
                grid.append(
                    f'<text x="{x:.1f}" y="{top - 10}" text-anchor="middle" font-size="11">'
                    f"{escape(fmt_time(ns))}</text>"
                )

    legend = []
    ly = plot_bottom + 24
    for i, f in enumerate(funcs):
        lx = left + (i % 4) * 150
        yy = ly + (i // 4) * 18
        legend.append(
            f'<rect x="{lx}" y="{yy - 10}" width="12" height="12" fill="{colors[f]}"/>'
            f'<text x="{lx + 16}" y="{yy}">{escape(f)}</text>'
        )

    title = "X.509 certificate parsing: mean time per certificate (log scale, lower is faster)"
    return "\n".join(
        [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
            f'<rect width="{width}" height="{height}" fill="white"/>',
            f'<text x="{width / 2}" y="20" text-anchor="middle" font-size="14">'
            f"{escape(title)}</text>",
            *grid,
            *out,
            *bars,
            *legend,
            "</svg>",
        ]
    )


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("svg", nargs="?", help="write an SVG bar chart here")
    ap.add_argument(
        "--criterion",
        default=os.path.join(here, "target", "criterion"),
        help="criterion output directory (default: %(default)s)",
    )
    ap.add_argument("--markdown", help="also write the Markdown table to this file")
    args = ap.parse_args()

    results = load(args.criterion)
    if not results:
        sys.exit(f"no criterion results under {args.criterion}; run `cargo bench` first")
    table = markdown(results)
    print(table)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(table + "\n")
    if args.svg:
        with open(args.svg, "w") as f:
            f.write(svg_chart(results) + "\n")
        print(f"\nchart written to {args.svg}", file=sys.stderr)


if __name__ == "__main__":
    main()
