# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Turns run.sh's results into the table of docs/benchmarks.md."""
import math
import sys

rows = {}
for line in open(sys.argv[1]):
    variant, name, size, ms, launches, issued, peak, no_room, verdict = (
        line.split())
    if verdict != "ok" and (variant.startswith("flat") or variant == "byhand"):
        print(f"{variant} {name} {size}: WRONG", file=sys.stderr)
    rows.setdefault((name, int(size)), {})[variant] = (
        float(ms), int(launches), int(issued), int(peak), verdict,
        int(no_room))

def geomean(values):
    values = list(values)
    return math.exp(sum(math.log(v) for v in values) / len(values))


def table(rows, title):
    print(f"\n{title}\n")
    print("| program | size | native ms | lowered | warp | block | grid "
          "| launches | issued (warp / block / grid) "
          "| buffer peak (warp / block / grid) | outputs |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    largest = {}
    for (name, size), v in sorted(rows.items()):
        if not all(k in v for k in ("native", "lowered", "warp", "block",
                                    "grid")):
            print(f"{name} {size}: a variant did not run", file=sys.stderr)
            continue
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
    if not largest:
        return
    print()
    for k in ("lowered", "warp", "block", "grid"):
        g = geomean(r[k] for _, r in largest.values())
        print(f"geometric mean at the largest size, {k}: {g:.2f}x")
    best = geomean(max(r[k] for k in ("warp", "block", "grid"))
                   for _, r in largest.values())
    print(f"geometric mean at the largest size, best granularity: {best:.2f}x")


table({k: v for k, v in rows.items() if not k[0].endswith("_default")},
      "Children in cudaStreamFireAndForget")
table({k: v for k, v in rows.items() if k[0].endswith("_default")},
      "Children in the default stream (--aggregate-unordered=all)")


# The transforms beyond aggregation, alone and combined (lower.sh).
TRANSFORMS = ("thresh", "thresh.inturn", "threshblock", "coarse",
              "threshcoarse", "optimize")
# Not a choice of the command line: the threshold's serial runs with the
# schedule before packing (-DCDP_SERIAL_IN_TURN), for comparison.
NOT_CHOSEN = ("thresh.inturn", "optimize")


def against_flat(rows, title):
    """Speeds against the best flat program of the same size: above 1, the
    CDP variant is faster. The flat programs do not depend on the
    children's stream: the default-stream rows take the others' flat
    times."""
    print(f"\n{title}\n")
    print("| program | size | best flat ms | flat 1 (thread/item) "
          "| flat 2 (warp/item) | native CDP | lowered | best aggregation "
          "| threshold | threshold, in turn | threshold + block | coarsen "
          "| threshold + coarsen "
          "| --optimize "
          "| best aggregation / native |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
          "---:|---:|")
    largest = {}
    for (name, size), v in sorted(rows.items()):
        flat = rows_all.get((name.removesuffix("_default"), size), {})
        if "flat1" not in flat or "native" not in v or not any(
                k in v for k in ("warp", "block", "grid")):
            continue
        times = {k: flat[k][0] for k in ("flat1", "flat2") if k in flat}
        best_flat = min(times.values())
        aggs = {k: v[k][0] for k in ("warp", "block", "grid") if k in v}
        best_agg = min(aggs, key=aggs.get)
        speed = lambda ms: best_flat / ms
        cells = [f"{speed(times[k]):.2f}" if k in times else "-"
                 for k in ("flat1", "flat2")]
        print(f"| {name} | {size} | {best_flat:.3f} | {cells[0]} | {cells[1]} | "
              f"{speed(v['native'][0]):.3f} | {speed(v['lowered'][0]):.3f} | "
              f"{speed(aggs[best_agg]):.2f} ({best_agg}) | "
              + " | ".join(f"{speed(v[k][0]):.2f}" if k in v else "-"
                           for k in TRANSFORMS) +
              f" | {v['native'][0] / aggs[best_agg]:.1f}x |")
        # The best manual combination: every variant but --optimize's.
        best_any = min([aggs[best_agg]] +
                       [v[k][0] for k in TRANSFORMS
                        if k in v and k not in NOT_CHOSEN])
        opt = v["optimize"][0] if "optimize" in v else None
        if size >= largest.get(name, (0, None))[0]:
            largest[name] = (size, speed(aggs[best_agg]),
                             v['native'][0] / aggs[best_agg],
                             speed(best_any), v['native'][0] / best_any,
                             opt and speed(opt), opt and v['native'][0] / opt,
                             opt and best_any / opt)
    if largest:
        g = geomean(r[1] for r in largest.values())
        n = geomean(r[2] for r in largest.values())
        wins = sum(r[1] >= 1 for r in largest.values())
        print(f"\nat the largest size, best aggregation against the best flat "
              f"program: geometric mean {g:.2f}x, at least as fast on {wins} "
              f"of {len(largest)}; against native CDP: {n:.1f}x")
        g = geomean(r[3] for r in largest.values())
        n = geomean(r[4] for r in largest.values())
        wins = sum(r[3] >= 1 for r in largest.values())
        print(f"at the largest size, best of aggregation, thresholding and "
              f"coarsening "
              f"against the best flat program: geometric mean {g:.2f}x, at "
              f"least as fast on {wins} of {len(largest)}; against native "
              f"CDP: {n:.1f}x")
        chosen = [r for r in largest.values() if r[5]]
        if chosen:
            g = geomean(r[5] for r in chosen)
            n = geomean(r[6] for r in chosen)
            wins = sum(r[5] >= 1 for r in chosen)
            near = sum(r[7] >= 1 / 1.1 for r in chosen)
            print(f"at the largest size, --optimize against the best flat "
                  f"program: geometric mean {g:.2f}x, at least as fast on "
                  f"{wins} of {len(chosen)}; against native CDP: {n:.1f}x; "
                  f"within 10% of the best manual combination on {near} of "
                  f"{len(chosen)} (worst {min(r[7] for r in chosen):.2f}x)")


rows_all = rows
against_flat({k: v for k, v in rows.items() if not k[0].endswith("_default")},
             "Against the flat programs, children in cudaStreamFireAndForget")
against_flat({k: v for k, v in rows.items() if k[0].endswith("_default")},
             "Against the flat programs, children in the default stream")


def filled(rows, title):
    """At sizes that fill the GPU (filled.sh), where native CDP does not
    finish: each transform's speed against the best flat program of the
    same size, above 1 faster. The children's work by hand (byhand,
    bench.cuh) is the most a transform of the children could give."""
    print(f"\n{title}\n")
    variants = ("thresh", "optimize", "byhand")
    print("| program | size | flat 1 ms | flat 2 ms | "
          + " | ".join(f"{k} ms" for k in variants) + " | "
          + " | ".join(f"{k} / best flat" for k in variants) + " |")
    print("|---|---:|---:|---:|" + "---:|" * (2 * len(variants)))
    largest = {}
    for (name, size), v in sorted(rows.items()):
        flat = rows_all.get((name.removesuffix("_default"), size), {})
        if "native" in v or not all(k in flat for k in ("flat1", "flat2")):
            continue
        if "byhand" in flat:
            v = dict(v, byhand=flat["byhand"])
        if not any(k in v for k in variants):
            continue
        best_flat = min(flat[k][0] for k in ("flat1", "flat2"))
        ms = lambda k: f"{v[k][0]:.3f}" if k in v else "-"
        speed = lambda k: f"{best_flat / v[k][0]:.2f}x" if k in v else "-"
        print(f"| {name} | {size} | {flat['flat1'][0]:.3f} | "
              f"{flat['flat2'][0]:.3f} | "
              + " | ".join(ms(k) for k in variants) + " | "
              + " | ".join(speed(k) for k in variants) + " |")
        if size >= largest.get(name, (0, None))[0]:
            largest[name] = (size, {k: best_flat / v[k][0]
                                    for k in variants if k in v})
    for k in variants:
        speeds = [r[1][k] for r in largest.values() if k in r[1]]
        if speeds:
            print(f"\nat the largest size, {k} against the best flat "
                  f"program: geometric mean {geomean(speeds):.2f}x, at least "
                  f"as fast on {sum(x >= 1 for x in speeds)} of "
                  f"{len(speeds)}")


filled({k: v for k, v in rows.items() if not k[0].endswith("_default")},
       "At sizes that fill the GPU, children in cudaStreamFireAndForget")
filled({k: v for k, v in rows.items() if k[0].endswith("_default")},
       "At sizes that fill the GPU, children in the default stream")
