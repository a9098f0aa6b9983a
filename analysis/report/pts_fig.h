/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The PTS report's pages and each page's figures (pts_fig.c, pts_iops.c,
 * report/pts_report.h's model), which every PTS renderer (out/pts_out.h)
 * prints: the report stage of `fiorank pts`, between the runs read
 * (read/pts.h) and the output.
 */
#ifndef FIORANK_PTS_FIG_H
#define FIORANK_PTS_FIG_H

#include "read/pts.h"
#include "report/pts_report.h"

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
 * Return: a new page (fr_pts_fig_free() it), or NULL when the drive has no
 * run of the page's suite (and part), or out of memory.
 */
struct fr_pts_fig *fr_pts_figures(struct fr_pts_drive *d, const struct fr_pts_page *page);

/**
 * fr_pts_report_build() - every drive's pages, placed by each test's merit
 * @r: the report made (fr_pts_report_free() it)
 * @d: the drives
 * @n: how many
 * @ri: how the report was made (NULL: not said)
 *
 * The pages in page order, each test's drives in the order given; a page
 * with a figure of merit gets its place among the drives in steady state
 * that ran it, or why it has none.
 *
 * Return: 0, or -ENOMEM (@r left empty).
 */
int fr_pts_report_build(struct fr_pts_report *r, struct fr_pts_drive *d, size_t n,
			const struct fr_run_info *ri);

/**
 * pts_drive_name() - a drive's name on its pages
 * @buf: where it is written
 * @len: its size
 * @d: the drive
 *
 * The runner names a drive after its device node ("ng0n1"); that one is
 * named by model, serial and namespace as the ranking report names it
 * ("QEMU NVMe Ctrl deadbeef ns1").  A label of the user's, or a drive
 * without model and serial (a file), keeps its label.
 */
void pts_drive_name(char *buf, size_t len, const struct fr_pts_drive *d);

/**
 * pts_first_of() - the first run of a test
 * @runs: the runs, NULL-terminated
 * @test: the test ("wdpc", ...)
 *
 * Return: the run, or NULL when none is of @test.
 */
const struct fr_pts_run *pts_first_of(struct fr_pts_run **runs, const char *test);

/**
 * pts_header() - a page's header (pts_header.c)
 * @fig: the page, whose header fields are set
 * @d: the drive
 * @runs: the page's runs, NULL-terminated
 * @measured: the run whose job options the header shows, or NULL
 */
void pts_header(struct fr_pts_fig *fig, const struct fr_pts_drive *d, struct fr_pts_run **runs,
		const struct fr_pts_run *measured);

/**
 * fr_pts_steady() - whether a page's test is in steady state
 * @fig: the page
 *
 * Return: false when the page has a steady state (rounds) that fiorank
 * judged NOT reached or refused, or whose rounds' measures the runner was
 * told to wait for (--ss-measures) are not all steady; true otherwise (also
 * a test without rounds).
 */
bool fr_pts_steady(const struct fr_pts_fig *fig);

/**
 * fr_pts_fig_free() - free a page
 * @fig: the page (NULL: nothing)
 */
void fr_pts_fig_free(struct fr_pts_fig *fig);

/**
 * fr_pts_report_free() - free a report's pages
 * @r: the report (left empty)
 */
void fr_pts_report_free(struct fr_pts_report *r);

/**
 * fr_pts_report_problems() - say each page whose steady state was not reached
 * @r: the report
 * @err: where each is said ("fiorank pts: DRIVE TEST: steady state NOT
 *       reached ..." or the refusal), or NULL
 *
 * Return: how many pages of the report are not in steady state.
 */
size_t fr_pts_report_problems(const struct fr_pts_report *r, FILE *err);

/**
 * fr_pts_iops_fig() - the IOPS test's tables and charts
 * @fig: the page, added to
 * @runs: the page's runs in order, NULL-terminated
 *
 * IOPS per block size and read/write mix over the steady-state window,
 * the window's first and last rounds.
 */
void fr_pts_iops_fig(struct fr_pts_fig *fig, struct fr_pts_run **runs);

/**
 * fr_pts_tp_fig() - the throughput test's table and chart for one block size
 * @fig: the page, added to
 * @runs: the page's runs of that block size, NULL-terminated
 * @part: the block size the page is for ("128k", "1024k")
 *
 * Read and write MB/s and IOPS, the mean of the steady-state window, and
 * MB/s per round.
 */
void fr_pts_tp_fig(struct fr_pts_fig *fig, struct fr_pts_run **runs, const char *part);

#endif
