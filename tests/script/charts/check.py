#!/usr/bin/env python3
"""Reads a fiorank HTML report (or a DOM dumped by Chromium) and prints one
"key value" line per measured property of its SVG charts, for the
analysis-charts*.sh tests to assert on.  Nothing is judged here."""
import re
import sys
from html.parser import HTMLParser

POW10 = {"0.001", "0.01", "0.1", "1", "10", "100", "1000", "10k", "100k", "1M", "10M", "100M", "1000M"}


class Chart:
    def __init__(self, attrs):
        self.cls = attrs.get("class", "")
        self.title = ""
        self.xscale = attrs.get("data-xscale", "")
        self.yscale = attrs.get("data-yscale", "")
        self.width = float(attrs.get("width", 0))
        self.height = float(attrs.get("height", 0))
        self.keys = []  # (name, colour, marker, x, y, lines)
        self.data_keys = -1
        self.path_strokes = []
        self.circle_fills = []
        self.bar_fills = []
        self.bar_names = []
        self.steps = []
        self.ticks = {"x": [], "y": []}
        self.labels = {"x": "", "y": ""}
        self.text = ""


class P(HTMLParser):
    def __init__(self):
        super().__init__()
        self.charts, self.c, self.stack = [], None, []
        self.key = None
        self.cells = set()
        self.in_cell = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "td" and "l" in a.get("class", "").split():
            self.in_cell = ""
        if tag == "svg":
            self.c = Chart(a)
            self.charts.append(self.c)
            self.stack = []
            return
        if self.c is None:
            return
        self.stack.append((tag, a))
        cls = a.get("class", "")
        if tag == "g" and cls == "legend":
            self.c.data_keys = int(a.get("data-keys", -1))
        elif tag == "g" and cls == "key":
            self.key = {"name": "", "colour": None, "marker": False, "lines": 0}
        elif self.key is not None and tag in ("rect", "circle") and self.key["colour"] is None:
            self.key["colour"] = a.get("fill")
            self.key["marker"] = tag == "circle"
            self.key["x"] = float(a.get("x", a.get("cx", 0)))
            self.key["y"] = float(a.get("y", a.get("cy", 0)))
        elif self.key is not None and tag == "tspan":
            self.key["lines"] += 1
        elif tag == "path" and cls == "series":
            self.c.path_strokes.append(a.get("stroke"))
        elif tag == "circle" and cls in ("point", "published"):
            self.c.circle_fills.append(a.get("fill"))
        elif tag == "rect" and cls == "bar":
            self.c.bar_fills.append(a.get("fill"))

    def ctx(self, tag, cls=None):
        for t, a in reversed(self.stack):
            if t == tag and (cls is None or a.get("class", "") == cls):
                return a
        return None

    def handle_endtag(self, tag):
        if tag == "td" and self.in_cell is not None:
            self.cells.add(self.in_cell)
            self.in_cell = None
        if self.c is None:
            return
        if tag == "svg":
            self.c = None
            return
        if tag == "g" and self.key is not None and not self.ctx("text"):
            t, a = self.stack[-1] if self.stack else (None, {})
            if a.get("class") == "key":
                self.c.keys.append(self.key)
                self.key = None
        while self.stack:
            t, _ = self.stack.pop()
            if t == tag:
                break

    def handle_data(self, d):
        if self.in_cell is not None:
            self.in_cell += d
        if self.c is None:
            return
        self.c.text += d
        top = self.stack[-1] if self.stack else (None, {})
        if top[0] == "title" and len(self.stack) == 1:
            self.c.title += d
        if self.key is not None and self.ctx("text", "name"):
            self.key["name"] += d
        elif self.ctx("text", "name") and "bars" in self.c.cls:
            if top[0] == "tspan" and top[1].get("dy") == "0":
                self.c.bar_names.append(d)
            elif top[0] == "tspan":
                self.c.bar_names[-1] += d
        if self.ctx("text", "step"):
            self.c.steps.append(d)
        g = self.ctx("g")
        if g and g.get("class", "").startswith("axes"):
            ax = g["class"].split()[-1]
            if self.ctx("text", "tick"):
                self.c.ticks[ax].append(d)
            elif self.ctx("text", "label"):
                self.c.labels[ax] += d


p = P()
p.feed(open(sys.argv[1], encoding="utf-8").read())
colour_of, label_of = {}, {}
inconsistent = 0
for i, c in enumerate(p.charts):
    named = [(k["name"], k["colour"]) for k in c.keys] + list(zip(c.bar_names, c.bar_fills))
    for name, col in named:
        if colour_of.setdefault(name, col) != col:
            inconsistent += 1
            print("colour_changes", repr(name), colour_of[name], col, file=sys.stderr)
        if label_of.setdefault(col, name) != name:
            inconsistent += 1
            print("colour_shared", col, repr(label_of[col]), repr(name), file=sys.stderr)
    published = {k["colour"] for k in c.keys if k["marker"]}
    series = {k["colour"] for k in c.keys}
    # the static layout: 7 px per character is what chart_legend.c assumes
    overflow = 0
    for k in c.keys:
        if k["y"] + 15 * max(k["lines"], 1) > c.height:
            overflow += 1
    name = re.sub(r"\s+", "_", c.title.strip())
    print(f"chart {i} {c.cls.replace(' ', '_')} {name}")
    print(f"  keys {len(c.keys)} data_keys {c.data_keys}")
    print(f"  keys_not_in_tables {sum(1 for k in c.keys if k['name'] not in p.cells)}")
    print(f"  keys_below_height {overflow}")
    print(f"  xscale {c.xscale or '-'} yscale {c.yscale or '-'}")
    print(f"  xlabel_log {int('log scale' in c.labels['x'])} ylabel_log {int('log scale' in c.labels['y'])}")
    for ax, sc in (("x", c.xscale), ("y", c.yscale)):
        if sc == "log":
            print(f"  {ax}ticks_not_decades {sum(1 for t in c.ticks[ax] if t not in POW10)} of {len(c.ticks[ax])}")
    print(f"  ellipsis {c.text.count(chr(0x2026))}")
    print(f"  steps ,{','.join(sorted({t.replace(' ', '') for t in c.steps}))},")
    print(f"  published_keys {len(published)} published_paths {sum(1 for s in c.path_strokes if s in published)}")
    print(f"  marks_without_key {sum(1 for f in c.circle_fills + c.bar_fills if f not in series and c.keys)}")
print(f"drives {len(colour_of)}")
print(f"colours {len(label_of)}")
print(f"colour_inconsistent {inconsistent}")
