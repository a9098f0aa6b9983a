// SPDX-License-Identifier: GPL-2.0-only
/*
 * Guard CRCs for protection information (pure), sliced by 8: eight bytes
 * per step through eight 256-entry tables, a byte at a time for the rest.
 * Table k holds the CRC of a byte followed by k zero bytes, so the eight
 * lookups of a step are independent and XOR together (the CRC is linear).
 * The tables are built once when the object is loaded (a constructor), so
 * no call pays for a once-check (bench/pi-cost.sh measures the cost).
 */
#include <string.h>

#include "pi_crc.h"

#define CRC16_T10DIF_POLY 0x8bb7u
/* 0xAD93D23594C93659 bit-reversed: the tables work on the reflected form */
#define CRC64_NVME_POLY_REFLECTED 0x9a6c9329ac4bc9b5ull
#define SLICES			  8

static uint16_t crc16_table[SLICES][256];
static uint64_t crc64_table[SLICES][256];

static uint16_t crc16_byte_step(uint16_t c)
{
	unsigned int bit;

	for (bit = 0; bit < 8; bit++)
		c = (uint16_t)((c & 0x8000u) ? (unsigned int)(c << 1) ^ CRC16_T10DIF_POLY
					     : (unsigned int)(c << 1));
	return c;
}

static uint64_t crc64_byte_step(uint64_t c)
{
	unsigned int bit;

	for (bit = 0; bit < 8; bit++)
		c = c & 1 ? (c >> 1) ^ CRC64_NVME_POLY_REFLECTED : c >> 1;
	return c;
}

__attribute__((constructor)) static void build_tables(void)
{
	unsigned int i, k;

	for (i = 0; i < 256; i++) {
		crc16_table[0][i] = crc16_byte_step((uint16_t)(i << 8));
		crc64_table[0][i] = crc64_byte_step(i);
	}
	/* one more zero byte after the byte: one more step of the byte table */
	for (k = 1; k < SLICES; k++) {
		for (i = 0; i < 256; i++) {
			uint16_t c16 = crc16_table[k - 1][i];
			uint64_t c64 = crc64_table[k - 1][i];

			crc16_table[k][i] = (uint16_t)((c16 << 8) ^ crc16_table[0][c16 >> 8]);
			crc64_table[k][i] = (c64 >> 8) ^ crc64_table[0][c64 & 0xff];
		}
	}
}

uint16_t pi_crc16_t10dif(uint16_t crc, const void *buf, size_t len)
{
	const unsigned char *p = buf;

	/* not reflected: the register lines up with the first two bytes */
	for (; len >= SLICES; len -= SLICES, p += SLICES)
		crc = crc16_table[7][p[0] ^ (crc >> 8)] ^ crc16_table[6][p[1] ^ (crc & 0xff)] ^
		      crc16_table[5][p[2]] ^ crc16_table[4][p[3]] ^ crc16_table[3][p[4]] ^
		      crc16_table[2][p[5]] ^ crc16_table[1][p[6]] ^ crc16_table[0][p[7]];
	while (len--)
		crc = (uint16_t)((crc << 8) ^ crc16_table[0][((crc >> 8) ^ *p++) & 0xff]);
	return crc;
}

/* Eight bytes as the little-endian number the reflected CRC reads them as. */
static uint64_t load_le64(const unsigned char *p)
{
	uint64_t v;

	memcpy(&v, p, sizeof(v));
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	v = __builtin_bswap64(v);
#endif
	return v;
}

uint64_t pi_crc64_nvme(uint64_t crc, const void *buf, size_t len)
{
	const unsigned char *p = buf;

	crc = ~crc;
	for (; len >= SLICES; len -= SLICES, p += SLICES) {
		crc ^= load_le64(p);
		crc = crc64_table[7][crc & 0xff] ^ crc64_table[6][(crc >> 8) & 0xff] ^
		      crc64_table[5][(crc >> 16) & 0xff] ^ crc64_table[4][(crc >> 24) & 0xff] ^
		      crc64_table[3][(crc >> 32) & 0xff] ^ crc64_table[2][(crc >> 40) & 0xff] ^
		      crc64_table[1][(crc >> 48) & 0xff] ^ crc64_table[0][crc >> 56];
	}
	while (len--)
		crc = crc64_table[0][(crc ^ *p++) & 0xff] ^ (crc >> 8);
	return ~crc;
}
