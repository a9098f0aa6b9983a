// SPDX-License-Identifier: GPL-2.0-only
/*
 * jemalloc's options for fiorank (linked into the fiorank binary only, not
 * into libfiorank.a: the tests and the sanitizer builds use their own
 * allocator, and this symbol is then unused).
 *
 * Why: fiorank allocates a few MB of small objects once (json-c trees, the
 * model, the report) and first touches every page of it.  Each first touch
 * is a page fault, and a fault costs far more than the work done on the
 * page on a virtualised host (about 14 us each on the development VM, 2,400
 * faults for 2,000 fio outputs).  With transparent huge pages on madvise
 * (the common default), "thp:always" has jemalloc ask for huge pages for its
 * heap, so one fault maps 2 MiB.  Where the kernel has them off it changes
 * nothing.  MALLOC_CONF in the environment still overrides it.
 */
const char *malloc_conf = "thp:always";
