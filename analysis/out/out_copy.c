// SPDX-License-Identifier: GPL-2.0-only
/*
 * The Copy section of the text and Markdown reports (out_copy.h; JSON's is
 * out_json_sect.c, HTML's out_html_copy.c): per run, the Copy phase and the
 * host's copy side by side, their ratio, and the bus bytes the Copy saved.
 * One writer prints both, as their tables have the same cells in the same
 * order and differ only in separators.  Printed only when a Copy run was
 * read, so that other reports are unchanged.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "model/copy.h"
#include "report/report.h"
#include "out/out_copy.h"
#include "out/out_md.h"
#include "out/out_text.h"
#include "util/escape.h"

const char *const fr_copy_how_bus =
	"bus bytes: data moved over the bus besides the commands themselves; the "
	"host's copy moves every byte twice (read in, written out: its read and write "
	"io_bytes), a Copy one 32-byte source range per command (fio's write total_ios "
	"x 32); saved = 2 x the bytes the Copy landed - 32 x its commands";
const char *const fr_copy_how_cpu =
	"CPU: fio's usr_cpu + sys_cpu of the copying jobs (the Copy; the host's read and "
	"write), summed; CPU s/GB: each job's (usr + sys) x its job_runtime, over the "
	"bytes landed (fio restarts both at the end of ramp_time)";

/* A figure, or "n/a" for one not known. */
static void num(FILE *f, const char *fmt, double v)
{
	if (isfinite(v))
		fprintf(f, fmt, v);
	else
		fputs("n/a", f);
}

/* ---- text and Markdown: one writer, md set for Markdown tables */

struct tw {
	FILE *f;
	bool md;
	void (*str)(FILE *f, const char *s);
};

static void cell_sep(const struct tw *w)
{
	fputs(w->md ? " | " : "  ", w->f);
}

static void phase_row(const struct tw *w, const char *name, const struct fr_copy_phase *p)
{
	FILE *f = w->f;

	fputs(w->md ? "| " : "    ", f);
	fprintf(f, w->md ? "%s" : "%-9s", name);
	cell_sep(w);
	num(f, "%9.1f", p->mbps);
	cell_sep(w);
	num(f, "%7.1f", p->cpu_pct);
	cell_sep(w);
	num(f, "%8.3f", p->cpu_s_per_gb);
	cell_sep(w);
	num(f, "%12.0f", p->bus_bytes);
	cell_sep(w);
	num(f, "%8.5f", p->landed_bytes > 0 ? p->bus_bytes / p->landed_bytes : NAN);
	cell_sep(w);
	num(f, "%8.1f", p->rd_p50 / 1000);
	fputs(" / ", f);
	num(f, "%.1f", p->rd_p99 / 1000);
	fputs(" / ", f);
	num(f, "%.1f", p->rd_p999 / 1000);
	cell_sep(w);
	num(f, "%.0f", p->rd_iops);
	fputs(w->md ? " |\n" : "\n", f);
}

static void ratio_row(const struct tw *w, const struct fr_copy_run *r)
{
	FILE *f = w->f;

	fprintf(f, w->md ? "| copy/host | " : "    %-9s  ", "copy/host");
	num(f, "%9.3f", r->r_mbps);
	cell_sep(w);
	fputs(w->md ? "" : "       ", f);
	cell_sep(w);
	num(f, "%8.3f", r->r_cpu_gb);
	cell_sep(w);
	fputs(w->md ? "" : "            ", f);
	cell_sep(w);
	fputs(w->md ? "" : "        ", f);
	cell_sep(w);
	num(f, "%8.3f", r->r_p50);
	fputs(" / ", f);
	num(f, "%.3f", r->r_p99);
	fputs(" / ", f);
	num(f, "%.3f", r->r_p999);
	fputs(w->md ? " | |\n" : "\n", f);
}

static void run_tw(const struct tw *w, const struct fr_copy_run *r)
{
	FILE *f = w->f;

	fputs(w->md ? "\n**" : "drive ", f);
	w->str(f, r->drive);
	fputs(w->md ? "** (" : " (", f);
	w->str(f, r->source);
	fputs(")", f);
	if (r->why[0]) {
		fputs(": not compared: ", f);
		w->str(f, r->why);
		fputs("\n", f);
		return;
	}
	fprintf(f, ": %u bytes per Copy command; Copy phase: ", r->range_bytes);
	w->str(f, r->copy.movers);
	fputs(r->copy.reader[0] ? " beside reader " : "", f);
	w->str(f, r->copy.reader);
	fputs("; host phase: ", f);
	w->str(f, r->host.movers);
	fputs(r->host.reader[0] ? " beside reader " : "", f);
	w->str(f, r->host.reader);
	fputs(w->md ? "\n\n" : "\n", f);
	if (w->md)
		fputs("| phase | MB/s landed | CPU % | CPU s/GB | bus bytes | bus B per B landed | "
		      "reader p50 / p99 / p99.9 µs | reader IOPS |\n"
		      "|---|---:|---:|---:|---:|---:|---:|---:|\n",
		      f);
	else
		fprintf(f, "    %-9s  %9s  %7s  %8s  %12s  %8s  %s  %s\n", "phase", "MB/s", "CPU %",
			"CPU s/GB", "bus bytes", "bus B/B", "reader p50 / p99 / p99.9 us",
			"reader IOPS");
	phase_row(w, "copy", &r->copy);
	phase_row(w, "host", &r->host);
	ratio_row(w, r);
	fprintf(f,
		"%sbus bytes saved by the Copy: %.0f (2 x %.0f bytes landed - %u x %" PRIu64
		" commands)\n",
		w->md ? "\n" : "    ", r->bus_saved, r->copy.landed_bytes, FR_COPY_RANGE_DESC,
		r->copy.commands);
}

static void section_tw(const struct tw *w, const struct fr_model *m)
{
	if (!m->ncopy)
		return;
	fputs(w->md ? "\n## Copy: the drive's Copy command against the host's copy\n\n"
		    : "\n== Copy: the drive's Copy command against the host's copy ==\n",
	      w->f);
	fprintf(w->f, "%s%s.\n%s%s.\n", w->md ? "" : "  ", fr_copy_how_bus, w->md ? "\n" : "  ",
		fr_copy_how_cpu);
	for (size_t i = 0; i < m->ncopy; i++)
		run_tw(w, &m->copy[i]);
}

static void plain_str(FILE *f, const char *s)
{
	fr_write_escaped(f, s, strlen(s), FR_ESC_CONTROLS);
}

int fr_text_copy(struct fr_out *o)
{
	section_tw(&(struct tw){o->f, false, plain_str}, o->rep->m);
	return 0;
}

int fr_md_copy(struct fr_out *o)
{
	section_tw(&(struct tw){o->f, true, fr_md_escape}, o->rep->m);
	return 0;
}
