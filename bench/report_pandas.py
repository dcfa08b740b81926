#!/usr/bin/env python3
"""The pandas way to the figures `wattbench report` starts from: read RUN/samples.csv and
compute, per phase, the mean of every numeric channel over its averaging window (stage
`window`, status `ok`). Prints the means, and how far they are from RUN/phases.csv's when
that file is there, so both sides demonstrably compute the same numbers.

usage: report_pandas.py RUN_DIR"""
import os
import sys

import pandas as pd

run = sys.argv[1]
samples = pd.read_csv(
    os.path.join(run, "samples.csv"),
    usecols=["phase", "stage", "device", "channel", "value", "unit", "status"],
    dtype={"phase": "category", "stage": "category", "device": "category",
           "channel": "category", "unit": "category", "status": "category", "value": "string"},
    keep_default_na=False,
)
window = samples[(samples["stage"] == "window") & (samples["status"] == "ok")
                 & (samples["unit"] != "state")]
values = pd.to_numeric(window["value"].astype("string"), errors="raise")
means = values.groupby([window["phase"], window["device"], window["channel"]],
                       observed=True, sort=False).mean()
print(f"{len(samples)} rows, {len(means)} (phase, channel) means")
for (phase, device, channel), mean in means.items():
    print(f"{phase},{device},{channel},{mean:.6g}")

phases_csv = os.path.join(run, "phases.csv")
if os.path.exists(phases_csv):
    ref = pd.read_csv(phases_csv).set_index(["phase", "device", "channel"])["mean"]
    worst = 0.0
    for key, mean in means.items():
        # phases.csv has the energy average (Leq) for sound channels, not the arithmetic mean.
        if key in ref.index and not str(key[2]).startswith("spl"):
            worst = max(worst, abs(mean - ref[key]) / max(abs(ref[key]), 1e-12))
    print(f"largest relative difference from phases.csv: {worst:.3g}")
