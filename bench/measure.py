#!/usr/bin/env python3
"""Runs a command and prints its own CPU time (user + sys of it and its reaped children, from
wait4), wall time, peak RSS and context switches (voluntary ones are its wake-ups):
`measure.py NAME -- COMMAND...`."""
import os
import subprocess
import sys
import time

name = sys.argv[1]
cmd = sys.argv[sys.argv.index("--") + 1:]
t0 = time.monotonic()
proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
_, status, usage = os.wait4(proc.pid, 0)
wall = time.monotonic() - t0
cpu = usage.ru_utime + usage.ru_stime
print(f"{name:<44} cpu {100 * cpu / wall:6.3f} % of one core "
      f"({cpu:.2f} s in {wall:.1f} s), peak rss {usage.ru_maxrss / 1024:.1f} MB, "
      f"{usage.ru_nvcsw} voluntary + {usage.ru_nivcsw} involuntary context switches, "
      f"exit {os.waitstatus_to_exitcode(status)}")
