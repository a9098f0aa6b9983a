// SPDX-License-Identifier: GPL-2.0-only
/*
 * --baseline DIR and --repeat DIR: each directory read like the inputs
 * (without published data) into a model of its own.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "gate/baseline_runs.h"
#include "read/inputs.h"

/* One directory into m; 0 or -1 having said why on o->err. */
static int read_dir(const char *dir, const struct fr_bl_read_opts *o, struct fr_model *m)
{
	struct fr_inputs *in;
	struct stat st;
	int ret = -1;

	if (stat(dir, &st)) {
		fprintf(o->err, "fiorank: %s %s: %s\n", o->option, dir, strerror(errno));
		return -1;
	}
	in = fr_inputs_new();
	if (!in || fr_inputs_add(in, dir, &(struct fr_input_opts){0})) {
		fprintf(o->err, "fiorank: out of memory\n");
		goto out;
	}
	if (o->refuse && o->refuse(in, o->arg))
		goto out;
	if (fr_inputs_read(in, m, o->threads)) {
		fprintf(o->err, "fiorank: out of memory\n");
		goto out;
	}
	if (o->list)
		o->list(m);
	if (!m->files_read)
		fprintf(o->err, "fiorank: %s %s: no fio output could be read there\n", o->option,
			dir);
	else
		ret = 0;
out:
	fr_inputs_free(in);
	return ret;
}

int fr_bl_dirs_read(const char *const *dirs, size_t n, const struct fr_bl_read_opts *o,
		    struct fr_bl_dirs *out)
{
	memset(out, 0, sizeof(*out));
	if (!n)
		return 0;
	out->m = calloc(n, sizeof(*out->m));
	if (!out->m) {
		fprintf(o->err, "fiorank: out of memory\n");
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		fr_model_init(&out->m[i]);
		out->n++;
		if (read_dir(dirs[i], o, &out->m[i]))
			return -1;
		out->problems |= out->m[i].nskipped || out->m[i].nexcluded;
	}
	return 0;
}

void fr_bl_dirs_free(struct fr_bl_dirs *d)
{
	for (size_t i = 0; i < d->n; i++)
		fr_model_free(&d->m[i]);
	free(d->m);
	d->m = NULL;
	d->n = 0;
}
