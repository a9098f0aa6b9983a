#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""The gate's false-alarm and detection rates, measured by brute force
(issue 37 item 2); bench/gate-noise.sh runs it.

Synthetic runs from one real fio output (the runner's 4k-randread peak step
of tests/data/fio/gate/rerun/run1): per trial, NB baseline and NC new run
directories, each holding STEPS curve steps (jobs 4k-randread@peak,
4k-randread@1, ...), every figure of every step of every run scaled by its
own noise: IOPS, bandwidth, bytes and I/O counts by f = exp(N(0, spread)),
mean latency by 1/f, each percentile by 1/f and a noise of its own (tails
are noisier).  With --shift the new runs' IOPS figures are scaled by
(1 + shift/100) too (latencies by its inverse): a real change.  Each trial
runs fiorank --baseline ... --fail-if TERMS ... --repeat ... and counts exit
3 (regression).  Prints one line: the rate with its 95 % Wilson interval.
"""
import argparse
import json
import math
import os
import random
import shutil
import subprocess
import sys
import tempfile

SIZE_KEYS = ("iops", "bw", "bw_bytes", "io_bytes", "io_kbytes", "total_ios",
             "iops_mean", "iops_min", "iops_max", "bw_mean", "bw_min", "bw_max", "bw_agg")


def scaled(src, f, tail_sd, rng):
    """A copy of the fio document with its figures scaled by f."""
    doc = json.loads(json.dumps(src))
    doc["global options"].pop("ssdnvme_results", None)
    for job in doc["jobs"]:
        for d in ("read", "write", "trim"):
            st = job.get(d)
            if not st or not st.get("total_ios"):
                continue
            for k in SIZE_KEYS:
                if isinstance(st.get(k), (int, float)):
                    st[k] = type(st[k])(st[k] * f) if isinstance(st[k], float) else int(st[k] * f)
            for lk in ("clat_ns", "lat_ns"):
                lat = st.get(lk)
                if not lat:
                    continue
                lat["mean"] = lat["mean"] / f
                pct = lat.get("percentile")
                if pct:
                    g = math.exp(rng.gauss(0, tail_sd))
                    for p in pct:
                        pct[p] = int(pct[p] / f * g)
    return doc


def write_run(root, src, steps, sd, tail_sd, shift, rng):
    names = ["peak"] + [str(i) for i in range(1, steps)]
    d = os.path.join(root, "drive-a")
    os.makedirs(d)
    for name in names:
        f = math.exp(rng.gauss(0, sd)) * (1 + shift / 100.0)
        doc = scaled(src, f, tail_sd, rng)
        for job in doc["jobs"]:
            job["jobname"] = "4k-randread@" + name
        with open(os.path.join(d, name + ".json"), "w") as out:
            json.dump(doc, out)


def wilson(k, n, z=1.96):
    p = k / n
    c = (p + z * z / (2 * n)) / (1 + z * z / n)
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, c - h), min(1.0, c + h)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--fiorank", required=True)
    ap.add_argument("--source", required=True)
    ap.add_argument("--steps", type=int, default=10)
    ap.add_argument("--trials", type=int, default=200)
    ap.add_argument("--runs", type=int, default=3, help="runs per side")
    ap.add_argument("--spread", type=float, default=3.0, help="run-to-run sd, %%")
    ap.add_argument("--tail-spread", type=float, default=10.0, help="percentiles' own sd, %%")
    ap.add_argument("--shift", type=float, default=0.0, help="the new runs' IOPS change, %%")
    ap.add_argument("--terms", default="iops<-5%,p99>+10%,p99.99>+10%")
    ap.add_argument("--seed", type=int, default=37)
    a = ap.parse_args()
    with open(a.source) as f:
        src = json.load(f)
    rng = random.Random(a.seed)
    alarms = others = 0
    tmp = tempfile.mkdtemp(prefix="gate-noise.")
    try:
        for _ in range(a.trials):
            base = [os.path.join(tmp, "b%d" % i) for i in range(a.runs)]
            new = [os.path.join(tmp, "n%d" % i) for i in range(a.runs)]
            for r in base:
                write_run(r, src, a.steps, a.spread / 100, a.tail_spread / 100, 0.0, rng)
            for r in new:
                write_run(r, src, a.steps, a.spread / 100, a.tail_spread / 100, a.shift, rng)
            cmd = [a.fiorank, "-N", "-q", "-o", os.devnull]
            for r in base:
                cmd += ["--baseline", r]
            cmd += ["--fail-if", a.terms, new[0]]
            for r in new[1:]:
                cmd += ["--repeat", r]
            rc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
            alarms += rc == 3
            others += rc not in (0, 3)
            for r in base + new:
                shutil.rmtree(r)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    lo, hi = wilson(alarms, a.trials)
    what = "detection" if a.shift else "false-alarm"
    print("%s rate %.1f %% (%d of %d gates; 95 %% interval %.1f..%.1f %%), %d steps, %d + %d runs, "
          "spread %.1f %%, shift %+.1f %%, terms %s; other exits %d"
          % (what, 100.0 * alarms / a.trials, alarms, a.trials, 100 * lo, 100 * hi, a.steps,
             a.runs, a.runs, a.spread, a.shift, a.terms, others))
    return 1 if others else 0


if __name__ == "__main__":
    sys.exit(main())
