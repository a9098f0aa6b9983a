/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Whole files into memory, for every reader (fio output, engine files,
 * manifests, published figures, fio's logs): regular files only, never
 * blocking (a FIFO that took a file's place is refused with EINVAL, not
 * waited on).
 */
#ifndef FIORANK_SLURP_H
#define FIORANK_SLURP_H

#include <stddef.h>

/**
 * fr_slurp() - read a whole file into memory
 * @path: the file
 * @len: set to its length in bytes
 *
 * Return: the contents, NUL-terminated, for the caller to free(); NULL with
 * errno set when the file cannot be opened or read, or memory runs out.
 */
char *fr_slurp(const char *path, size_t *len);

/**
 * fr_slurp_into() - read a whole file into a buffer reused from call to call
 * @path: the file
 * @buf: the buffer (grown with realloc as needed; the caller frees it)
 * @cap: its size in bytes, kept up to date
 * @len: set to the file's length (a NUL is added after it)
 *
 * Return: 0, or -1 with errno set.
 */
int fr_slurp_into(const char *path, char **buf, size_t *cap, size_t *len);

#endif
