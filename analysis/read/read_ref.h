/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef FIORANK_READ_REF_H
#define FIORANK_READ_REF_H

#include <stddef.h>

#include "model/model.h"

/* A row of analysis/reference/vdbench-curves.csv. */
struct fr_ref_curve {
	char *review, *device, *profile, *load, *point, *note;
	char *capacity, *host;
	double iops, gbps, lat_us;
	unsigned drives; /* drives run together for this figure (column "drives", default 1) */
};

/* A row of write-pressure.csv or noisy-neighbor.csv. */
struct fr_ref_lat {
	char *review, *device, *metric, *note;
	double write_mbps; /* write pressure */
	unsigned nsid;	   /* noisy neighbor (NS4 -> 4) */
	double value_us;
};

/* A row of methods.csv: what the review states of how it ran a profile.
 * review, profile and load may be "*"; a profile ending in "*" is a prefix. */
struct fr_ref_method {
	char *review, *profile, *load, *note;
	double outstanding, block_size, read_pct; /* NAN: not stated */
	double namespaces, writers; /* noisy neighbor: namespaces, of them writing; NAN */
};

/* A row of reviews.csv: how a report cites a review. */
struct fr_ref_review {
	char *review, *publisher, *title, *date;
};

struct fr_ref {
	struct fr_ref_review *reviews; /* reviews.csv, optional */
	size_t nreviews;
	struct fr_ref_method *methods; /* methods.csv, optional */
	size_t nmethods;
	struct fr_ref_curve *curves;
	size_t ncurves;
	struct fr_ref_lat *wp;
	size_t nwp;
	struct fr_ref_lat *nn;
	size_t nnn;
};

/**
 * fr_read_ref_dir() - read the CSV files of a reference directory
 * @dir: the directory
 * @ref: what is read (cleared first); free with fr_ref_free() on success
 * @err: where the reason goes on failure
 * @errlen: its size
 *
 * Reads vdbench-curves.csv, write-pressure.csv, noisy-neighbor.csv,
 * methods.csv and reviews.csv.  methods.csv may be absent (then no
 * published method is known), and so may reviews.csv (reviews then cited by
 * id).
 *
 * Return: 0, or -1 with "file: reason" or "file: record N: reason" in @err
 * (@ref then freed): a file that cannot be read, or as fr_read_ref_csv().
 */
int fr_read_ref_dir(const char *dir, struct fr_ref *ref, char *err, size_t errlen);
/**
 * fr_read_ref_csv() - read one reference CSV held in memory
 * @buf: the CSV's bytes
 * @len: how many
 * @which: what it holds: "curves", "wp", "nn", "reviews" or "methods"
 * @source: its name, for the messages
 * @ref: where its rows are added (not cleared)
 * @err: where the reason goes on failure
 * @errlen: its size
 *
 * Return: 0, or -1 with the reason in @err: no header row, a record with a
 * missing or invalid field, bad quoting or too many columns, or out of
 * memory (the rows read before it stay in @ref).
 */
int fr_read_ref_csv(const char *buf, size_t len, const char *which, const char *source,
		    struct fr_ref *ref, char *err, size_t errlen);
/**
 * fr_ref_free() - free what the reference reads allocated
 * @ref: the reference tables; left zeroed
 */
void fr_ref_free(struct fr_ref *ref);
/**
 * fr_ref_cite() - how a report cites a review
 * @ref: the reference tables
 * @review: the review id
 * @buf: where the citation is written
 * @len: its size
 *
 * Writes "<id>: "<title>" (<publisher>, date <date>)" when reviews.csv names
 * the review (the publisher and its comma left out when empty), or the id
 * alone when it does not.
 */
void fr_ref_cite(const struct fr_ref *ref, const char *review, char *buf, size_t len);

/**
 * fr_ref_to_model() - add the published figures to a model
 * @ref: the reference tables
 * @review: the one review id whose rows are added, or NULL for all
 * @m: the model
 *
 * Adds them as reference drives labelled "<device> [<review>]": curve points
 * become steps ("peak", "first") of the profile (a high-load row goes to
 * "<profile>-high"), write-pressure rows become wp-read steps,
 * noisy-neighbor rows nn-read namespaces (a row of device "both" is kept as
 * the review's statement).  A curve figure of a group of N drives is added
 * per drive (IOPS and bandwidth / N, latency as published) and the drive's
 * group set to N.  Every published curve step gets its method
 * (fr_step.method) from the first methods.csv row that matches, with the
 * row's note.
 *
 * Return: the number of drives added, or -1 when out of memory.
 */
int fr_ref_to_model(const struct fr_ref *ref, const char *review, struct fr_model *m);

#endif
