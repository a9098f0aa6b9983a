// SPDX-License-Identifier: GPL-2.0-only
/*
 * Guard CRCs for protection information (pure).  One 256-entry table per
 * CRC, built on first use: byte-at-a-time is enough for the test bed and
 * keeps the code small; bench/ measures its cost.
 */
#include <pthread.h>

#include "pi_crc.h"

#define CRC16_T10DIF_POLY 0x8bb7u
/* 0xAD93D23594C93659 bit-reversed: the table works on the reflected form */
#define CRC64_NVME_POLY_REFLECTED 0x9a6c9329ac4bc9b5ull

static uint16_t crc16_table[256];
static uint64_t crc64_table[256];
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static void build_tables(void)
{
	unsigned int i, bit;

	for (i = 0; i < 256; i++) {
		uint16_t c16 = (uint16_t)(i << 8);
		uint64_t c64 = i;

		for (bit = 0; bit < 8; bit++) {
			c16 = (uint16_t)((c16 & 0x8000u)
						 ? (unsigned int)(c16 << 1) ^ CRC16_T10DIF_POLY
						 : (unsigned int)(c16 << 1));
			c64 = c64 & 1 ? (c64 >> 1) ^ CRC64_NVME_POLY_REFLECTED : c64 >> 1;
		}
		crc16_table[i] = c16;
		crc64_table[i] = c64;
	}
}

uint16_t pi_crc16_t10dif(uint16_t crc, const void *buf, size_t len)
{
	const unsigned char *p = buf;

	pthread_once(&tables_once, build_tables);
	while (len--)
		crc = (uint16_t)((crc << 8) ^ crc16_table[((crc >> 8) ^ *p++) & 0xff]);
	return crc;
}

uint64_t pi_crc64_nvme(uint64_t crc, const void *buf, size_t len)
{
	const unsigned char *p = buf;

	pthread_once(&tables_once, build_tables);
	crc = ~crc;
	while (len--)
		crc = crc64_table[(crc ^ *p++) & 0xff] ^ (crc >> 8);
	return ~crc;
}
