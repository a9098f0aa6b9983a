// SPDX-License-Identifier: GPL-2.0-only
/*
 * jemalloc's options for fiorank (linked into the fiorank binary only, not
 * into libfiorank.a: the tests and the sanitizer builds use their own
 * allocator, and then nothing here runs).
 *
 * Why: fiorank allocates a few MB of small objects once (json-c trees, the
 * model, the report) and first touches every page of it.  Each first touch
 * is a page fault, and a fault costs far more than the work done on the
 * page on a virtualised host (12-15 us each on the development VM: 4,096
 * fresh 4 KiB pages touched cost 51-63 ms of CPU, the same 16 MiB on huge
 * pages 1.4-5.5 ms).  With transparent huge pages on madvise (the common
 * default), "thp:always" has jemalloc ask for huge pages for its heap.
 *
 * That alone left most faults 4 KiB ones: jemalloc grows its heap by
 * mappings of 2, 2.5, 3, 3.5, 4, 5, 6 MiB..., which the kernel places
 * without 2 MiB alignment, so most of each falls in a 2 MiB frame that the
 * mapping does not fill, and the kernel maps such a frame page by page
 * (1,500 of the 1,680 faults for 2,000 fio outputs).  So the arenas take
 * their memory from the hooks below: 64 MiB reservations aligned on 2 MiB
 * and advised huge, handed out in order.  Address space is reserved, not
 * memory: a page is backed when first touched, as before.  What jemalloc
 * frees stays in its arenas for reuse (no dalloc hook), as a CLI run wants.
 * Where the kernel has huge pages off, the faults are 4 KiB ones as before.
 * MALLOC_CONF in the environment still overrides the options; the hooks
 * are not set when jemalloc is not the allocator (mallctl() absent).
 */
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

#include <jemalloc/jemalloc.h>

const char *malloc_conf = "thp:always";

/* present only when jemalloc is linked in (not under the sanitizers) */
#pragma weak mallctl

#define HUGE_SIZE    ((size_t)2 << 20)
#define RESERVE_SIZE ((size_t)64 << 20)

static pthread_mutex_t heap_lock = PTHREAD_MUTEX_INITIALIZER;
static uintptr_t heap_next, heap_end; /* the current reservation's free part */

static uintptr_t align_up(uintptr_t v, size_t a)
{
	return (v + a - 1) & ~(uintptr_t)(a - 1);
}

/* A new reservation of at least `need` bytes, 2 MiB aligned; false when
 * the address space is not there. */
static bool reserve(size_t need)
{
	size_t len = align_up(need > RESERVE_SIZE ? need : RESERVE_SIZE, HUGE_SIZE);
	size_t map_len = len + HUGE_SIZE; /* room to align the start */
	void *p = mmap(NULL, map_len, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	uintptr_t start, end;

	if (p == MAP_FAILED)
		return false;
	start = align_up((uintptr_t)p, HUGE_SIZE);
	end = start + len;
	/* the slack before and after the aligned part is given back */
	if (start > (uintptr_t)p)
		munmap(p, start - (uintptr_t)p);
	if ((uintptr_t)p + map_len > end)
		munmap((void *)end, (uintptr_t)p + map_len - end);
	madvise((void *)start, len, MADV_HUGEPAGE); /* advice: failure is harmless */
	heap_next = start;
	heap_end = end;
	return true;
}

/* jemalloc's extent_alloc hook: fresh zeroed memory from the reservation. */
static void *heap_alloc(extent_hooks_t *hooks, void *new_addr, size_t size, size_t alignment,
			bool *zero, bool *commit, unsigned arena_ind)
{
	uintptr_t at = 0;

	(void)hooks;
	(void)arena_ind;
	if (new_addr) /* growing an extent in place: not offered */
		return NULL;
	if (alignment < 4096)
		alignment = 4096;
	pthread_mutex_lock(&heap_lock);
	if (heap_end && align_up(heap_next, alignment) + size <= heap_end)
		at = align_up(heap_next, alignment);
	else if (reserve(size + alignment))
		at = align_up(heap_next, alignment);
	if (at)
		heap_next = at + size;
	pthread_mutex_unlock(&heap_lock);
	if (!at)
		return NULL;
	*zero = true; /* never touched since mmap() */
	*commit = true;
	return (void *)at;
}

/* Anonymous mappings split and merge freely: both always succeed. */
static bool heap_split(extent_hooks_t *hooks, void *addr, size_t size, size_t size_a, size_t size_b,
		       bool committed, unsigned arena_ind)
{
	(void)hooks, (void)addr, (void)size, (void)size_a, (void)size_b, (void)committed;
	(void)arena_ind;
	return false;
}

static bool heap_merge(extent_hooks_t *hooks, void *addr_a, size_t size_a, void *addr_b,
		       size_t size_b, bool committed, unsigned arena_ind)
{
	(void)hooks, (void)addr_a, (void)size_a, (void)addr_b, (void)size_b, (void)committed;
	(void)arena_ind;
	return false;
}

/* no dalloc, destroy, commit, decommit or purge: memory stays with jemalloc */
static extent_hooks_t heap_hooks = {
	.alloc = heap_alloc,
	.split = heap_split,
	.merge = heap_merge,
};

/*
 * The arenas fiorank's threads use take the hooks: by default no more
 * threads than online CPUs, at most 8 (main.c), and jemalloc gives each
 * new thread an arena no thread has yet, in order.  Setting the hooks creates an arena,
 * and each new arena touches memory for its own records, so the rest
 * (jemalloc makes 4 per CPU) are left as they are.  Runs before main().
 */
__attribute__((constructor)) static void install_heap_hooks(void)
{
	unsigned narenas;
	size_t len = sizeof(narenas);
	extent_hooks_t *hooks = &heap_hooks;
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	char name[64];

	if (!mallctl || mallctl("opt.narenas", &narenas, &len, NULL, 0))
		return;
	if (cpus < 1)
		cpus = 1;
	for (unsigned i = 0; i < narenas && i < (unsigned)cpus && i < 8; i++) {
		snprintf(name, sizeof(name), "arena.%u.extent_hooks", i);
		mallctl(name, NULL, NULL, &hooks, sizeof(hooks));
	}
}
