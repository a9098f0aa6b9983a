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

#include "gate/baseline.h"
#include "gate/baseline_runs.h"
#include "read/inputs.h"
#include "read/provenance.h"

/* The drives of m labelled as the inputs' are (fr_prov_collect(): a drive
 * the runner named after its device node by model, serial and namespaces),
 * so that a step is matched by the same label on both sides. */
static int label_as_inputs(struct fr_model *m)
{
	struct fr_prov p;
	int ret = fr_prov_collect(m, &p);

	fr_prov_free(&p);
	return ret;
}

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
	if (fr_inputs_read(in, m, o->threads) || label_as_inputs(m)) {
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

int fr_bl_dirs_rename(struct fr_bl_dirs *d, const char *const *dirs, const char *spec, FILE *err)
{
	const char *to = strchr(spec, '=') + 1;
	char *from = strndup(spec, (size_t)(to - 1 - spec));
	int ret = from ? 0 : -1;

	for (size_t i = 0; !ret && i < d->n; i++) {
		struct fr_drive *dr = fr_model_find_drive(&d->m[i], from);

		if (!dr || fr_model_find_drive(&d->m[i], to)) {
			fprintf(err, "fiorank: --baseline-drive '%s': the baseline %s %s '%s'\n",
				spec, dirs[i], dr ? "already has a drive" : "has no drive",
				dr ? to : from);
			ret = -1;
		} else {
			ret = fr_model_relabel_drive(&d->m[i], dr, to);
		}
	}
	free(from);
	return ret;
}

void fr_bl_dirs_free(struct fr_bl_dirs *d)
{
	for (size_t i = 0; i < d->n; i++)
		fr_model_free(&d->m[i]);
	free(d->m);
	d->m = NULL;
	d->n = 0;
}

/* Appends "'label'" to the ", "-joined list at *out. */
static int add_quoted(char **out, const char *label)
{
	char *t;
	int n = asprintf(&t, "%s%s'%s'", *out ? *out : "", *out ? ", " : "", label);

	if (n < 0)
		return -ENOMEM;
	free(*out);
	*out = t;
	return 0;
}

/* The measured drives of a that b has no drive of, quoted; NULL for none
 * (errno ENOMEM when out of memory). */
static char *drives_missing(const struct fr_model *a, const struct fr_model *b)
{
	char *list = NULL;

	for (size_t i = 0; i < a->ndrives; i++)
		if (!a->drives[i].reference && a->drives[i].nprofiles &&
		    !fr_model_find_drive(b, a->drives[i].label) &&
		    add_quoted(&list, a->drives[i].label)) {
			free(list);
			errno = ENOMEM;
			return NULL;
		}
	return list;
}

char *fr_bl_other_drives(const struct fr_model *cur, const struct fr_model *base)
{
	char *here = drives_missing(cur, base), *there = here ? drives_missing(base, cur) : NULL;
	char *out = NULL;

	if (here && asprintf(&out,
			     "the baseline holds no drive %s (its measured drives%s: %s): it "
			     "is of another drive; --baseline-drive 'BASE=NEW' compares two "
			     "drives on purpose",
			     here, there ? " not among the inputs" : "",
			     there ? there : "none of another label") < 0) {
		out = NULL;
		errno = ENOMEM;
	}
	free(here);
	free(there);
	return out;
}
