// SPDX-License-Identifier: GPL-2.0-only
/*
 * Reads fio's verify header from a block read back from the device (layout:
 * fio's verify.h, struct verify_header, little-endian on the machines fio
 * writes from).
 */
#include "fio_vhdr.h"

#include <stdbool.h>
#include <string.h>

#define VHDR_MAGIC	    0xacca
#define VHDR_VERSION	    0x81
#define VHDR_TYPE_CRC32C    5 /* fio's VERIFY_CRC32C */
#define VHDR_TYPE_CRC32C_HW 6 /* VERIFY_CRC32C_INTEL: the same sum */
#define VHDR_OFF_MAGIC	    0
#define VHDR_OFF_VERSION    2
#define VHDR_OFF_TYPE	    3
#define VHDR_OFF_LEN	    4
#define VHDR_OFF_OFFSET	    16
#define VHDR_OFF_HDR_CRC    44 /* crc32c of the 44 bytes before it */
#define VHDR_SIZE	    48
#define VHDR_OFF_DATA_CRC   48 /* struct vhdr_crc32 right after the header */
#define VHDR_DATA	    52 /* the data's checksum covers from here to len */

static uint32_t crc_table[256];

static void crc_table_init(void)
{
	for (unsigned int i = 0; i < 256; i++) {
		uint32_t c = i;

		for (int k = 0; k < 8; k++)
			c = c & 1 ? (c >> 1) ^ 0x82f63b78u : c >> 1;
		crc_table[i] = c;
	}
}

uint32_t vhdr_crc32c(const unsigned char *p, size_t len)
{
	uint32_t crc = ~0u;

	if (!crc_table[1])
		crc_table_init();
	while (len--)
		crc = crc_table[(crc ^ *p++) & 0xff] ^ (crc >> 8);
	return crc;
}

static uint64_t le(const unsigned char *p, int n)
{
	uint64_t v = 0;

	while (n--)
		v = v << 8 | p[n];
	return v;
}

static bool all_zero(const unsigned char *p, size_t len)
{
	return len == 0 || (p[0] == 0 && !memcmp(p, p + 1, len - 1));
}

static bool intact(const unsigned char *b, size_t len, uint64_t offset)
{
	unsigned int type = b[VHDR_OFF_TYPE];

	if (len < VHDR_DATA || le(b + VHDR_OFF_MAGIC, 2) != VHDR_MAGIC ||
	    b[VHDR_OFF_VERSION] != VHDR_VERSION ||
	    (type != VHDR_TYPE_CRC32C && type != VHDR_TYPE_CRC32C_HW))
		return false;
	if (le(b + VHDR_OFF_LEN, 4) != len || le(b + VHDR_OFF_OFFSET, 8) != offset)
		return false;
	if (vhdr_crc32c(b, VHDR_OFF_HDR_CRC) != le(b + VHDR_OFF_HDR_CRC, 4))
		return false;
	return vhdr_crc32c(b + VHDR_DATA, len - VHDR_DATA) == le(b + VHDR_OFF_DATA_CRC, 4);
}

enum vhdr_state vhdr_check(const unsigned char *buf, size_t len, uint64_t offset,
			   unsigned int lba_size)
{
	size_t zero = 0, n = 0;

	if (intact(buf, len, offset))
		return VHDR_INTACT;
	if (all_zero(buf, len))
		return VHDR_ZERO;
	for (size_t at = 0; lba_size && at + lba_size <= len; at += lba_size, n++)
		zero += all_zero(buf + at, lba_size);
	return zero ? VHDR_PARTIAL : VHDR_TORN;
}
