/*
 * The latency-tag glue's per-job state and its hot path, inline in the data
 * path (ssdnvme.c); the rest is in ssdnvme_tags.c.  Sees fio's types: include
 * only from the fio glue files.
 */
#ifndef SSDNVME_SSDNVME_TAGS_H
#define SSDNVME_SSDNVME_TAGS_H

#include "glue.h"
#include "tags.h"

#define TAGGING_MAX_CTRLS 16 /* distinct controllers one job attaches to */

/* One I/O's tag from submission to completion. */
struct tagging_io {
	struct tag_key *key; /* while in flight, else NULL */
	struct tag_io io;
};

struct tagging {
	struct tags *tags;
	struct tag_key **keys; /* by fileno * TAG_DIR_NR + direction */
	unsigned int nr_files;
	size_t nr_slots;
	struct tagging_io *ios; /* by io_u->index */
	unsigned int in_flight;
	char *label;
	char *log_path;
	struct {
		char ident[INFLIGHT_NAME_MAX];
		struct inflight *f;
	} ctrls[TAGGING_MAX_CTRLS];
	unsigned int nr_ctrls;
};

struct tag_key *tagging_new_key(struct tagging *tg, struct io_u *io_u);

/* fio's READ, WRITE, TRIM are 0, 1, 2 like TAG_*; the syncs are all a flush. */
static inline enum tag_dir tagging_dir(enum fio_ddir d)
{
	_Static_assert(DDIR_READ == (int)TAG_READ && DDIR_WRITE == (int)TAG_WRITE &&
			       DDIR_TRIM == (int)TAG_TRIM,
		       "fio's directions map onto the tag directions");
	return (unsigned int)d < TAG_FLUSH ? (enum tag_dir)d : TAG_FLUSH;
}

/* The key of IO_U's file and direction (created at its first I/O). */
static inline struct tag_key *tagging_key(struct tagging *tg, struct io_u *io_u)
{
	size_t slot = (size_t)io_u->file->fileno * TAG_DIR_NR + tagging_dir(io_u->ddir);

	if (__builtin_expect(slot < tg->nr_slots && tg->keys[slot] != NULL, 1))
		return tg->keys[slot];
	return tagging_new_key(tg, io_u);
}

/* Starting LBA in the namespace's units; the byte offset for a file. */
static inline uint64_t tagging_lba(const struct io_u *io_u)
{
	const struct file_state *fs = FILE_ENG_DATA(io_u->file);

	if (!fs || !fs->unit)
		return io_u->offset;
	return fs->shift >= 0 ? io_u->offset >> fs->shift : io_u->offset / fs->unit;
}

/* NR io_us from ld->pending, just submitted at NOW_NS (fio's issue time). */
__attribute__((always_inline)) static inline void
tagging_submitted(struct engine_data *ld, unsigned int nr, uint64_t now_ns)
{
	struct tagging *tg = ld->tagging;
	struct tagging_io *tio;
	struct io_u *io_u;
	unsigned int i;

	for (i = 0; i < nr; i++) {
		io_u = ld->pending[i];
		tio = &tg->ios[io_u->index];
		tio->key = tagging_key(tg, io_u);
		if (__builtin_expect(!tio->key, 0))
			continue;
		tg->in_flight++;
		tags_on_submit(tg->tags, tio->key, &tio->io, now_ns, tagging_lba(io_u),
			       (uint32_t)io_u->xfer_buflen, tg->in_flight);
	}
}

/* One io_u whose completion ->event() decoded (io_u->error set), reaped at NOW_NS. */
__attribute__((always_inline)) static inline void
tagging_completed(struct engine_data *ld, struct io_u *io_u, uint64_t now_ns)
{
	struct tagging *tg = ld->tagging;
	struct tagging_io *tio = &tg->ios[io_u->index];
	struct tag_key *k = tio->key;

	if (__builtin_expect(!k, 0))
		return;
	tio->key = NULL;
	tg->in_flight--;
	tags_on_complete(tg->tags, k, &tio->io, now_ns, io_u->error);
}

#endif
