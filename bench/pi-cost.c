// SPDX-License-Identifier: GPL-2.0-only
/*
 * The cost of the engine's protection information (engine/io/pi.c,
 * pi_crc.c) against fio's own CRCs: driven by bench/pi-cost.sh, which says
 * how the figures are read.
 *
 *   pi-cost rounds N     interleaved rounds, CPU time: every kernel below runs
 *                        N times per round, in an order that turns each round
 *   pi-cost KERNEL N     KERNEL alone N times (for callgrind: Ir per call)
 *
 * Kernels work on one 4 KiB I/O: "gen16" / "chk16" generate / check the PI of
 * 8 LBAs of 512+8 (16-bit guard, type 1, separate metadata), "gen64" /
 * "chk64" of 1 LBA of 4096+16 (64-bit guard, PIF 2); "crc16" and "crc64"
 * are the engine's guard CRCs over 4 KiB, "fio-*" fio's over the same
 * bytes: what the fio tree the engine was built against has (the build
 * defines HAVE_FIO_* from its objects' symbols).
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pi.h"
#include "pi_crc.h"

#define IO_BYTES 4096

/* fio's CRCs (its crc/ objects, linked as they were built for fio). */
unsigned short fio_crc16(const void *buffer, unsigned int len);
unsigned long long fio_crc64(const unsigned char *buffer, unsigned long len);
#ifdef HAVE_FIO_T10DIF
unsigned short fio_crc_t10dif(unsigned short crc, const unsigned char *buffer, unsigned int len);
#endif
#ifdef HAVE_FIO_CRC64_NVME
unsigned long long fio_crc64_nvme(unsigned long long crc, const void *p, unsigned int len);
#endif

static unsigned char data[IO_BYTES];
static unsigned char md[8 * 16];
static volatile uint64_t sink; /* keeps every result alive */

static const struct pi_format fmt16 = {.lba_size = 512, .ms = 8, .type = 1, .pif = PI_GUARD_16};
static const struct pi_format fmt64 = {.lba_size = 4096, .ms = 16, .type = 1, .pif = PI_GUARD_64};
static const struct pi_mode mode = {.chk = PI_CHK_ALL, .apptag = 0x1234, .apptag_mask = 0xffff};

static void gen16(void)
{
	pi_generate(&fmt16, &mode, data, md, 8, 1000);
}

static void chk16(void)
{
	struct pi_error err;

	if (!pi_verify(&fmt16, &mode, data, md, 8, 1000, &err)) {
		fprintf(stderr, "pi-cost: chk16 failed at LBA %" PRIu64 "\n", err.lba);
		exit(1);
	}
}

static void gen64(void)
{
	pi_generate(&fmt64, &mode, data, md, 1, 1000);
}

static void chk64(void)
{
	struct pi_error err;

	if (!pi_verify(&fmt64, &mode, data, md, 1, 1000, &err)) {
		fprintf(stderr, "pi-cost: chk64 failed at LBA %" PRIu64 "\n", err.lba);
		exit(1);
	}
}

static void crc16(void)
{
	sink += pi_crc16_t10dif(0, data, IO_BYTES);
}

static void crc64(void)
{
	sink += pi_crc64_nvme(0, data, IO_BYTES);
}

static void fio_crc16_4k(void)
{
	sink += fio_crc16(data, IO_BYTES);
}

static void fio_crc64_4k(void)
{
	sink += fio_crc64(data, IO_BYTES);
}

#ifdef HAVE_FIO_T10DIF
static void fio_t10dif_4k(void)
{
	sink += fio_crc_t10dif(0, data, IO_BYTES);
}
#endif
#ifdef HAVE_FIO_CRC64_NVME
static void fio_crc64_nvme_4k(void)
{
	sink += fio_crc64_nvme(0, data, IO_BYTES);
}
#endif

struct kernel {
	const char *name;
	void (*run)(void);
	void (*setup)(void); /* valid PI for the checks */
};

static const struct kernel kernels[] = {
	{"gen16", gen16, NULL},
	{"chk16", chk16, gen16},
	{"gen64", gen64, NULL},
	{"chk64", chk64, gen64},
	{"crc16", crc16, NULL},
	{"crc64", crc64, NULL},
	{"fio-crc16", fio_crc16_4k, NULL},
	{"fio-crc64", fio_crc64_4k, NULL},
#ifdef HAVE_FIO_T10DIF
	{"fio-crc-t10dif", fio_t10dif_4k, NULL},
#endif
#ifdef HAVE_FIO_CRC64_NVME
	{"fio-crc64-nvme", fio_crc64_nvme_4k, NULL},
#endif
};
#define NR_KERNELS (sizeof(kernels) / sizeof(kernels[0]))

static double cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static void run_n(const struct kernel *k, unsigned long n)
{
	if (k->setup)
		k->setup();
	while (n--)
		k->run();
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* ROUNDS rounds; in each every kernel runs N times, the order turned by one. */
static void rounds(unsigned long n, unsigned int nr_rounds)
{
	static double ns[NR_KERNELS][64];
	unsigned int r, i, k;
	double t;

	for (r = 0; r < nr_rounds; r++) {
		for (i = 0; i < NR_KERNELS; i++) {
			k = (i + r) % NR_KERNELS;
			t = cpu_ns();
			run_n(&kernels[k], n);
			ns[k][r] = (cpu_ns() - t) / (double)n;
		}
	}
	/* one line per kernel: median and spread of the per-call CPU ns */
	for (k = 0; k < NR_KERNELS; k++) {
		qsort(ns[k], nr_rounds, sizeof(double), cmp_double);
		printf("%s %.1f %.1f %.1f\n", kernels[k].name, ns[k][nr_rounds / 2], ns[k][0],
		       ns[k][nr_rounds - 1]);
	}
}

int main(int argc, char **argv)
{
	unsigned long n;
	unsigned int i;

	if (argc != 3 || !(n = strtoul(argv[2], NULL, 10))) {
		fprintf(stderr, "usage: pi-cost rounds|KERNEL N\n");
		return 2;
	}
	for (i = 0; i < IO_BYTES; i++)
		data[i] = (unsigned char)(i * 131 + 7);
	if (!strcmp(argv[1], "rounds")) {
		rounds(n, 9);
		return 0;
	}
	for (i = 0; i < NR_KERNELS; i++) {
		if (!strcmp(argv[1], kernels[i].name)) {
			run_n(&kernels[i], n);
			return 0;
		}
	}
	fprintf(stderr, "pi-cost: no kernel '%s'\n", argv[1]);
	return 2;
}
