#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Runs one of fio's own NVMe suites (t/nvmept*.py of the fio tree the
engine was built against) as its main() does, optionally narrowed to one
end-to-end protection configuration: the PI suite otherwise formats the
namespace in every combination of PI type, PI location and metadata layout
the device offers, which CI's time cannot hold.

    narrow.py FIO_T_DIR SUITE [SUITE-ARGS...]

PEER_ONE_CONFIG="pitype=1 pil=1 elba=0" (any of the keys; the first value
the device offers for a key not named) keeps one configuration; a value the
device does not offer stops the run with a message, never a silent skip.
"""
import os
import sys


def narrow_capabilities(module, suite, wanted):
    """Wraps the suite's get_capabilities() to keep one value of each key."""
    full = module.get_capabilities

    def one(args):
        caps = full(args)
        kept = {}
        for key, values in caps.items():
            value = int(wanted[key]) if key in wanted else values[0]
            if value not in values:
                sys.exit(f"{suite}: the device offers {key} {values}, not {value}")
            kept[key] = [value]
        print(f"{suite}: narrowed to one configuration: {kept}")
        return kept

    module.get_capabilities = one


def main():
    t_dir, suite = sys.argv[1], sys.argv[2]
    sys.argv = [os.path.join(t_dir, suite + ".py")] + sys.argv[3:]
    sys.path.insert(0, t_dir)
    module = __import__(suite)
    wanted = os.environ.get("PEER_ONE_CONFIG", "")
    if wanted:
        if not hasattr(module, "get_capabilities"):
            sys.exit(f"{suite}: PEER_ONE_CONFIG given, but the suite has no configurations")
        narrow_capabilities(module, suite, dict(kv.split("=", 1) for kv in wanted.split()))
    module.main()


if __name__ == "__main__":
    main()
