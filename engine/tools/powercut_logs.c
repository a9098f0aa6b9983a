// SPDX-License-Identifier: GPL-2.0-only
/*
 * The writes the drive acknowledged, from the engine's tag logs, and which
 * of them a completed flush covered.
 *
 * NVMe's Flush commits every write completed before the Flush was
 * submitted.  One job's log has one clock and one thread: a write's
 * completion (submission + latency) is read when the engine reaped it, and
 * a flush's submission right after io_uring_enter() sent it, so a write
 * whose completion reads earlier than the flush's submission was reaped
 * before the flush was sent.  Flushes of one log cover only that log's
 * writes (another job's clock readings are not ordered against them
 * exactly), and only writes to the flushed namespace.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <linux/fs.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "powercut.h"
#include "taglog.h"

struct pc_ns *pc_find_ns(struct pc_run *run, uint32_t nsid)
{
	for (int i = 0; i < run->nns; i++)
		if (run->ns[i].nsid == nsid)
			return &run->ns[i];
	return NULL;
}

static int add_write(struct pc_run *run, const struct tag_io *io, int log)
{
	if (run->nw == run->cap) {
		size_t cap = run->cap ? run->cap * 2 : 4096;
		struct pc_write *w = realloc(run->w, cap * sizeof(*w));

		if (!w)
			return -1;
		run->w = w;
		run->cap = cap;
	}
	run->w[run->nw++] = (struct pc_write){
		.lba = io->lba,
		.ack_ns = io->submit_ns + io->lat_ns,
		.len = io->len,
		.nsid = io->nsid,
		.log = log,
	};
	return 0;
}

/* The last completed flush's submission per namespace (index as run->ns). */
static void mark_flushed(struct pc_run *run, size_t first, const uint64_t *flush_ns,
			 const bool *flushed)
{
	for (size_t i = first; i < run->nw; i++) {
		struct pc_write *w = &run->w[i];
		int n = (int)(pc_find_ns(run, w->nsid) - run->ns);

		w->flushed = flushed[n] && w->ack_ns < flush_ns[n];
	}
}

static int read_log(struct pc_run *run, int li)
{
	const char *path = run->logs[li];
	uint64_t flush_ns[PC_MAX_NS] = {0};
	bool flushed[PC_MAX_NS] = {false};
	size_t first = run->nw;
	struct taglog_reader *r;
	struct tag_io io;
	char err[512];
	int ret;

	r = taglog_open(path, err, sizeof(err));
	if (!r) {
		fprintf(stderr, "ssdnvme-powercut: %s\n", err);
		return -1;
	}
	while ((ret = taglog_next(r, &io, err, sizeof(err))) == 1) {
		struct pc_ns *ns = pc_find_ns(run, io.nsid);

		if (io.flags & TAG_IO_ERROR || (io.dir != TAG_WRITE && io.dir != TAG_FLUSH))
			continue; /* not acknowledged, or nothing written */
		if (!ns) {
			fprintf(stderr,
				"ssdnvme-powercut: %s: writes to namespace %u, which "
				"no --ns names\n",
				path, io.nsid);
			ret = -1;
			break;
		}
		if (io.dir == TAG_FLUSH) {
			flushed[ns - run->ns] = true;
			flush_ns[ns - run->ns] = io.submit_ns; /* records: completion order */
			ns->flushes++;
		} else if (add_write(run, &io, li)) {
			snprintf(err, sizeof(err), "%s: out of memory", path);
			ret = -1;
			break;
		}
	}
	if (ret < 0)
		fprintf(stderr, "ssdnvme-powercut: %s\n", err);
	else
		run->truncated += taglog_truncated(r);
	taglog_reader_close(r);
	if (!ret)
		mark_flushed(run, first, flush_ns, flushed);
	return ret;
}

static int by_place(const void *a, const void *b)
{
	const struct pc_write *x = a, *y = b;

	if (x->nsid != y->nsid)
		return x->nsid < y->nsid ? -1 : 1;
	return x->lba < y->lba ? -1 : x->lba > y->lba;
}

int pc_read_logs(struct pc_run *run)
{
	for (int i = 0; i < run->nlogs; i++)
		if (read_log(run, i))
			return PC_EXIT_USAGE;
	if (!run->nw) {
		fprintf(stderr, "ssdnvme-powercut: the tag logs hold no acknowledged write: with "
				"tag_log_sync=1 the cut came before the first completed flush, "
				"so there is nothing to check\n");
		return PC_EXIT_USAGE;
	}
	qsort(run->w, run->nw, sizeof(*run->w), by_place);
	return 0;
}

/* Each LBA written once: otherwise what it holds says nothing of one write. */
static int check_overlaps(const struct pc_run *run)
{
	for (size_t i = 1; i < run->nw; i++) {
		const struct pc_write *a = &run->w[i - 1], *b = &run->w[i];
		const struct pc_ns *ns = pc_find_ns((struct pc_run *)run, a->nsid);

		if (a->nsid == b->nsid && a->lba + a->len / ns->lba_size > b->lba) {
			fprintf(stderr,
				"ssdnvme-powercut: namespace %u: LBA %" PRIu64
				" was written twice (%s, %s): the check needs each LBA "
				"written once (rw=write, one pass)\n",
				a->nsid, b->lba, run->logs[a->log], run->logs[b->log]);
			return -1;
		}
	}
	return 0;
}

static int open_device(struct pc_ns *ns, unsigned long lba_size)
{
	struct stat st;
	uint64_t bytes = 0;
	int lbs = 0;

	ns->fd = open(ns->dev, O_RDONLY | O_CLOEXEC);
	if (ns->fd < 0 || fstat(ns->fd, &st)) {
		fprintf(stderr, "ssdnvme-powercut: namespace %u: %s: %s\n", ns->nsid, ns->dev,
			strerror(errno));
		return -1;
	}
	if (S_ISBLK(st.st_mode)) {
		if (ioctl(ns->fd, BLKSSZGET, &lbs) || ioctl(ns->fd, BLKGETSIZE64, &bytes)) {
			fprintf(stderr, "ssdnvme-powercut: %s: cannot read its LBA size: %s\n",
				ns->dev, strerror(errno));
			return -1;
		}
		ns->lba_size = lbs;
		/* read past the page cache: what the drive itself holds */
		close(ns->fd);
		ns->fd = open(ns->dev, O_RDONLY | O_DIRECT | O_CLOEXEC);
		if (ns->fd < 0) {
			fprintf(stderr, "ssdnvme-powercut: %s: %s\n", ns->dev, strerror(errno));
			return -1;
		}
	} else if (S_ISREG(st.st_mode) && lba_size) {
		ns->lba_size = lba_size;
		bytes = st.st_size;
	} else {
		fprintf(stderr,
			"ssdnvme-powercut: %s: want the namespace's block device (/dev/nvmeXnY; "
			"its ng char device cannot be read this way), or an image file "
			"with --lba-size\n",
			ns->dev);
		return -1;
	}
	ns->lbas = bytes / ns->lba_size;
	return 0;
}

int pc_open_devices(struct pc_run *run)
{
	for (int i = 0; i < run->nns; i++)
		if (open_device(&run->ns[i], run->lba_size))
			return PC_EXIT_USAGE;
	for (size_t i = 0; i < run->nw; i++) {
		const struct pc_write *w = &run->w[i];
		const struct pc_ns *ns = pc_find_ns(run, w->nsid);

		if (!w->len || w->len % ns->lba_size || w->lba + w->len / ns->lba_size > ns->lbas) {
			fprintf(stderr,
				"ssdnvme-powercut: %s: a write of %u bytes at LBA %" PRIu64
				" does not fit namespace %u (%s: %" PRIu64 " LBAs of %u bytes)\n",
				run->logs[w->log], w->len, w->lba, ns->nsid, ns->dev, ns->lbas,
				ns->lba_size);
			return PC_EXIT_USAGE;
		}
	}
	return check_overlaps(run) ? PC_EXIT_USAGE : 0;
}

void pc_free(struct pc_run *run)
{
	for (int i = 0; i < run->nns; i++)
		if (run->ns[i].fd >= 0)
			close(run->ns[i].fd);
	free(run->w);
}
