// SPDX-License-Identifier: GPL-2.0-only
/*
 * How many jobs of the run are still to write to each results file: a small
 * table in anonymous shared memory made in fio's main process, so that the
 * job processes it forks count in the same place and the last one to leave
 * merges the parts (results_parts.c).
 */
#include <limits.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#include "results_parts.h"

/* Results files per fio run that get a count; more merge job by job. */
#define PENDING_PATHS 64

enum { SLOT_FREE, SLOT_CLAIMED, SLOT_READY };

struct pending {
	atomic_int state;
	atomic_int jobs; /* joined, not yet left */
	char seen_run[RESULTS_RUN_ID_LEN];
	char path[PATH_MAX];
};

static _Atomic(struct pending *) table;

static struct pending *pending_table(void)
{
	struct pending *t = atomic_load(&table), *none = NULL;

	if (t)
		return t;
	t = mmap(NULL, PENDING_PATHS * sizeof(*t), PROT_READ | PROT_WRITE,
		 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (t == MAP_FAILED)
		return NULL;
	if (!atomic_compare_exchange_strong(&table, &none, t)) {
		munmap(t, PENDING_PATHS * sizeof(*t));
		return none;
	}
	return t;
}

/* Whether slot P is PATH's, waiting for a claim in progress to finish. */
static bool slot_is(struct pending *p, const char *path)
{
	while (atomic_load(&p->state) == SLOT_CLAIMED)
		;
	return !strcmp(p->path, path);
}

static int find_slot(const char *path)
{
	struct pending *t = pending_table();
	int i, free_state;

	if (!t || strlen(path) >= sizeof(t->path))
		return 0;
	for (i = 0; i < PENDING_PATHS; i++) {
		free_state = SLOT_FREE;
		if (atomic_compare_exchange_strong(&t[i].state, &free_state, SLOT_CLAIMED)) {
			snprintf(t[i].path, sizeof(t[i].path), "%s", path);
			/* read once per run: a file of many jobs is not parsed per job */
			results_run_in(path, t[i].seen_run, sizeof(t[i].seen_run));
			atomic_store(&t[i].state, SLOT_READY);
			return i + 1;
		}
		if (slot_is(&t[i], path))
			return i + 1;
	}
	return 0;
}

int results_pending_slot(const char *path, char *seen_run, size_t len)
{
	int slot = find_slot(path);

	if (slot)
		snprintf(seen_run, len, "%s", atomic_load(&table)[slot - 1].seen_run);
	else
		results_run_in(path, seen_run, len);
	return slot;
}

void results_pending_join(int slot)
{
	atomic_fetch_add(&atomic_load(&table)[slot - 1].jobs, 1);
}

bool results_pending_leave(int slot)
{
	return atomic_fetch_sub(&atomic_load(&table)[slot - 1].jobs, 1) == 1;
}
