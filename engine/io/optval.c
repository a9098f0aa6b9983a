// SPDX-License-Identifier: GPL-2.0-only
/*
 * The engine's integer and time options, read whole and range-checked
 * (optval.h).
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "optval.h"

struct unit {
	const char *name;
	uint64_t mult;
};

/* fio's size units with its default kb_base (1024) */
static const struct unit size_units[] = {
	{"", 1},
	{"k", 1ull << 10},
	{"kb", 1ull << 10},
	{"kib", 1ull << 10},
	{"m", 1ull << 20},
	{"mb", 1ull << 20},
	{"mib", 1ull << 20},
	{"g", 1ull << 30},
	{"gb", 1ull << 30},
	{"gib", 1ull << 30},
	{NULL, 0},
};

/* fio's time units (parse.c) in microseconds; a bare number is milliseconds */
static const struct unit time_units[] = {
	{"", 1000},
	{"us", 1},
	{"usec", 1},
	{"ms", 1000},
	{"msec", 1000},
	{"s", 1000000},
	{"m", 60000000},
	{"h", 3600000000ull},
	{"d", 86400000000ull},
	{NULL, 0},
};

/* The unit's multiplier; 0 for a unit not in @units (NULL: none allowed). */
static uint64_t unit_mult(const struct unit *units, const char *s)
{
	if (!units)
		return *s ? 0 : 1;
	for (; units->name; units++)
		if (!strcasecmp(s, units->name))
			return units->mult;
	return 0;
}

/*
 * Reads STR as a number (decimal, or hex after 0x) times one of @units.
 * Return: 1 read, 0 not a number, -1 too large for 64 bits.
 */
static int read_number(const char *str, const struct unit *units, uint64_t *val)
{
	int base = strncasecmp(str, "0x", 2) ? 10 : 16;
	const char *digits = base == 16 ? str + 2 : str;
	uint64_t n, mult;
	char *end;

	if (!isxdigit((unsigned char)*digits) || (base == 10 && !isdigit((unsigned char)*digits)))
		return 0;
	errno = 0;
	n = strtoull(digits, &end, base);
	mult = unit_mult(units, end);
	if (!mult)
		return 0;
	if (errno == ERANGE || n > UINT64_MAX / mult)
		return -1;
	*val = n * mult;
	return 1;
}

static bool out_of_range(const char *name, const char *str, uint64_t min, uint64_t max,
			 const char *unit, char *msg, size_t len)
{
	snprintf(msg, len, "%s=%s is out of range: valid %" PRIu64 "-%" PRIu64 "%s", name, str, min,
		 max, unit);
	return false;
}

bool optval_int(const char *name, const char *str, uint64_t min, uint64_t max, bool bytes,
		uint64_t *val, char *msg, size_t len)
{
	int r = read_number(str, bytes ? size_units : NULL, val);

	/* a minus sign is a number, out of every range here */
	if (r < 0 || (r == 0 && str[0] == '-' && read_number(str + 1, NULL, val)) ||
	    (r > 0 && (*val < min || *val > max)))
		return out_of_range(name, str, min, max, "", msg, len);
	if (r > 0)
		return true;
	snprintf(msg, len, "%s=%s is not a number%s", name, str,
		 bytes ? " (decimal or 0x hex, optionally with k, m or g)"
		       : " (decimal or 0x hex)");
	return false;
}

bool optval_ms(const char *name, const char *str, uint64_t min, uint64_t max, uint64_t *ms,
	       char *msg, size_t len)
{
	uint64_t us;
	int r = isdigit((unsigned char)str[0]) ? read_number(str, time_units, &us) : 0;

	if (r == 0 && str[0] == '-' && isdigit((unsigned char)str[1]))
		r = -1;
	if (r < 0 || (r > 0 && us % 1000 == 0 && (us / 1000 < min || us / 1000 > max)))
		return out_of_range(name, str, min, max, " ms", msg, len);
	if (r == 0) {
		snprintf(msg, len,
			 "%s=%s is not a time: a whole number with an optional unit (us, ms, s, "
			 "m, h, d; none: milliseconds)",
			 name, str);
		return false;
	}
	if (us % 1000) {
		snprintf(msg, len, "%s=%s is not a whole number of milliseconds", name, str);
		return false;
	}
	*ms = us / 1000;
	return true;
}
