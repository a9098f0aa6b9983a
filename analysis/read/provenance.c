// SPDX-License-Identifier: GPL-2.0-only
/*
 * Which drive and which run (provenance.h): fr_prov_collect() walks the
 * measured drives with the parts prov_priv.h lists (manifests and engine
 * files, identity, runs, relabelling), and the renderers' look-ups.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "read/prov_priv.h"
#include "read/provenance.h"

static void fill_unrecorded(struct fr_prov_drive *pd)
{
	char *const fields[] = {pd->model,	pd->serial, pd->firmware, pd->capacity, pd->lba,
				pd->namespaces, pd->target, pd->host,	  pd->cpu,	pd->kernel,
				pd->fio,	pd->engine, pd->dates,	  pd->mode,	pd->method,
				pd->precond,	pd->steady};

	for (size_t i = 0; i < sizeof(fields) / sizeof(fields[0]); i++)
		if (!*fields[i])
			strcpy(fields[i], "not recorded");
}

/* Whether any drive has PI facts, and every distinct PI mode of the report. */
static void pi_summary(struct fr_prov *p)
{
	bool any = false;
	size_t i;

	for (i = 0; i < p->ndrives; i++)
		any |= *p->drives[i].pi != '\0';
	for (i = 0; i < p->ndrives && any; i++) {
		char *modes = p->drives[i].pi_modes, *tok, *save = NULL;

		p->drives[i].show_pi = true;
		/* modes are ", "-joined; a mode holds no ", " */
		for (tok = strtok_r(modes, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
			size_t before = strlen(p->pi_modes);

			fr_prov_add_word(p->pi_modes, sizeof(p->pi_modes), tok + (*tok == ' '));
			if (strlen(p->pi_modes) != before)
				p->npi_modes++;
		}
	}
}

int fr_prov_collect(struct fr_model *m, struct fr_prov *p)
{
	struct prov_ctx c = {.m = m};
	int ret = 0;

	memset(p, 0, sizeof(*p));
	for (size_t i = 0, n = m->ndrives; i < n && !ret; i++)
		if (!m->drives[i].reference)
			ret = fr_prov_split_by_namespaces(&c, m, i);
	if (!ret && !(p->drives = calloc(m->ndrives + 1, sizeof(*p->drives))))
		ret = -ENOMEM;
	for (size_t i = 0; !ret && i < m->ndrives; i++) {
		struct fr_drive *d = &m->drives[i];
		struct fr_prov_drive *pd = &p->drives[p->ndrives];

		if (d->reference)
			continue;
		p->ndrives++;
		fr_prov_drive_steps(&c, d, pd);
		if (*pd->namespaces) { /* in order, not in the order the runs named them */
			char sorted[sizeof(pd->namespaces)];

			fr_prov_ns_list(pd->namespaces, sorted, sizeof(sorted), ", ");
			memcpy(pd->namespaces, sorted, sizeof(sorted));
		}
		fr_prov_fio_dates(pd);
		fill_unrecorded(pd);
		ret = fr_prov_relabel(&c, m, d, pd);
		pd->drive = d;
		p->steady_not_reached |= pd->steady_not_reached;
	}
	pi_summary(p);
	fr_prov_ctx_free(&c);
	return ret;
}

void fr_prov_free(struct fr_prov *p)
{
	free(p->drives);
	memset(p, 0, sizeof(*p));
}

bool fr_prov_warn_steady(const struct fr_prov *p, FILE *f)
{
	for (size_t i = 0; f && i < p->ndrives; i++)
		if (p->drives[i].steady_not_reached)
			fprintf(f, "fiorank: %s: steady state %s\n", p->drives[i].drive->label,
				p->drives[i].steady);
	return p->steady_not_reached;
}

bool fr_prov_warn_pi(const struct fr_prov *p, FILE *f)
{
	if (p->npi_modes < 2)
		return false;
	if (f)
		fprintf(f,
			"fiorank: the report compares runs of different PI modes (%s): their "
			"figures "
			"are not like for like\n",
			p->pi_modes);
	return true;
}

const struct fr_prov_drive *fr_prov_find(const struct fr_prov *p, const struct fr_drive *d)
{
	for (size_t i = 0; p && i < p->ndrives; i++)
		if (p->drives[i].drive == d)
			return &p->drives[i];
	return NULL;
}

size_t fr_prov_fields(const struct fr_prov_drive *d, struct fr_prov_field *out, size_t max)
{
	const struct fr_prov_field all[] = {
		{"model", d->model},
		{"serial", d->serial},
		{"firmware", d->firmware},
		{"capacity", d->capacity},
		{"lba_size", d->lba},
		{"namespaces", d->namespaces},
		{"target", d->target},
		{"device", *d->node ? d->node : "not recorded"},
		{"host", d->host},
		{"cpu", d->cpu},
		{"kernel", d->kernel},
		{"fio", d->fio},
		{"engine", d->engine},
		{"date", d->dates},
		{"mode", d->mode},
		{"method", d->method},
		{"preconditioning", d->precond},
		{"steady_state", d->steady},
	};
	size_t n = sizeof(all) / sizeof(all[0]);

	n = n < max ? n : max;
	memcpy(out, all, n * sizeof(*out));
	/* metadata and PI: in reports that have them */
	if (d->show_pi && n < max)
		out[n++] = (struct fr_prov_field){"protection", *d->pi ? d->pi : "not recorded"};
	return n;
}
