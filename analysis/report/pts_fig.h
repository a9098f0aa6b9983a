/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The PTS report's pages and each page's figures as one JSON object
 * (pts_fig.c, pts_iops.c), which every PTS renderer (out/pts_out.h) prints:
 * the report stage of `fiorank pts`, between the runs read (read/pts.h) and
 * the output.
 */
#ifndef FIORANK_PTS_FIG_H
#define FIORANK_PTS_FIG_H

#include "read/pts.h"

struct json_object;

/* The specification the pages follow, as the suites read it (jobs/README.md,
 * "SNIA PTS tests"): every page says so under its title. */
#define FR_PTS_SPEC                                                                        \
	"SNIA Solid State Storage Performance Test Specification (PTS) 2.0.x, Enterprise " \
	"(as ssdnvme's jobs/README.md reads it)"

/* The report's pages in order: one per test, the throughput test one per
 * block size (PTS's 128 KiB and 1024 KiB tests); main_test is the test
 * whose job options the header shows (NULL: the first measured run). */
struct fr_pts_page {
	const char *suite, *part, *main_test;
};
#define FR_PTS_NPAGES 8
extern const struct fr_pts_page fr_pts_pages[FR_PTS_NPAGES];

/**
 * fr_pts_figures() - one drive's figures for one page of the report
 * @d: the drive's runs, as fr_pts_load() read them
 * @page: the page (its suite, the throughput test's block size, the test
 *        whose options the header shows)
 *
 * Return: a new JSON object (drive, test, part, header, figures, tables,
 * charts; json_object_put() it), or NULL when the drive has no run of the
 * page's suite (and part).
 */
struct json_object *fr_pts_figures(struct fr_pts_drive *d, const struct fr_pts_page *page);

/**
 * fr_pts_iops_fig() - the IOPS test's tables and charts
 * @fig: the page's figures object (fr_pts_figures() made it), added to
 * @runs: the page's runs in order, NULL-terminated
 *
 * IOPS per block size and read/write mix over the steady-state window,
 * the window's first and last rounds.
 */
void fr_pts_iops_fig(struct json_object *fig, struct fr_pts_run **runs);

/**
 * fr_pts_tp_fig() - the throughput test's table and chart for one block size
 * @fig: the page's figures object, added to
 * @runs: the page's runs of that block size, NULL-terminated
 * @part: the block size the page is for ("128k", "1024k")
 *
 * Read and write MB/s and IOPS, the mean of the steady-state window, and
 * MB/s per round.
 */
void fr_pts_tp_fig(struct json_object *fig, struct fr_pts_run **runs, const char *part);

#endif
