// SPDX-License-Identifier: GPL-2.0-only
/*
 * Reads every acknowledged write's range back and judges it, then reports per
 * namespace: writes a completed flush covered (intact, lost, torn: lost and
 * torn must be 0) and writes acknowledged after the last flush (the volatile
 * cache may lose them: counted, allowed; a torn one still fails).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fio_vhdr.h"
#include "powercut.h"

static const char *const verdict_name[PC_NVERDICT] = {"intact", "lost", "partly lost", "torn",
						      "unreadable"};

static int judge(struct pc_ns *ns, struct pc_write *w, unsigned char *buf)
{
	off_t at = (off_t)w->lba * ns->lba_size;
	ssize_t n = pread(ns->fd, buf, w->len, at);

	if (n != (ssize_t)w->len) {
		/* a media or protection-information error: reported with the write */
		w->verdict = PC_UNREADABLE;
		return 0;
	}
	switch (vhdr_check(buf, w->len, at, ns->lba_size)) {
	case VHDR_INTACT:
		w->verdict = PC_INTACT;
		break;
	case VHDR_ZERO:
		w->verdict = PC_LOST;
		break;
	case VHDR_PARTIAL:
		w->verdict = PC_PARTIAL;
		break;
	default:
		w->verdict = PC_TORN;
		break;
	}
	return 0;
}

int pc_check(struct pc_run *run)
{
	unsigned char *buf = NULL;
	size_t buflen = 0;

	for (size_t i = 0; i < run->nw; i++) {
		struct pc_write *w = &run->w[i];
		struct pc_ns *ns = pc_find_ns(run, w->nsid);

		if (w->len > buflen) {
			free(buf);
			buflen = w->len;
			if (posix_memalign((void **)&buf, 4096, buflen)) {
				fprintf(stderr, "ssdnvme-powercut: out of memory\n");
				return PC_EXIT_USAGE;
			}
		}
		judge(ns, w, buf);
		ns->count[w->flushed][w->verdict]++;
	}
	free(buf);
	return 0;
}

/* Must never happen: a flushed write not intact, or any write torn/unreadable. */
static bool is_failure(const struct pc_write *w)
{
	return w->verdict != PC_INTACT &&
	       (w->flushed || w->verdict == PC_TORN || w->verdict == PC_UNREADABLE);
}

static void name_failures(const struct pc_run *run, FILE *out, uint64_t *failures)
{
	unsigned long named = 0;

	for (size_t i = 0; i < run->nw; i++) {
		const struct pc_write *w = &run->w[i];
		const struct pc_ns *ns = pc_find_ns((struct pc_run *)run, w->nsid);
		uint64_t last = w->lba + w->len / ns->lba_size - 1;

		if (!is_failure(w))
			continue;
		(*failures)++;
		if (named++ >= run->names)
			continue;
		fprintf(out,
			"FAIL namespace %u: %s %s write: LBAs %" PRIu64 "-%" PRIu64
			" (%s, acknowledged at %.6f s)\n",
			w->nsid, verdict_name[w->verdict], w->flushed ? "flushed" : "unflushed",
			w->lba, last, run->logs[w->log], w->ack_ns / 1e9);
	}
	if (named > run->names)
		fprintf(out, "FAIL ... and %lu more\n", named - run->names);
}

int pc_report(const struct pc_run *run, FILE *out)
{
	uint64_t failures = 0;

	fprintf(out, "power-cut check: %d tag log(s), %u cut short, %zu acknowledged writes\n",
		run->nlogs, run->truncated, run->nw);
	for (int i = 0; i < run->nns; i++) {
		const struct pc_ns *ns = &run->ns[i];
		const uint64_t *f = ns->count[1], *a = ns->count[0];

		fprintf(out, "namespace %u (%s, %u-byte LBAs): %u completed flushes\n", ns->nsid,
			ns->dev, ns->lba_size, ns->flushes);
		fprintf(out,
			"  flushed writes: %" PRIu64 " intact, %" PRIu64 " lost, %" PRIu64
			" torn\n",
			f[PC_INTACT], f[PC_LOST] + f[PC_PARTIAL], f[PC_TORN] + f[PC_UNREADABLE]);
		fprintf(out,
			"  writes after the last flush: %" PRIu64 " intact, %" PRIu64
			" lost by the volatile cache (allowed), %" PRIu64 " partly lost "
			"(allowed), %" PRIu64 " torn\n",
			a[PC_INTACT], a[PC_LOST], a[PC_PARTIAL], a[PC_TORN] + a[PC_UNREADABLE]);
	}
	name_failures(run, out, &failures);
	fprintf(out, "verdict: %s\n", failures ? "FAIL" : "PASS");
	return failures ? PC_EXIT_FAIL : 0;
}
