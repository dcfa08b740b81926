#!/usr/bin/env python3
"""Poll lateness per device from a run's samples.csv: how far after its grid tick (start +
k·interval) each poll was taken. Usage: jitter.py RUN_DIR [INTERVAL_S=1]."""
import csv
import statistics
import sys

run, interval = sys.argv[1], float(sys.argv[2]) if len(sys.argv) > 2 else 1.0
late = {}
seen = set()
with open(f"{run}/samples.csv", newline="") as f:
    for row in csv.DictReader(f):
        key = (row["device"], row["elapsed_s"])
        if key in seen:
            continue  # one poll yields a row per channel
        seen.add(key)
        t = float(row["elapsed_s"])
        late.setdefault(row["device"], []).append((t - round(t / interval) * interval) * 1000)
for device, values in sorted(late.items()):
    values.sort()
    p99 = values[min(len(values) - 1, int(0.99 * len(values)))]
    print(f"{device:<12} polls {len(values):6d}  lateness ms: median {statistics.median(values):6.3f}"
          f"  p99 {p99:6.3f}  max {values[-1]:6.3f}")
