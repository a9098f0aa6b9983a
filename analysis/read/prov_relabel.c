// SPDX-License-Identifier: GPL-2.0-only
/*
 * A drive the runner named after its device node ("ng0n1") relabelled by
 * model, serial and namespaces, and split by the namespace sets its runs
 * used (prov_priv.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/json_get.h"
#include "read/prov_priv.h"
#include "read/provenance.h"

/* One model and one serial recorded for the drive. */
static bool one_identity(const struct fr_prov_drive *pd)
{
	return *pd->serial && *pd->model && !strchr(pd->serial, ',') && !strchr(pd->model, ',') &&
	       strcmp(pd->serial, "not recorded") && strcmp(pd->model, "not recorded");
}

/* "QEMU NVMe Ctrl deadbeef ns1,4" + suffix (ns: sorted ","-list) */
static void ident_label(char *buf, size_t len, const struct fr_prov_drive *pd, const char *ns,
			const char *suffix)
{
	snprintf(buf, len, "%s %s%s%s%s", pd->model, pd->serial, *ns ? " ns" : "", ns, suffix);
}

/* "ng0n1" (the runner's default: the device node's name) -> "QEMU NVMe
 * Ctrl deadbeef ns1", keeping a suffix such as " (io_uring_cmd)"; a drive
 * whose runs used several namespaces lists them ("ns1,2,3,4,5,6"). */
static int relabel(struct fr_model *m, struct fr_drive *d, const struct fr_prov_drive *pd,
		   const char *node_label)
{
	char label[512], ns[128];
	size_t nl = strlen(node_label);

	if (strncmp(d->label, node_label, nl) || !one_identity(pd))
		return 0;
	fr_prov_ns_list(pd->namespaces, ns, sizeof(ns), ",");
	ident_label(label, sizeof(label), pd, ns, d->label + nl);
	return fr_model_find_drive(m, label) ? 0 : fr_model_relabel_drive(m, d, label);
}

/* The runner's label of a drive named after its device node, or NULL. */
static const char *node_label(struct prov_ctx *c, const struct fr_drive *d)
{
	for (size_t p = 0; p < d->nprofiles; p++)
		for (size_t s = 0; s < d->profiles[p].nsteps; s++) {
			const struct fr_step *st = &d->profiles[p].steps[s];
			const char *path, *label, *base;
			struct prov_where w;

			if (!st->source)
				continue;
			fr_prov_locate(c, d->label, st, &w);
			label = fr_json_str(w.mdrive, "label");
			path = fr_json_str(w.mdrive, "path");
			base = path ? strrchr(path, '/') : NULL;
			return label && base && !strcmp(base + 1, label) ? label : NULL;
		}
	return NULL;
}

/* The namespaces one profile's runs used, sorted: "1" or "1,2,3,4,5,6". */
static void profile_namespaces(struct prov_ctx *c, const struct fr_drive *d,
			       const struct fr_profile *pr, char *out, size_t len)
{
	char list[sizeof(((struct fr_prov_drive *)0)->namespaces)] = "";

	for (size_t s = 0; s < pr->nsteps; s++) {
		struct prov_where w;

		if (!pr->steps[s].source)
			continue;
		fr_prov_locate(c, d->label, &pr->steps[s], &w);
		fr_prov_step_namespaces(list, sizeof(list), &w, &pr->steps[s]);
	}
	fr_prov_ns_list(list, out, len, ",");
}

int fr_prov_split_by_namespaces(struct prov_ctx *c, struct fr_model *m, size_t di)
{
	struct fr_prov_drive pd = {0};
	const char *nl = node_label(c, &m->drives[di]);
	char first[128], ns[128], label[512];
	size_t nll;

	if (!nl || m->drives[di].nprofiles < 2 || strncmp(m->drives[di].label, nl, strlen(nl)))
		return 0;
	nll = strlen(nl);
	fr_prov_drive_steps(c, &m->drives[di], &pd);
	if (!one_identity(&pd))
		return 0;
	profile_namespaces(c, &m->drives[di], &m->drives[di].profiles[0], first, sizeof(first));
	for (size_t p = 1; p < m->drives[di].nprofiles;) {
		profile_namespaces(c, &m->drives[di], &m->drives[di].profiles[p], ns, sizeof(ns));
		if (!strcmp(ns, first)) {
			p++;
			continue;
		}
		ident_label(label, sizeof(label), &pd, ns, m->drives[di].label + nll);
		if (fr_model_move_profile(m, di, p, label))
			return -ENOMEM;
	}
	return 0;
}

int fr_prov_relabel(struct prov_ctx *c, struct fr_model *m, struct fr_drive *d,
		    const struct fr_prov_drive *pd)
{
	const char *nl = node_label(c, d);

	return nl ? relabel(m, d, pd, nl) : 0;
}
