#!/usr/bin/env python3
"""fleet_replicate.py SRC DST N: a --hosts results directory of N hosts made
from a REAL fleet run's (SRC, e.g. tests/data/fleet/three): host i is a copy
of the real host (i mod 3)'s results, under a distinct host name
("benchI,8765"), serial ("bench%06d") and system name.  Replicas, not
measurements: only for timing fiorank (bench/fleet-scale.sh).  fio's "All
clients" block is dropped (its sums would be the real three hosts')."""
import copy, json, os, sys

src, dst, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
mf = json.load(open(os.path.join(src, 'manifest.json')))
real = mf['hosts']
hosts = ['bench%d,8765' % i for i in range(1, n + 1)]
drives = []
for i, h in enumerate(hosts):
    d = copy.deepcopy(next(x for x in mf['drives'] if x['host'] == real[i % len(real)]))
    d['host'], d['serial'] = h, 'bench%06d' % (i + 1)
    drives.append(d)
systems = {}
for i, h in enumerate(hosts):
    s = copy.deepcopy(mf['systems'][real[i % len(real)]])
    s['host'] = 'bench%d' % (i + 1)
    systems[h] = s
mf.update(hosts=hosts, drives=drives, systems=systems)
os.makedirs(dst, exist_ok=True)
json.dump(mf, open(os.path.join(dst, 'manifest.json'), 'w'), indent=1)
for run in mf['runs']:
    s = open(os.path.join(src, run['output'])).read()
    i = 0 if s.startswith('{') else s.index('\n{') + 1
    doc = json.loads(s[i:])
    per = {'%s,%d' % (c['hostname'], c['port']): c for c in doc['client_stats']
           if c['jobname'] != 'All clients'}
    out = []
    for k, h in enumerate(hosts):
        c = copy.deepcopy(per[real[k % len(real)]])
        c['hostname'], c['port'] = 'bench%d' % (k + 1), 8765
        out.append(c)
    doc['client_stats'] = out
    # fio 3.39+: the global options per server, each naming its server
    g = doc.get('global options')
    if isinstance(g, list):
        byhost = {'%s,%d' % (e['hostname'], e['port']): e for e in g}
        reps = []
        for k in range(n):
            e = copy.deepcopy(byhost[real[k % len(real)]])
            e['hostname'], e['port'] = 'bench%d' % (k + 1), 8765
            reps.append(e)
        doc['global options'] = reps
    p = os.path.join(dst, run['output'])
    os.makedirs(os.path.dirname(p), exist_ok=True)
    open(p, 'w').write(json.dumps(doc, indent=2) + '\n')
