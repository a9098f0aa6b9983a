/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The guard CRCs of NVMe end-to-end protection information: CRC-16 T10-DIF
 * (16-bit guard) and CRC-64 NVMe (64-bit guard, PIF 2; the Linux kernel's
 * crc64_rocksoft).  Pure, table-driven.
 */
#ifndef SSDNVME_PI_CRC_H
#define SSDNVME_PI_CRC_H

#include <stddef.h>
#include <stdint.h>

/**
 * pi_crc16_t10dif() - CRC-16 T10-DIF, the 16-bit guard
 * @crc: the previous result to chain calls, 0 to start
 * @buf: the bytes
 * @len: how many
 *
 * Polynomial 0x8BB7, not reflected, initial value 0, no final XOR.  Check
 * value of "123456789": 0xD0DB.
 *
 * Return: the CRC over @buf continuing @crc.
 */
uint16_t pi_crc16_t10dif(uint16_t crc, const void *buf, size_t len);

/**
 * pi_crc64_nvme() - CRC-64 NVMe, the 64-bit guard (PIF 2)
 * @crc: the previous result to chain calls, 0 to start (as the kernel's
 *       crc64_rocksoft_generic() takes it)
 * @buf: the bytes
 * @len: how many
 *
 * Polynomial 0xAD93D23594C93659, reflected, initial value and final XOR all
 * ones.  Check value of "123456789": 0xAE8B14860A799888.
 *
 * Return: the CRC over @buf continuing @crc.
 */
uint64_t pi_crc64_nvme(uint64_t crc, const void *buf, size_t len);

#endif
