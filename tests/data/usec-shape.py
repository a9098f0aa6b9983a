#!/usr/bin/env python3
"""Derives a fio < 3.0 shaped output from a real fio 3.x JSON output.

fio before 3.0 reported latencies in microseconds under "clat", "lat" and
"slat" (fio 3.0 moved to nanoseconds under "clat_ns", "lat_ns", "slat_ns")
and had no "bw_bytes" (only "bw" in KiB/s).  We cannot run fio 2.x here, so
tests/data/make-fixtures.sh makes the old shape with this documented
transformation of a real 3.33 output:

  * every "clat_ns" / "lat_ns" / "slat_ns" object becomes "clat" / "lat" /
    "slat", with min/max/mean/stddev and every percentile value divided by
    1000 (ns -> us); "bins" are dropped (fio 2.x json had none);
  * "bw_bytes" is removed;
  * "fio version" is set to "fio-2.21" to say what it imitates.

Usage: usec-shape.py < fio3.json > fio2-shaped.json
"""
import json
import sys


def to_usec(lat):
    out = {}
    for key, val in lat.items():
        if key == "bins":
            continue
        if key == "percentile":
            out[key] = {k: v / 1000.0 for k, v in val.items()}
        elif key in ("min", "max", "mean", "stddev"):
            out[key] = val / 1000.0
        else:
            out[key] = val
    return out


def convert(obj):
    if isinstance(obj, list):
        return [convert(v) for v in obj]
    if not isinstance(obj, dict):
        return obj
    out = {}
    for key, val in obj.items():
        if key in ("clat_ns", "lat_ns", "slat_ns"):
            out[key[:-3]] = to_usec(val)
        elif key == "bw_bytes":
            continue
        else:
            out[key] = convert(val)
    return out


def main():
    doc = convert(json.load(sys.stdin))
    doc["fio version"] = "fio-2.21"
    json.dump(doc, sys.stdout, indent=2)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
