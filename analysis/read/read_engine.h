/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef FIORANK_READ_ENGINE_H
#define FIORANK_READ_ENGINE_H

#include <stdbool.h>
#include <stddef.h>

#include "model/model.h"

struct json_object;

/* One tag key of the ssdnvme engine's tag file. */
struct fr_tag {
	unsigned nsid;
	enum fr_dir dir;
	uint64_t count;
	struct fr_lat lat; /* ns */
	bool placed;	   /* a placed write key: one of the namespace's PIDs */
};

/* What fiorank uses from an ssdnvme-engine/1 file. */
struct fr_engine {
	char *model; /* NULL when the file does not say */
	char *serial;
	char *firmware;
	struct fr_tag *tags;
	size_t ntags;
	/* its "health" section (a reference held, read_health.c reads it),
	 * NULL when the file has none */
	struct json_object *health;
	/* the whole file (a reference held), for the stages after the reader
	 * (fr_step.engine_doc) */
	struct json_object *root;
};

/* Parses an engine identity/tag file; returns 0, or -1 with a reason (and
 * byte offset for parse errors) in err. */
int fr_read_engine(const char *buf, size_t len, struct fr_engine *e, char *err, size_t errlen);
void fr_engine_free(struct fr_engine *e);

/* "<model> <serial>", the label of a drive known only by its identity. */
char *fr_engine_label(const struct fr_engine *e);

/* Adds the per-namespace figures of a noisy-neighbor run under `step`; a
 * namespace's placed writes, one key per PID, become its write step (with
 * the per-PID figures attached, placement.h), their tails not merged. */
int fr_engine_add_tails(struct fr_model *m, const struct fr_engine *e, const char *drive,
			const char *step, const char *source);

#endif
