/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fio's verify header (verify.h, header version 0x81, fio 3.x), read from the
 * bytes of a block on the device: what the power-cut check needs to tell a
 * block fio wrote there, with its checksum intact, from anything else.  Only
 * verify=crc32c is read (the method's job files use it): its header is 48
 * bytes, then the 4-byte crc32c of the rest of the verify interval.
 */
#ifndef SSDNVME_FIO_VHDR_H
#define SSDNVME_FIO_VHDR_H

#include <stddef.h>
#include <stdint.h>

enum vhdr_state {
	VHDR_INTACT,  /* fio's header for this offset and length, checksums good */
	VHDR_ZERO,    /* every byte zero: the write is not on the media */
	VHDR_PARTIAL, /* some whole LBAs zero, the others not: part of a write */
	VHDR_TORN,    /* anything else: a foreign or damaged block */
};

/**
 * vhdr_check() - what a written range holds now
 * @buf: the bytes read back from the range
 * @len: their number: the write's length, which must be fio's verify
 *       interval (the job's block size, fio's default)
 * @offset: the range's byte offset on the namespace, as fio's header holds it
 * @lba_size: the namespace's LBA size, for VHDR_PARTIAL
 *
 * Return: the state.
 */
enum vhdr_state vhdr_check(const unsigned char *buf, size_t len, uint64_t offset,
			   unsigned int lba_size);

/**
 * vhdr_crc32c() - CRC-32C (Castagnoli) as fio computes it: initial value
 * all ones, no final inversion
 * @p: the bytes
 * @len: their number
 *
 * Return: the checksum.
 */
uint32_t vhdr_crc32c(const unsigned char *p, size_t len);

#endif
