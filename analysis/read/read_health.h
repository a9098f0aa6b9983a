/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef FIORANK_READ_HEALTH_H
#define FIORANK_READ_HEALTH_H

#include <stddef.h>

struct fr_model;
struct json_object;

/**
 * fr_health_attach() - give every step its health record
 * @m: one fio output's model; every step from fio jobs gets a record
 * @section: the engine results file's "health" section; NULL when the file
 *           has none (the record then says "not recorded")
 * @err: where the reason of a failure is written
 * @errlen: the size of @err
 *
 * Return: 0, or -1 with why in @err (the section is malformed, out of
 * memory).
 */
int fr_health_attach(struct fr_model *m, struct json_object *section, char *err, size_t errlen);

#endif
