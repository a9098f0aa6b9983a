// SPDX-License-Identifier: GPL-2.0-only
/*
 * The fleet outputs' records (clients.h); model_docs.c keeps them in the
 * model.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "model/clients.h"

void fr_clients_free(struct fr_clients *c)
{
	for (size_t i = 0; i < c->nhosts; i++) {
		free(c->hosts[i].key);
		for (int d = 0; d < 2; d++)
			fr_hist_free(&c->hosts[i].dir[d].hist);
	}
	free(c->hosts);
	free(c->source);
	free(c->problem);
	memset(c, 0, sizeof(*c));
}

void fr_clients_list_free(struct fr_clients *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		fr_clients_free(&v[i]);
	free(v);
}
