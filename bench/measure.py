#!/usr/bin/env python3
"""Runs a command and prints its CPU time (user + sys of it and its reaped children), wall time,
peak RSS and context switches (voluntary ones are its wake-ups): `measure.py NAME -- COMMAND...`.

The figures come from GNU time (Debian package `time`), not from this script's own wait4: a
child forked by Python starts as a copy of this interpreter, and Linux keeps that copy's peak
RSS across exec, so ru_maxrss seen from here is never below Python's own (~10-14 MB). GNU time
is a small C program, so the peak it reports is the command's own (it floors at ~1 MB)."""
import os
import subprocess
import sys
import tempfile
import time

GNU_TIME = "/usr/bin/time"
name = sys.argv[1]
cmd = sys.argv[sys.argv.index("--") + 1:]
if not os.access(GNU_TIME, os.X_OK):
    sys.exit(f"measure.py needs {GNU_TIME} (apt-get install time)")
with tempfile.NamedTemporaryFile("r", suffix=".time") as out:
    t0 = time.monotonic()
    proc = subprocess.run([GNU_TIME, "-o", out.name, "-f", "%U %S %M %w %c %x", *cmd],
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.monotonic() - t0
    fields = out.read().split()[-6:]
user, system, maxrss_kb, voluntary, involuntary, code = fields
cpu = float(user) + float(system)
print(f"{name:<44} cpu {100 * cpu / wall:6.3f} % of one core "
      f"({cpu:.2f} s in {wall:.1f} s), peak rss {int(maxrss_kb) / 1024:.1f} MB, "
      f"{voluntary} voluntary + {involuntary} involuntary context switches, exit {code}")
