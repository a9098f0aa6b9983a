/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The fast reader's first stage (read_fio_fast.h): one fio JSON document
 * scanned into flat records of the values read_fio.c takes, numbers as
 * json-c gives them and strings copied out terminated.  Private to
 * fastread_scan.c and read_fio_fast.c.
 */
#ifndef FIORANK_FASTREAD_SCAN_H
#define FIORANK_FASTREAD_SCAN_H

#include <stdbool.h>
#include <stddef.h>

#include "read/compact.h"
#include "read/read_fio_keep.h"

/* a direction's latency objects, in read_fio.c's order of preference per
 * basis: clat_ns then clat (µs), lat_ns then lat (µs) */
enum { FS_CLAT_NS, FS_CLAT, FS_LAT_NS, FS_LAT, FS_NLAT };
/* a job's direction objects */
enum { FS_READ, FS_WRITE, FS_TRIM, FS_MIXED, FS_NDIR };

struct fs_lat {
	bool present;
	double mean, stddev, max; /* NAN where absent */
	double pct[FR_NPCT];	  /* the one key meaning fr_pct_read[i], NAN none */
};

struct fs_dir {
	bool present;
	double iops, bw_bytes, bw, io_bytes, total_ios, runtime; /* NAN where absent */
	struct fs_lat lat[FS_NLAT];
	/* json+: clat_ns's "bins" summed into the kept distribution's buckets
	 * (read_fio_keep.c), has_bins when the object was there */
	bool has_bins;
	double buckets[FR_DIST_NBUCKETS];
};

struct fs_opt {
	const char *key, *val;
};

struct fs_job {
	const char *jobname; /* NULL when absent */
	double groupid, error, job_runtime;
	bool has_ss;	    /* a "steadystate" object */
	double ss_attained; /* its "attained", NAN absent */
	const char *ss_what;
	bool has_opts; /* a "job options" object: opts[opt0 .. opt0 + nopts) */
	size_t opt0, nopts;
	struct fs_dir dir[FS_NDIR];
};

struct fs_doc {
	const char *fio_version; /* NULL when absent */
	double timestamp;
	bool has_jobs;
	bool has_gopts;	      /* a "global options" object (an array declines): */
	size_t gopt0, ngopts; /* opts[gopt0 .. gopt0 + ngopts) */
	struct fs_job *jobs;
	size_t njobs, jcap;
	struct fs_opt *opts;
	size_t nopts, ocap;
	bool bins;   /* json+ bins are read (fs_scan()'s @bins) */
	char *arena; /* the strings, each terminated */
	size_t arena_used;
};

/**
 * fs_scan() - scan one fio JSON document into flat records
 * @buf: the input
 * @len: its length in bytes
 * @bins: whether json+ "bins" are read into the buckets; without, they are
 *        skipped (still checked as strict JSON) and has_bins stays false
 * @d: the records, filled (cleared first)
 *
 * Scans the one document in @buf (after any text before it, as read_fio.c
 * finds it).  Free @d with fs_doc_free() either way.
 *
 * Return: true when scanned; false when the fast reader declines it (no
 * document, out of memory, anything read_fio.c would read in a way these
 * records cannot hold, or another document after it), for json-c's path
 * to read the input.
 */
bool fs_scan(const char *buf, size_t len, bool bins, struct fs_doc *d);

/**
 * fs_doc_free() - free what fs_scan() allocated
 * @d: the records; left zeroed
 */
void fs_doc_free(struct fs_doc *d);

#endif
