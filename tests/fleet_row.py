#!/usr/bin/env python3
"""A fleet row of fiorank's JSON report recomputed from fio's output alone.

    tests/fleet_row.py STEP_JSON REPORT_JSON

STEP_JSON: the runner's fio client output of one step (its <host> lines,
then fio's JSON); REPORT_JSON: `fiorank -f json` of its results.  Exit 0
when the report's fleet row for that step has three hosts and the p99 and
p99.99 of every host's json+ completion-latency bins summed, by fio's rule
(the first bin whose running count reaches p % of all).  Used by
tests/vm/t-fleet.sh and tests/script/analysis-fleet.sh.
"""
import json
import sys

s = open(sys.argv[1]).read()
clients = [c for c in json.loads(s[s.index('\n{') + 1:])['client_stats'] if c['jobname'] != 'All clients']
step = next(st for st in json.load(open(sys.argv[2]))['fleet']['fleets'][0]['steps']
            if sys.argv[1].endswith('/' + st['step'] + '.json'))
row = step['dirs'][0]
bins = {}
for c in clients:
    for k, v in c[row['dir']]['clat_ns']['bins'].items():
        bins[int(k)] = bins.get(int(k), 0) + v


def pct(p):
    seen, total = 0, sum(bins.values())
    for ns in sorted(bins):
        seen += bins[ns]
        if seen >= p / 100.0 * total:
            return ns / 1000.0


f = row.get('fleet') or {}
sys.exit(0 if len(clients) == 3 and f.get('hosts') == 3 and f.get('p99_us') == pct(99) and
         f.get('p99_99_us') == pct(99.99) else 1)
