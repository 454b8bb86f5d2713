# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Turns run.sh's results into the table of docs/benchmarks.md."""
import math
import sys

rows = {}
for line in open(sys.argv[1]):
    variant, name, size, ms, launches, issued, peak, no_room, verdict = (
        line.split())
    rows.setdefault((name, int(size)), {})[variant] = (
        float(ms), int(launches), int(issued), int(peak), verdict,
        int(no_room))

def table(rows, title):
    print(f"\n{title}\n")
    print("| program | size | native ms | lowered | warp | block | grid "
          "| launches | issued (warp / block / grid) "
          "| buffer peak (warp / block / grid) | outputs |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    largest = {}
    for (name, size), v in sorted(rows.items()):
        native = v["native"][0]
        ratio = {k: native / v[k][0]
                 for k in ("lowered", "warp", "block", "grid")}
        none = (0, "-", "-", "-", "ok", 0)
        ws, bs, gs = (v.get(k, none)
                      for k in ("warp.stats", "block.stats", "grid.stats"))
        ok = all(x[4] == "ok" for x in v.values())
        print(f"| {name} | {size} | {native:.3f} | {ratio['lowered']:.2f} | "
              f"{ratio['warp']:.2f} | {ratio['block']:.2f} | "
              f"{ratio['grid']:.2f} | {ws[1]} | {ws[2]} / {bs[2]} / {gs[2]} | "
              f"{ws[3]} / {bs[3]} / {gs[3]} | "
              f"{'identical' if ok else 'WRONG'} |")
        if size >= largest.get(name, (0, None))[0]:
            largest[name] = (size, ratio)
    print()
    for k in ("lowered", "warp", "block", "grid"):
        g = math.exp(sum(math.log(r[k]) for _, r in largest.values())
                     / len(largest))
        print(f"geometric mean at the largest size, {k}: {g:.2f}x")
    best = math.exp(sum(math.log(max(r[k] for k in ("warp", "block", "grid")))
                        for _, r in largest.values()) / len(largest))
    print(f"geometric mean at the largest size, best granularity: {best:.2f}x")


table({k: v for k, v in rows.items() if not k[0].endswith("_default")},
      "Children in cudaStreamFireAndForget")
table({k: v for k, v in rows.items() if k[0].endswith("_default")},
      "Children in the default stream (--aggregate-unordered=all)")
