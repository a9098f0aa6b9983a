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
	const char *job;   /* the fio job it belongs to (in root), NULL not said */
	/* its job ran with a ramp the tags include (an engine from before
	 * jobs[].tags_ramp): its step is labelled so */
	bool ramp_included;
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

/**
 * fr_engine_ramp_check() - leave out the tags of jobs whose ramp they include
 * @m: the model of the fio output the engine file came with (its steps hold
 *     the kept fio tree, fr_step.fio_doc)
 * @e: the engine file read
 * @sidecar: its name, for the note
 *
 * Since the engine leaves fio's ramp out of the tags it writes
 * jobs[].tags_ramp for a job with ramp_time; an engine file without it, of a
 * job fio ran with a ramp_time, has tags that include the ramp while fio's
 * figures do not.  Those tags are marked (fr_tag.ramp_included), so that
 * fr_engine_add_tails() labels the steps made of them
 * (fr_step.tags_incl_ramp: not ranked beside fio's figures), and a note
 * names the file and the job.
 *
 * Return: the tags marked.
 */
size_t fr_engine_ramp_check(struct fr_model *m, struct fr_engine *e, const char *sidecar);

/**
 * fr_read_engine() - parse an engine identity/tag file
 * @buf: the file's bytes
 * @len: how many
 * @e: what is read (cleared first); free with fr_engine_free() on success
 * @err: where the reason goes on failure
 * @errlen: its size
 *
 * Reads the schema (ssdnvme-engine/1 only), the first file's model, serial
 * and firmware, the "health" section and the tag keys (read, write and
 * trim; other directions are skipped).
 *
 * Return: 0, or -1 with a reason (and byte offset for parse errors) in @err
 * (@e then freed): not JSON, another schema, a tag key without "nsid",
 * "direction" or "lat_ns", a "tags" of the wrong shape, or out of memory.
 */
int fr_read_engine(const char *buf, size_t len, struct fr_engine *e, char *err, size_t errlen);

/**
 * fr_engine_free() - free what fr_read_engine() read
 * @e: the engine file's contents; left zeroed
 */
void fr_engine_free(struct fr_engine *e);

/**
 * fr_engine_label() - the label of a drive known only by its identity
 * @e: the engine file's contents
 *
 * Return: a new "<model> <serial>" to free(), "drive" standing in for a
 * model not said and the serial left out when not said; NULL when out of
 * memory.
 */
char *fr_engine_label(const struct fr_engine *e);

/**
 * fr_engine_add_tails() - add a noisy-neighbor run's per-namespace figures
 * @m: the model they are added to
 * @e: the engine file's contents
 * @drive: the drive they belong to
 * @step: the step they are filed under
 * @source: the file they came from
 *
 * Each tag key becomes a job of the noisy-neighbor profile (a read step for
 * reads, a write step otherwise), its latency under both bases.  A
 * namespace's placed writes, one key per PID, become its write step (with
 * the per-PID figures attached, placement.h), their counts added, their
 * tails not merged.
 *
 * Return: 0, or -1 when out of memory.
 */
int fr_engine_add_tails(struct fr_model *m, const struct fr_engine *e, const char *drive,
			const char *step, const char *source);

#endif
