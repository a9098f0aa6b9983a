// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests: Flexible Data Placement (engine/io/fdp.c): plids= and
 * plid_select= parsing, the reclaim unit handle status decoding, the plan,
 * the per-write choice, the command's directive fields (nvme_cmd.h), and
 * tag keys per placement ID (engine/tags).
 */
#include <endian.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>
#include <json-c/json.h>

#include "fdp.h"
#include "fdp_config.h"
#include "nvme_cmd.h"
#include "tags.h"

static char msg[512];

static void ids_ranges_and_items(void **state)
{
	uint16_t ids[FDP_MAX_PIDS];
	static const uint16_t want[] = {0, 1, 2, 3, 5, 9};

	(void)state;
	assert_int_equal(fdp_parse_ids("plids", "0-3,5,9", ids, msg, sizeof(msg)), 6);
	assert_memory_equal(ids, want, sizeof(want));
	assert_int_equal(fdp_parse_ids("plids", "7", ids, msg, sizeof(msg)), 1);
	assert_int_equal(ids[0], 7);
	assert_int_equal(fdp_parse_ids("plids", "3,1", ids, msg, sizeof(msg)), 2);
	assert_int_equal(ids[0], 3);
	assert_int_equal(fdp_parse_ids("plids", "0-127", ids, msg, sizeof(msg)), FDP_MAX_PIDS);
	assert_int_equal(ids[127], 127);
}

static void ids_refused_with_where(void **state)
{
	uint16_t ids[FDP_MAX_PIDS];
	static const struct {
		const char *spec, *want;
	} bad[] = {
		{"", "plids= is empty"},
		{"1-", "plids=1-: bad item at \"1-\""},
		{"3-1", "plids=3-1: bad item at \"3-1\""},
		{"0,,1", "plids=0,,1: bad item at \",1\""},
		{"a", "plids=a: bad item at \"a\""},
		{"1,x", "plids=1,x: bad item at \"x\""},
		{"-1", "plids=-1: bad item"},
		{"65536", "plids=65536: bad item"},
		{"0,1,0", "plids=0,1,0: index 0 given twice"},
		{"0-128", "plids=0-128: more than 128 indices"},
		{"1;2", "plids=1;2: bad item at \"1;2\": unexpected ';' at position 2"},
		{"0,,1", "expected an index at position 3"},
		{"65536", "index '65536' at position 1 is out of range (0..65535)"},
		{"3-1", "range 3-1 is backwards"},
	};

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		msg[0] = '\0';
		assert_int_equal(fdp_parse_ids("plids", bad[i].spec, ids, msg, sizeof(msg)), -1);
		if (!strstr(msg, bad[i].want))
			fail_msg("%s: got \"%s\", want \"%s\"", bad[i].spec, msg, bad[i].want);
	}
}

static void select_names(void **state)
{
	enum fdp_select s = FDP_SELECT_RANDOM;

	(void)state;
	assert_int_equal(fdp_parse_select("sel", NULL, &s, msg, sizeof(msg)), 0);
	assert_int_equal(s, FDP_SELECT_RR);
	assert_int_equal(fdp_parse_select("sel", "random", &s, msg, sizeof(msg)), 0);
	assert_int_equal(s, FDP_SELECT_RANDOM);
	assert_int_equal(fdp_parse_select("sel", "roundrobin", &s, msg, sizeof(msg)), 0);
	assert_int_equal(s, FDP_SELECT_RR);
	assert_int_equal(fdp_parse_select("sel", "scheme", &s, msg, sizeof(msg)), -1);
	assert_non_null(strstr(msg, "sel=scheme: valid roundrobin or random"));
}

/* A RUH status buffer as the device writes it: little-endian, 16-byte header. */
static size_t status_buf(unsigned char *buf, size_t len, unsigned int n, uint16_t pid0,
			 uint16_t ruhid0)
{
	struct nvme_fdp_ruh_status *st = (void *)buf;

	memset(buf, 0, len);
	st->nruhsd = htole16((uint16_t)n);
	for (unsigned int i = 0; i < n; i++) {
		st->ruhss[i].pid = htole16((uint16_t)(pid0 + i));
		st->ruhss[i].ruhid = htole16((uint16_t)(ruhid0 + i));
		/* RUAMW is 64-bit: past 2^32 to catch a narrower read */
		st->ruhss[i].ruamw = htole64(0x100000000ull * (i + 1) + 196608);
	}
	return sizeof(*st) + n * sizeof(st->ruhss[0]);
}

static void status_decoded(void **state)
{
	unsigned char buf[16 + 200 * 32];
	struct fdp_handles h;

	(void)state;
	assert_int_equal(sizeof(struct nvme_fdp_ruh_status), 16);
	assert_int_equal(sizeof(struct nvme_fdp_ruh_status_desc), 32);
	status_buf(buf, sizeof(buf), 2, 0, 4);
	fdp_decode_status(buf, sizeof(buf), &h);
	assert_int_equal(h.n, 2);
	assert_int_equal(h.pid[1], 1);
	assert_int_equal(h.ruhid[0], 4);
	assert_int_equal(h.ruhid[1], 5);
	assert_true(h.ruamw[0] == 0x100000000ull + 196608);
	assert_true(h.ruamw[1] == 0x200000000ull + 196608);
	/* more descriptors than we keep, or than the buffer holds */
	status_buf(buf, sizeof(buf), 200, 0, 0);
	fdp_decode_status(buf, sizeof(buf), &h);
	assert_int_equal(h.reported, 200);
	assert_int_equal(h.n, FDP_MAX_PIDS);
	fdp_decode_status(buf, 16 + 3 * 32, &h);
	assert_int_equal(h.n, 3);
	fdp_decode_status(buf, 8, &h);
	assert_int_equal(h.n, 0);
}

static struct fdp_handles four_handles(void)
{
	struct fdp_handles h = {.n = 4, .reported = 4};

	for (unsigned int i = 0; i < 4; i++) {
		h.pid[i] = (uint16_t)(0x100 + i); /* PIDs need not equal their index */
		h.ruhid[i] = (uint16_t)(10 + i);
		h.ruamw[i] = 1000 + i;
	}
	return h;
}

static void plan_maps_indices_to_pids(void **state)
{
	struct fdp_handles h = four_handles();
	uint16_t ids[] = {3, 1};
	struct fdp_place p;

	(void)state;
	assert_int_equal(fdp_plan(&h, ids, 2, FDP_SELECT_RR, 1, &p, msg, sizeof(msg)), 0);
	assert_int_equal(p.n, 2);
	assert_int_equal(p.pid[0], 0x103);
	assert_int_equal(p.ruhid[1], 11);
	/* each slot starts from its own handle's RUAMW, no bytes yet */
	assert_true(p.ruamw_before[0] == 1003 && p.ruamw_before[1] == 1001);
	assert_true(p.bytes[0] == 0 && p.bytes[1] == 0);
	assert_int_equal(p.index[1], 1);
	/* roundrobin in the order given */
	assert_int_equal(fdp_next(&p), 0);
	assert_int_equal(fdp_next(&p), 1);
	assert_int_equal(fdp_next(&p), 0);
	/* no plids: every handle */
	assert_int_equal(fdp_plan(&h, NULL, 0, FDP_SELECT_RR, 1, &p, msg, sizeof(msg)), 0);
	assert_int_equal(p.n, 4);
	assert_int_equal(p.pid[3], 0x103);
}

static void plan_refuses_outside_the_list(void **state)
{
	struct fdp_handles h = four_handles(), none = {0};
	uint16_t ids[] = {0, 4};
	struct fdp_place p;

	(void)state;
	assert_int_equal(fdp_plan(&h, ids, 2, FDP_SELECT_RR, 1, &p, msg, sizeof(msg)), -1);
	assert_non_null(strstr(msg, "index 4 is outside the namespace's placement handle list "
				    "(4 handles: valid 0-3)"));
	assert_int_equal(fdp_plan(&none, NULL, 0, FDP_SELECT_RR, 1, &p, msg, sizeof(msg)), -1);
}

static void random_covers_every_pid(void **state)
{
	struct fdp_handles h = four_handles();
	unsigned int seen[4] = {0};
	struct fdp_place p;

	(void)state;
	assert_int_equal(fdp_plan(&h, NULL, 0, FDP_SELECT_RANDOM, 0, &p, msg, sizeof(msg)), 0);
	for (unsigned int i = 0; i < 40000; i++) {
		unsigned int s = fdp_next(&p);

		assert_true(s < 4);
		seen[s]++;
	}
	for (unsigned int i = 0; i < 4; i++) /* 10000 expected each */
		assert_in_range(seen[i], 9400, 10600);
}

static void write_carries_directive(void **state)
{
	static struct io_uring_sqe slot[2];
	struct nvme_uring_cmd *c = (struct nvme_uring_cmd *)slot->cmd;
	char buf[4096];
	struct nvme_io io = {.op = nvme_cmd_write,
			     .nsid = 1,
			     .nlb = 8,
			     .buf = buf,
			     .len = sizeof(buf),
			     .fua = true,
			     .dtype = FDP_DTYPE,
			     .dspec = 0x1234};

	(void)state;
	nvme_cmd_fill(slot, &io);
	/* NLB 0-based in 15:0, DTYPE in 23:20, FUA bit 30 */
	assert_int_equal(c->cdw12, 7u | 2u << 20 | 1u << 30);
	assert_int_equal(c->cdw13, 0x1234u << 16);
	assert_int_equal(fdp_cdw12(FDP_DTYPE), 2u << 20);
	assert_int_equal(fdp_cdw13(0x1234), 0x12340000u);
	io.op = nvme_cmd_read;
	io.dtype = 0;
	io.dspec = 0;
	nvme_cmd_fill(slot, &io);
	assert_int_equal(c->cdw12 & 0xf00000u, 0);
	assert_int_equal(c->cdw13, 0);
}

static void tag_keys_per_placement(void **state)
{
	struct tags_config cfg = {.start_ns = 1};
	struct tags *t = tags_new(&cfg);
	struct tag_placement p1 = {1, 0}, p3 = {3, 1};
	struct tag_key *plain, *a, *b;
	json_object *j, *keys, *k, *v;

	(void)state;
	assert_non_null(t);
	plain = tags_key(t, "nvme0", NULL, 1, TAG_WRITE, "w");
	a = tags_key_placed(t, "nvme0", NULL, 1, TAG_WRITE, "w", &p1);
	b = tags_key_placed(t, "nvme0", NULL, 1, TAG_WRITE, "w", &p3);
	assert_true(plain && a && b && plain != a && a != b);
	assert_ptr_equal(tags_key_placed(t, "nvme0", NULL, 1, TAG_WRITE, "w", &p1), a);
	assert_ptr_equal(tags_key(t, "nvme0", NULL, 1, TAG_WRITE, "w"), plain);
	j = tags_json(t);
	assert_non_null(j);
	assert_true(json_object_object_get_ex(j, "keys", &keys));
	assert_int_equal(json_object_array_length(keys), 3);
	k = json_object_array_get_idx(keys, 0);
	assert_false(json_object_object_get_ex(k, "placement_id", &v));
	k = json_object_array_get_idx(keys, 2);
	assert_true(json_object_object_get_ex(k, "placement_id", &v));
	assert_int_equal(json_object_get_int(v), 3);
	assert_true(json_object_object_get_ex(k, "plid_index", &v));
	assert_int_equal(json_object_get_int(v), 1);
	json_object_put(j);
	tags_free(t);
}

/* A configurations log of two descriptors of unequal sizes, little-endian. */
static size_t config_page(uint8_t *page, size_t room)
{
	static const struct {
		uint16_t dsze, nruh;
		uint8_t fdpa;
		uint64_t runs;
	} d[2] = {{64 + 2 * 4, 2, 0x80, 1 << 20}, {64 + 8 * 4 + 8, 8, 0x81, 96ull << 20}};
	size_t off = 16;

	memset(page, 0, room);
	page[0] = 1; /* NUMFDPC: two configurations, 0's based */
	for (int i = 0; i < 2; i++) {
		uint8_t *q = page + off;
		uint16_t le16 = htole16(d[i].dsze), nruh = htole16(d[i].nruh);
		uint32_t nrg = htole32(1), erutl = htole32(30);
		uint64_t runs = htole64(d[i].runs);

		memcpy(q, &le16, 2);
		q[2] = d[i].fdpa;
		memcpy(q + 4, &nrg, 4);
		memcpy(q + 8, &nruh, 2);
		memcpy(q + 16, &runs, 8);
		memcpy(q + 24, &erutl, 4);
		off += d[i].dsze;
	}
	uint32_t size = htole32((uint32_t)off);
	memcpy(page + 4, &size, 4);
	return off;
}

static void config_descriptors_walked_by_size(void **state)
{
	uint8_t page[512];
	size_t len = config_page(page, sizeof(page));
	struct fdp_config c;

	(void)state;
	memset(&c, 0, sizeof(c));
	assert_int_equal(fdp_config_decode(page, sizeof(page), 1, &c, msg, sizeof(msg)), 0);
	assert_int_equal(c.nconfigs, 2);
	assert_int_equal(c.index, 1);
	assert_int_equal(c.runs, 96ull << 20);
	assert_int_equal(c.nruh, 8);
	assert_int_equal(c.nrg, 1);
	assert_int_equal(c.rgif, 1);
	assert_int_equal(c.erutl, 30);
	/* the first descriptor was not marked valid */
	page[16 + 2] = 0;
	assert_int_equal(fdp_config_decode(page, len, 0, &c, msg, sizeof(msg)), -1);
	assert_non_null(strstr(msg, "configuration 0 in use is not marked valid"));
}

static void config_refused_with_where(void **state)
{
	uint8_t page[512];
	size_t len = config_page(page, sizeof(page));
	struct fdp_config c;

	(void)state;
	assert_int_equal(fdp_config_decode(page, 8, 0, &c, msg, sizeof(msg)), -1);
	assert_non_null(strstr(msg, "8 bytes, shorter than its header"));
	assert_int_equal(fdp_config_decode(page, len, 2, &c, msg, sizeof(msg)), -1);
	assert_non_null(strstr(msg, "configuration 2 in use is not in the log (2 listed)"));
	assert_int_equal(fdp_config_decode(page, len - 1, 0, &c, msg, sizeof(msg)), -1);
	assert_non_null(strstr(msg, "outside the"));
	page[16] = 8; /* first descriptor's size below the fixed part */
	assert_int_equal(fdp_config_decode(page, len, 1, &c, msg, sizeof(msg)), -1);
	assert_non_null(strstr(msg, "descriptor 0 at byte 16 has size 8"));
	page[16] = 0xff; /* ... or past the page */
	assert_int_equal(fdp_config_decode(page, len, 1, &c, msg, sizeof(msg)), -1);
	assert_non_null(strstr(msg, "descriptor 0 at byte 16 has size 255"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(ids_ranges_and_items),
		cmocka_unit_test(ids_refused_with_where),
		cmocka_unit_test(select_names),
		cmocka_unit_test(status_decoded),
		cmocka_unit_test(plan_maps_indices_to_pids),
		cmocka_unit_test(plan_refuses_outside_the_list),
		cmocka_unit_test(random_covers_every_pid),
		cmocka_unit_test(write_carries_directive),
		cmocka_unit_test(tag_keys_per_placement),
		cmocka_unit_test(config_descriptors_walked_by_size),
		cmocka_unit_test(config_refused_with_where),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
