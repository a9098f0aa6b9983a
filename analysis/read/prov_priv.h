/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What provenance.c (fr_prov_collect and the renderers' look-ups) shares
 * with its parts:
 *   prov_manifest.c  where a step's run is described: the manifest above its
 *                    fio output (read and indexed once) and its engine file;
 *   prov_identity.c  what the drive is: model, serial, capacity, PI, target
 *                    kind and namespaces, from the engine file or manifest;
 *   prov_run.c       how and when it ran: versions, dates, mode, steady
 *                    state, preconditioning, each step's method;
 *   prov_relabel.c   a drive named after its device node relabelled by
 *                    identity, and split by the namespaces its runs used;
 *   prov_list.c      the ", "-joined lists every field is.
 */
#ifndef FIORANK_PROV_PRIV_H
#define FIORANK_PROV_PRIV_H

#include <limits.h>
#include <stddef.h>

#include "model/model.h"

struct fr_prov_drive; /* provenance.h */
struct json_object;
struct prov_doc; /* prov_manifest.c */

/* The documents read here, each once (prov_manifest.c). */
struct prov_docs {
	struct prov_doc *docs;
	size_t n, cap;
	struct json_object *by_path; /* path -> index in docs */
};

struct prov_ctx {
	const struct fr_model *m;
	struct prov_docs docs;
	/* directory -> index of its manifest in docs, -1 for none: each
	 * directory is looked at once, not once per file below it (a stat
	 * per level and file made 2,000 files cost 20,000 stat calls) */
	struct json_object *dir_mf;
};

struct prov_where {
	struct json_object *mf;	     /* manifest, or NULL */
	struct json_object *run;     /* its run entry for the source */
	struct json_object *mdrive;  /* its drives[] entry for the run's drive */
	struct json_object *eng;     /* engine file, or NULL */
	struct json_object *precond; /* the run's drive's [done, total], or NULL */
	const char *run_drive;	     /* the run's drive label in the manifest */
	struct json_object *sys;     /* a --hosts run: its host's systems[] entry */
	char mf_dir[PATH_MAX];
};

/**
 * fr_prov_locate() - where a step's run is described
 * @c: the context (documents read so far; more may be read)
 * @drive: the step's drive label (a --hosts run's host drive is found by it)
 * @st: the step (its source, the fio output, and its engine file)
 * @w: filled: its manifest entries, or NULLs, and its engine file (the one
 *     its reader read: the manifest's engine_output, else
 *     "<step>.engine.json" beside the fio output)
 */
void fr_prov_locate(struct prov_ctx *c, const char *drive, const struct fr_step *st,
		    struct prov_where *w);
/**
 * fr_prov_ctx_free() - free the documents a context read
 * @c: the context
 */
void fr_prov_ctx_free(struct prov_ctx *c);

/**
 * fr_prov_identity() - add a run's drive identity to a drive's fields
 * @pd: the drive's provenance
 * @w: where the run is described
 *
 * From the engine file's files[] (what the engine read from the
 * controller), else the manifest's drive entry.
 */
void fr_prov_identity(struct fr_prov_drive *pd, const struct prov_where *w);
/**
 * fr_prov_target() - what a run's target was
 * @w: where the run is described
 * @group: set to the number of distinct controller serials its engine file
 *         names (0 without one)
 *
 * The engine file's files[] (the least drive-like wins), else the
 * manifest's drive entry; both read the device itself.
 *
 * Return: the target kind, FR_TARGET_UNKNOWN when neither says.
 */
enum fr_target fr_prov_target(const struct prov_where *w, unsigned *group);
/**
 * fr_prov_step_namespaces() - add the namespaces one step's runs used
 * @buf: the ", "-list
 * @len: its size
 * @w: where the step's run is described
 * @st: the step (its fio filename= targets)
 *
 * The engine file's files[] (what the engine opened, from the device),
 * else the step's fio filename= targets read against the manifest's drive
 * entry, else that entry's nsid.
 */
void fr_prov_step_namespaces(char *buf, size_t len, const struct prov_where *w,
			     const struct fr_step *st);

/**
 * fr_prov_drive_steps() - collect a drive's provenance over its steps
 * @c: the context
 * @d: the drive; its measured steps' methods are filled and its group
 *     raised to the controllers its peak steps used
 * @pd: the drive's provenance, added to
 */
void fr_prov_drive_steps(struct prov_ctx *c, struct fr_drive *d, struct fr_prov_drive *pd);
/**
 * fr_prov_fio_dates() - add the dates of the drive's fio outputs
 * @pd: the drive's provenance: its fio outputs' first and last timestamps
 *      as "first .. last" (UTC), after any dates a manifest gave
 */
void fr_prov_fio_dates(struct fr_prov_drive *pd);

/**
 * fr_prov_split_by_namespaces() - split a runner's drive by namespace set
 * @c: the context
 * @m: the model
 * @di: the drive's index in @m
 *
 * A runner's drive whose results used different namespaces (make demo's
 * 4k-randread curve on ns1, its noisy neighbor on ns1-6) is split into one
 * drive per set, each labelled with its own namespaces, so that no result
 * is shown under namespaces it did not run on.  Profiles keep their steps.
 *
 * Return: 0 or -ENOMEM.
 */
int fr_prov_split_by_namespaces(struct prov_ctx *c, struct fr_model *m, size_t di);
/**
 * fr_prov_relabel() - relabel a drive the runner named after its node
 * @c: the context
 * @m: the model
 * @d: the drive: "ng0n1" (the runner's default: the device node's name)
 *     becomes "QEMU NVMe Ctrl deadbeef ns1", keeping a suffix such as
 *     " (io_uring_cmd)"; one whose runs used several namespaces lists them
 * @pd: its provenance, collected (one model and one serial, or no relabel)
 *
 * Return: 0 or -ENOMEM.
 */
int fr_prov_relabel(struct prov_ctx *c, struct fr_model *m, struct fr_drive *d,
		    const struct fr_prov_drive *pd);

/**
 * fr_prov_add_word() - append a word to a ", "-list unless it is there
 * @buf: the list
 * @len: its size
 * @w: the word; NULL or "" adds nothing
 */
void fr_prov_add_word(char *buf, size_t len, const char *w);
/**
 * fr_prov_ns_list() - sort a list of namespace ids
 * @in: ids, ", "-joined: "4, 5, 1"
 * @out: "1<sep>4<sep>5"
 * @len: size of @out
 * @sep: the separator
 */
void fr_prov_ns_list(const char *in, char *out, size_t len, const char *sep);

#endif
