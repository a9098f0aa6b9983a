// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests: FDP events (engine/io/fdp_events.c): the FDP Events log page
 * and the FDP Events feature's data decoded from pages laid out here by the
 * NVMe 2.x layout (docs/engine.md "FDP events"), and which entries of a
 * later read arrived after an earlier one.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "fdp_events.h"

static char msg[256];

static void put_le(uint8_t *p, uint64_t v, unsigned bytes)
{
	while (bytes--) {
		*p++ = (uint8_t)v;
		v >>= 8;
	}
}

/* Entry I of PAGE: TYPE, FLAGS, PID, timestamp TS, NSID, RGID, RUHID. */
static uint8_t *entry(uint8_t *page, unsigned i, uint8_t type, uint8_t flags, uint16_t pid,
		      uint64_t ts, uint32_t nsid, uint16_t rgid, uint8_t ruhid)
{
	uint8_t *e = page + FDP_EVENT_SIZE * (i + 1);

	e[0] = type;
	e[1] = flags;
	put_le(e + 2, pid, 2);
	put_le(e + 4, ts, 6);
	e[10] = 0x02; /* timestamp attributes: not part of the milliseconds */
	put_le(e + 12, nsid, 4);
	put_le(e + 32, rgid, 2);
	e[34] = ruhid;
	return e;
}

static void decodes_entries(void **state)
{
	static uint8_t page[FDP_EVENTS_LOG_LEN];
	static struct fdp_events ev;
	uint8_t *realloc_entry;

	(void)state;
	memset(page, 0, sizeof(page));
	put_le(page, 2, 4);
	entry(page, 0, FDP_EV_RU_NOT_FULL, FDP_EVF_PID | FDP_EVF_NSID | FDP_EVF_LOC, 3,
	      0x018c12345678ull, 7, 1, 5);
	realloc_entry = entry(page, 1, FDP_EV_MEDIA_REALLOC, FDP_EVF_LOC, 0, 99, 0, 0, 2);
	realloc_entry[16] = 1; /* LBA valid */
	put_le(realloc_entry + 18, 8, 2);
	put_le(realloc_entry + 20, 0x123456789aull, 8);
	assert_int_equal(fdp_events_decode(page, sizeof(page), &ev, msg, sizeof(msg)), 0);
	assert_int_equal(ev.reported, 2);
	assert_int_equal(ev.n, 2);
	assert_int_equal(ev.e[0].type, FDP_EV_RU_NOT_FULL);
	assert_int_equal(ev.e[0].flags, 7);
	assert_int_equal(ev.e[0].pid, 3);
	assert_int_equal(ev.e[0].timestamp_ms, 0x018c12345678ull);
	assert_int_equal(ev.e[0].nsid, 7);
	assert_int_equal(ev.e[0].rgid, 1);
	assert_int_equal(ev.e[0].ruhid, 5);
	assert_int_equal(ev.e[0].nlbam, 0);
	assert_false(ev.e[0].lba_valid);
	assert_int_equal(ev.e[1].type, FDP_EV_MEDIA_REALLOC);
	assert_int_equal(ev.e[1].nlbam, 8);
	assert_true(ev.e[1].lba_valid);
	assert_int_equal(ev.e[1].lba, 0x123456789aull);
	assert_int_equal(ev.e[1].ruhid, 2);
}

static void decode_keeps_what_the_page_holds(void **state)
{
	static uint8_t page[FDP_EVENTS_LOG_LEN];
	static struct fdp_events ev;

	(void)state;
	memset(page, 0, sizeof(page));
	put_le(page, 200, 4); /* more than a page holds */
	assert_int_equal(fdp_events_decode(page, sizeof(page), &ev, msg, sizeof(msg)), 0);
	assert_int_equal(ev.reported, 200);
	assert_int_equal(ev.n, FDP_EVENTS_MAX);
	/* a short read: only whole entries count */
	assert_int_equal(fdp_events_decode(page, 3 * FDP_EVENT_SIZE + 10, &ev, msg, sizeof(msg)),
			 0);
	assert_int_equal(ev.n, 2);
	assert_int_equal(fdp_events_decode(page, 63, &ev, msg, sizeof(msg)), -1);
	assert_string_equal(msg, "FDP events log: 63 bytes, shorter than its header");
}

/* A log of N entries whose entry I has timestamp TS[I]. */
static void log_of(struct fdp_events *ev, const uint64_t *ts, unsigned n)
{
	static uint8_t page[FDP_EVENTS_LOG_LEN];

	memset(page, 0, sizeof(page));
	put_le(page, n, 4);
	for (unsigned i = 0; i < n; i++)
		entry(page, i, FDP_EV_RU_NOT_FULL, FDP_EVF_PID, 1, ts[i], 1, 0, 0);
	assert_int_equal(fdp_events_decode(page, sizeof(page), ev, msg, sizeof(msg)), 0);
}

static void new_entries_by_order(void **state)
{
	static struct fdp_events before, after;
	uint64_t ts[80];
	struct fdp_events_since s;

	(void)state;
	for (unsigned i = 0; i < 80; i++)
		ts[i] = 1000 + i;
	/* nothing before: all new */
	log_of(&before, ts, 0);
	log_of(&after, ts, 3);
	s = fdp_events_new(&before, &after);
	assert_int_equal(s.first, 0);
	assert_false(s.wrapped);
	/* two kept, one new */
	log_of(&before, ts, 2);
	s = fdp_events_new(&before, &after);
	assert_int_equal(s.first, 2);
	assert_false(s.wrapped);
	assert_false(s.lost);
	/* nothing new */
	log_of(&before, ts, 3);
	s = fdp_events_new(&before, &after);
	assert_int_equal(s.first, 3);
	/* full log that wrapped: 63 before, 5 more arrived, 5 oldest dropped */
	log_of(&before, ts, FDP_EVENTS_MAX);
	log_of(&after, ts + 5, FDP_EVENTS_MAX);
	s = fdp_events_new(&before, &after);
	assert_true(s.wrapped);
	assert_false(s.lost);
	assert_int_equal(FDP_EVENTS_MAX - s.first, 5);
	/* more arrived than the log keeps: nothing of before is left */
	log_of(&before, ts, 10);
	log_of(&after, ts + 12, FDP_EVENTS_MAX - 60);
	s = fdp_events_new(&before, &after);
	assert_true(s.lost);
	assert_int_equal(s.first, 0);
}

static void same_milliseconds_still_counted(void **state)
{
	static struct fdp_events before, after;
	const uint64_t ts[4] = {5, 5, 5, 5}; /* identical entries */
	struct fdp_events_since s;

	(void)state;
	log_of(&before, ts, 2);
	log_of(&after, ts, 4);
	s = fdp_events_new(&before, &after);
	assert_int_equal(after.n - s.first, 2);
	assert_false(s.wrapped);
}

static void event_types(void **state)
{
	static const uint8_t desc[] = {0x00, 0x01, 0x01, 0x00, 0x80, 0x03, 0x81, 0x00};
	struct fdp_event_types t;

	(void)state;
	fdp_event_types_decode(desc, sizeof(desc), 6, &t); /* says 6, 4 fit */
	assert_int_equal(t.n, 4);
	assert_int_equal(t.type[0], 0x00);
	assert_true(t.enabled[0]);
	assert_false(t.enabled[1]);
	assert_int_equal(t.type[2], 0x80);
	assert_true(t.enabled[2]); /* bit 0 only */
	assert_false(t.enabled[3]);
	fdp_event_types_decode(desc, sizeof(desc), 1, &t);
	assert_int_equal(t.n, 1);
	assert_string_equal(fdp_event_name(FDP_EV_IMPLICIT_RUH),
			    "handle modified by the controller");
	assert_string_equal(fdp_event_name(0x42), "vendor or reserved type");
	assert_true(fdp_event_moves_unit(FDP_EV_RU_NOT_FULL));
	assert_true(fdp_event_moves_unit(FDP_EV_RU_TIME_LIMIT));
	assert_true(fdp_event_moves_unit(FDP_EV_CTRL_RESET));
	assert_true(fdp_event_moves_unit(FDP_EV_IMPLICIT_RUH));
	assert_false(fdp_event_moves_unit(FDP_EV_INVALID_PID));
	assert_false(fdp_event_moves_unit(FDP_EV_MEDIA_REALLOC));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(decodes_entries),
		cmocka_unit_test(decode_keeps_what_the_page_holds),
		cmocka_unit_test(new_entries_by_order),
		cmocka_unit_test(same_milliseconds_still_counted),
		cmocka_unit_test(event_types),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
