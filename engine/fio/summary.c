// SPDX-License-Identifier: GPL-2.0-only
/*
 * What a plain fio run ends with: once every job is over, fio's main process
 * prints each namespace's completion latency per direction (the engine's
 * tags: I/Os, mean, p99, p99.99), where the results went and the one
 * fiorank command that reports them.  fio's text report merges a job's
 * namespaces into one; the engine knows them apart.
 *
 * fio forks one process per job (or runs threads with thread=1), so the
 * figures are gathered in a table in shared memory (tag_summary.h), mapped
 * when fio loads the engine, before any fork; each job merges its tag keys
 * at cleanup; the destructor prints, in fio's main process only, after fio's
 * own report.  The .so is linked -z nodelete so that fio's dlclose() of the
 * engine does not run it early.  Nothing under fio --server (the client
 * prints fio's report there) or with SSDNVME_NO_SUMMARY=1 (the runner,
 * which runs fiorank itself).  Notes go where ssdnvme_note() puts them:
 * never into fio's machine-readable report.
 */
#include <dlfcn.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fio.h"

#include "glue.h"
#include "ssdnvme_tags.h"
#include "tag_summary.h"

static struct tag_summary *summary;
static pid_t summary_pid; /* fio's main process: the one that loaded the engine */

static bool summary_wanted(void)
{
	const char *off = getenv("SSDNVME_NO_SUMMARY");

	return summary && !(off && *off && strcmp(off, "0"));
}

__attribute__((constructor)) static void summary_load(void)
{
	summary = tag_summary_map();
	summary_pid = getpid();
}

/*
 * The drive's label for fiorank -d: the base name of the job's first file
 * (fio has freed its files by ->cleanup(); the engine keeps what it opened).
 */
static void drive_label(const struct engine_data *ld, char *out, size_t len)
{
	const char *name = ld->nr_opened ? ld->opened[0]->ni.path : "";
	const char *slash = strrchr(name, '/');

	snprintf(out, len, "%.*s", (int)(len - 1), slash ? slash + 1 : name);
}

void ssdnvme_summary_job(struct thread_data *td, struct engine_data *ld)
{
	char label[TAG_SUMMARY_NAME];
	struct tags *t;
	size_t i;

	if (!summary_wanted())
		return;
	t = ld->tagging ? ld->tagging->tags : NULL;
	for (i = 0; t && i < t->nkeys; i++)
		tag_summary_add(summary, t->keys[i]->ctrl, t->keys[i]->nsid, t->keys[i]->dir,
				&t->keys[i]->hist);
	drive_label(ld, label, sizeof(label));
	tag_summary_job(summary, t != NULL, ld->results_path, td->thread_number, label);
}

/* @s as one shell word: as it is when plain, else in single quotes. */
static void shell_word(const char *s, char *out, size_t len)
{
	size_t o = 0;

	if (*s && strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
			    "_./+-:=,@%") == strlen(s)) {
		snprintf(out, len, "%s", s);
		return;
	}
	for (out[o++] = '\''; *s && o + 5 < len; s++) {
		if (*s == '\'') {
			memcpy(out + o, "'\\''", 4);
			o += 4;
		} else {
			out[o++] = *s;
		}
	}
	out[o++] = '\'';
	out[o] = '\0';
}

/*
 * fiorank as the user would type it: beside the engine (build/fiorank next to
 * build/ssdnvme.so), or PREFIX/bin/fiorank for an engine installed in
 * PREFIX/lib/ssdnvme/; else the name alone, for PATH.
 */
static void fiorank_path(char *out, size_t len)
{
	char dir[PATH_MAX], *d;
	Dl_info info;

	snprintf(out, len, "fiorank");
	if (!dladdr((void *)summary_load, &info) || !info.dli_fname || !strchr(info.dli_fname, '/'))
		return;
	snprintf(dir, sizeof(dir), "%s", info.dli_fname);
	d = dirname(dir);
	snprintf(out, len, "%s/fiorank", d);
	if (!access(out, X_OK))
		return;
	snprintf(out, len, "%s/../../bin/fiorank", d);
	if (!access(out, X_OK))
		return;
	snprintf(out, len, "fiorank");
}

/* Each line of @text through ssdnvme_note(), so that all go where notes go. */
static void note_lines(char *text)
{
	char *line, *save = NULL;

	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		ssdnvme_note("%s\n", line);
}

static void print_rows(const struct tag_summary_jobs *j)
{
	char *text = NULL;
	size_t size = 0;
	FILE *mem = open_memstream(&text, &size);
	unsigned int rows;

	if (!mem)
		return;
	fprintf(mem, "ssdnvme: completion latency per namespace (the engine's tags, fio's ramp "
		     "left out):\n");
	rows = tag_summary_print(summary, "ssdnvme:   ", mem);
	if (!rows)
		fprintf(mem, "ssdnvme:   none: %s\n",
			j->untagged == j->jobs ? "every job ran with tags=0" : "no I/O completed");
	else if (j->untagged)
		fprintf(mem, "ssdnvme:   (%u of %u jobs ran with tags=0: not in these figures)\n",
			j->untagged, j->jobs);
	if (j->lost_rows)
		fprintf(mem,
			"ssdnvme:   (%u namespace and direction rows did not fit: only %d "
			"shown)\n",
			j->lost_rows, TAG_SUMMARY_ROWS);
	if (fclose(mem) == 0)
		note_lines(text);
	free(text);
}

/* Where the results went, and the fiorank command that reports them. */
static void print_where(const struct tag_summary_jobs *j)
{
	char *fio_out = ssdnvme_fio_output_path(), rank[PATH_MAX], out[2 * PATH_MAX], label[256];
	bool json = output_format & (FIO_OUTPUT_JSON | FIO_OUTPUT_JSON_PLUS);

	fiorank_path(rank, sizeof(rank));
	shell_word(*j->label ? j->label : "DRIVE", label, sizeof(label));
	if (*j->results)
		ssdnvme_note("ssdnvme: the engine's results: %s%s\n", j->results,
			     j->several_results ? " (and other files: jobs set ssdnvme_results=)"
						: "");
	else
		ssdnvme_note("ssdnvme: the engine's results: not written (no --output, no "
			     "ssdnvme_results=)\n");
	if (fio_out && json) {
		shell_word(fio_out, out, sizeof(out));
		ssdnvme_note("ssdnvme: fio's JSON: %s; the report: %s -d %s %s\n", fio_out, rank,
			     label, out);
	} else {
		ssdnvme_note("ssdnvme: fio's JSON: %s; for the report run again with "
			     "--output-format=json+ --output=FILE.json, then: %s -d %s FILE.json\n",
			     fio_out ? "not written (the output is not JSON)"
				     : "missing (no --output)",
			     rank, label);
	}
	free(fio_out);
}

__attribute__((destructor)) static void summary_print(void)
{
	struct tag_summary_jobs j;

	if (!summary_wanted() || getpid() != summary_pid || is_backend)
		return;
	tag_summary_jobs(summary, &j);
	if (j.jobs) {
		fflush(stdout); /* fio's report first */
		print_rows(&j);
		print_where(&j);
	}
}
