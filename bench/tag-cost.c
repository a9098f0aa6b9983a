// SPDX-License-Identifier: GPL-2.0-only
/*
 * Micro-benchmark of the latency tags: drives the submit/complete hooks the
 * engine calls, with synthetic latencies, and prints ns per I/O.
 *
 *   tag-cost MODE COUNT
 *   MODE: base          the loop alone (what the engine does without tags)
 *         tags          tags_on_submit + tags_on_complete, no shared counters
 *         tags-inflight the same with the controller's shared-memory counters
 *         tags-log      tags-inflight plus the binary per-I/O log (to /tmp)
 *
 * bench/tag-cost.sh runs it under the clock and under callgrind.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <json-c/json.h>

#include "inflight.h"
#include "taglog.h"
#include "tags.h"

#define NLAT 65536 /* precomputed latencies, cycled */
#define QD   32

static uint64_t lat[NLAT];

static uint64_t rng(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 0x2545f4914f6cdd1dull;
}

/* A lognormal-ish spread from ~10 us to ~10 ms: a product of 8 uniforms. */
static void fill_latencies(void)
{
	uint64_t s = 42;
	size_t i;

	for (i = 0; i < NLAT; i++) {
		double v = 80000.0;
		int k;

		for (k = 0; k < 8; k++)
			v *= 0.5 + (double)(rng(&s) >> 11) / 9007199254740992.0 * 1.25;
		lat[i] = (uint64_t)v + 1000;
	}
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

int main(int argc, char **argv)
{
	struct tags_config cfg = {.outliers = TAGS_DEFAULT_OUTLIERS};
	struct inflight *inf = NULL;
	struct taglog *log = NULL;
	struct tag_io io[QD];
	struct tags *t = NULL;
	struct tag_key *k = NULL;
	uint64_t n, i, clock = 0, sink = 0, t0, t1;
	char err[256], logpath[64];
	int use_tags;

	if (argc != 3 || !(n = strtoull(argv[2], NULL, 10))) {
		fprintf(stderr, "usage: %s base|tags|tags-inflight|tags-log COUNT\n", argv[0]);
		return 2;
	}
	use_tags = strcmp(argv[1], "base") != 0;
	if (!strcmp(argv[1], "tags-inflight") || !strcmp(argv[1], "tags-log")) {
		inf = inflight_attach("bench-tag-cost", err, sizeof(err));
		if (!inf) {
			fprintf(stderr, "tag-cost: %s\n", err);
			return 1;
		}
	}
	if (!strcmp(argv[1], "tags-log")) {
		snprintf(logpath, sizeof(logpath), "/tmp/tag-cost-%d.bin", (int)getpid());
		log = taglog_create(logpath, 0, err, sizeof(err));
		if (!log) {
			fprintf(stderr, "tag-cost: %s\n", err);
			return 1;
		}
		cfg.log = log;
	} else if (use_tags && strcmp(argv[1], "tags") && !inf) {
		fprintf(stderr, "tag-cost: unknown mode '%s'\n", argv[1]);
		return 2;
	}
	fill_latencies();
	if (use_tags) {
		t = tags_new(&cfg);
		k = t ? tags_key(t, "bench", inf, 1, TAG_READ, "bench") : NULL;
		if (!k) {
			fprintf(stderr, "tag-cost: out of memory\n");
			return 1;
		}
	}
	/* QD I/Os in flight: each slot completes and is resubmitted in turn */
	t0 = now_ns();
	for (i = 0; i < n; i++) {
		struct tag_io *slot = &io[i % QD];
		uint64_t l = lat[i & (NLAT - 1)];

		clock += 3000;
		if (use_tags) {
			tags_on_submit(t, k, slot, clock, i * 8, 4096, QD);
			tags_on_complete(t, k, slot, clock + l, 0);
		} else {
			/* the engine touches its per-I/O data either way */
			slot->lat_ns = l;
			sink += slot->lat_ns;
		}
	}
	t1 = now_ns();
	printf("%s: %llu I/Os, %.2f ns per I/O%s\n", argv[1], (unsigned long long)n,
	       (double)(t1 - t0) / (double)n, sink == 1 ? " " : "");
	if (t) {
		json_object_put(tags_json(t)); /* the end-of-run cost, not per I/O */
		tags_free(t);
	}
	if (log) {
		if (taglog_close(log, err, sizeof(err)) < 0)
			fprintf(stderr, "tag-cost: %s\n", err);
		unlink(logpath);
	}
	inflight_detach(inf);
	return 0;
}
