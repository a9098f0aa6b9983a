// SPDX-License-Identifier: GPL-2.0-only
/*
 * What in a controller's health makes a step suspect (health_job.h): the
 * engine only says so; fiorank decides what the step is worth.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>

#include "health_job.h"

struct text {
	char *buf;
	size_t len, used;
};

static void say(struct text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void say(struct text *t, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (t->used >= t->len)
		return;
	if (t->used)
		t->used += (size_t)snprintf(t->buf + t->used, t->len - t->used, "; ");
	if (t->used >= t->len)
		return;
	va_start(ap, fmt);
	n = vsnprintf(t->buf + t->used, t->len - t->used, fmt, ap);
	va_end(ap);
	if (n > 0)
		t->used += (size_t)n;
}

/* AFTER - BEFORE of a counter that may wrap or be reset: 0 unless it grew. */
static uint32_t grew(uint32_t before, uint32_t after)
{
	return after > before ? after - before : 0;
}

static void thermal(struct text *t, const struct health_snap *b, const struct health_snap *a)
{
	uint32_t n1 = grew(b->tmt1_count, a->tmt1_count), n2 = grew(b->tmt2_count, a->tmt2_count);
	uint32_t s1 = grew(b->tmt1_time_s, a->tmt1_time_s),
		 s2 = grew(b->tmt2_time_s, a->tmt2_time_s);
	char part1[64] = "", part2[64] = "";

	if (n1 || s1)
		snprintf(part1, sizeof(part1), "TMT1 +%" PRIu32 ", %" PRIu32 " s", n1, s1);
	if (n2 || s2)
		snprintf(part2, sizeof(part2), "%sTMT2 +%" PRIu32 ", %" PRIu32 " s",
			 part1[0] ? "; " : "", n2, s2);
	if (part1[0] || part2[0])
		say(t, "thermal throttling during the job (%s%s)", part1, part2);
	if (grew(b->warning_temp_time_min, a->warning_temp_time_min))
		say(t, "composite temperature above the warning threshold for %" PRIu32 " min",
		    grew(b->warning_temp_time_min, a->warning_temp_time_min));
	if (grew(b->critical_temp_time_min, a->critical_temp_time_min))
		say(t, "composite temperature above the critical threshold for %" PRIu32 " min",
		    grew(b->critical_temp_time_min, a->critical_temp_time_min));
}

/* "before", "during" and "after" joined as English joins them. */
static const char *phases(bool before, bool during, bool after)
{
	static const char *const text[8] = {
		"",
		"after the job",
		"during the job",
		"during and after the job",
		"before the job",
		"before and after the job",
		"before and during the job",
		"before, during and after the job",
	};

	return text[before << 2 | during << 1 | after];
}

static void critical(struct text *t, const struct health_ctrl *c)
{
	uint8_t during = 0, all;
	char names[160];
	size_t i;

	for (i = 0; i < c->nr_samples; i++)
		during |= c->samples[i].critical_warning;
	all = c->before.critical_warning | during | c->after.critical_warning;
	if (!all)
		return;
	health_cw_names(all, names, sizeof(names));
	say(t, "critical warning 0x%02x (%s) %s", all, names,
	    phases(c->before.critical_warning, during, c->after.critical_warning));
}

bool health_ctrl_suspect(const struct health_ctrl *c, char *buf, size_t len)
{
	struct text t = {buf, len, 0};

	buf[0] = '\0';
	if (!c->have_before || !c->have_after)
		return false;
	thermal(&t, &c->before, &c->after);
	if (c->have_ocp && c->ocp_after.throttling_count > c->ocp_before.throttling_count)
		say(&t, "OCP thermal throttling events +%d",
		    c->ocp_after.throttling_count - c->ocp_before.throttling_count);
	critical(&t, c);
	if (c->after.endgrp_crit_warning)
		say(&t, "endurance group critical warning 0x%02x", c->after.endgrp_crit_warning);
	return t.used > 0;
}
