/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef FIORANK_READ_HEALTH_H
#define FIORANK_READ_HEALTH_H

#include <stddef.h>

struct fr_model;
struct json_object;

/*
 * Gives every step of m that came from fio jobs (one fio output's model)
 * its health record from an engine results file's "health" section
 * (section NULL: the file has none, the record says "not recorded").
 * 0, or -1 with why in err (the section is malformed, out of memory).
 */
int fr_health_attach(struct fr_model *m, struct json_object *section, char *err, size_t errlen);

#endif
