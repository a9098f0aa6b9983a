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

/*
 * Reads the CSV files of a reference directory (methods.csv may be absent:
 * then no published method is known).  Returns 0, or -1 with
 * "file:line: reason" in err.
 */
int fr_read_ref_dir(const char *dir, struct fr_ref *ref, char *err, size_t errlen);
/* The same for one CSV held in memory; which = "curves", "wp", "nn", "reviews" or
 * "methods". */
int fr_read_ref_csv(const char *buf, size_t len, const char *which, const char *source,
		    struct fr_ref *ref, char *err, size_t errlen);
void fr_ref_free(struct fr_ref *ref);
/* "<title> (<publisher>, <date>)" of review id, or the id alone when
 * reviews.csv does not name it. */
void fr_ref_cite(const struct fr_ref *ref, const char *review, char *buf, size_t len);

/*
 * Adds the published figures to a model as reference drives labelled
 * "<device> [<review>]": curve points become steps ("peak", "first") of the
 * profile (a high-load row goes to "<profile>-high"), write-pressure rows
 * become wp-read steps, noisy-neighbor rows nn-read namespaces.  A curve
 * figure of a group of N drives is added per drive (IOPS and bandwidth / N,
 * latency as published) and the drive's group set to N.  Every published
 * curve step gets its method (fr_step.method) from the first methods.csv
 * row that matches, with the row's note.  review
 * limits it to one review id (NULL: all).  Returns the number of drives
 * added, or -1.
 */
int fr_ref_to_model(const struct fr_ref *ref, const char *review, struct fr_model *m);

#endif
