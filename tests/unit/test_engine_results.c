// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests: the engine's JSON results file (engine/io/results.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <json-c/json.h>

#include "results.h"

static void fill_ng0n3(struct ns_info *ni)
{
	memset(ni, 0, sizeof(*ni));
	ni->kind = NS_KIND_NVME_CHAR;
	snprintf(ni->path, sizeof(ni->path), "/dev/ng0n3");
	snprintf(ni->controller, sizeof(ni->controller), "nvme0");
	snprintf(ni->model, sizeof(ni->model), "QEMU NVMe Ctrl");
	snprintf(ni->serial, sizeof(ni->serial), "deadbeef");
	snprintf(ni->firmware, sizeof(ni->firmware), "7.2");
	ni->identified = true;
	ni->nsid = 3;
	ni->lba_size = 4096;
	ni->capacity_lbas = 16384;
	ni->capacity_bytes = 16384ULL * 4096;
}

static char *tmp_path(void)
{
	char *p = strdup("/tmp/test_engine_results.XXXXXX");
	int fd = mkstemp(p);

	assert_true(fd >= 0);
	close(fd);
	return p;
}

static void writes_identity_schema(void **state)
{
	struct results *r = results_new("fio-3.33", "0.1", "job1");
	struct ns_info ni, file = {.kind = NS_KIND_FILE, .path = "/tmp/x"};
	json_object *root, *files, *f0, *f1, *v;
	char msg[256], *path = tmp_path();

	(void)state;
	fill_ng0n3(&ni);
	assert_int_equal(results_add_file(r, &ni), 0);
	assert_int_equal(results_add_file(r, &file), 0);
	assert_int_equal(results_write(r, path, NULL, msg, sizeof(msg)), 0);
	results_free(r);

	root = json_object_from_file(path);
	assert_non_null(root);
	assert_true(json_object_object_get_ex(root, "schema", &v));
	assert_string_equal(json_object_get_string(v), "ssdnvme-engine/1");
	assert_true(json_object_object_get_ex(root, "job", &v));
	assert_string_equal(json_object_get_string(v), "job1");
	assert_true(json_object_object_get_ex(root, "files", &files));
	assert_int_equal(json_object_array_length(files), 2);
	f0 = json_object_array_get_idx(files, 0);
	assert_true(json_object_object_get_ex(f0, "kind", &v));
	assert_string_equal(json_object_get_string(v), "nvme-char");
	assert_true(json_object_object_get_ex(f0, "nsid", &v));
	assert_int_equal(json_object_get_int(v), 3);
	assert_true(json_object_object_get_ex(f0, "lba_size", &v));
	assert_int_equal(json_object_get_int(v), 4096);
	assert_true(json_object_object_get_ex(f0, "capacity_bytes", &v));
	assert_true(json_object_get_int64(v) == 16384LL * 4096);
	assert_true(json_object_object_get_ex(f0, "serial", &v));
	assert_string_equal(json_object_get_string(v), "deadbeef");
	f1 = json_object_array_get_idx(files, 1);
	assert_true(json_object_object_get_ex(f1, "kind", &v));
	assert_string_equal(json_object_get_string(v), "file");
	/* unknown values are null, present so readers see the same keys */
	assert_true(json_object_object_get_ex(f1, "nsid", &v));
	assert_null(v);
	json_object_put(root);
	unlink(path);
	free(path);
}

static void sections_hook_for_tags(void **state)
{
	struct results *r = results_new("fio-3.33", "0.1", "j");
	json_object *root, *v, *sec = json_object_new_object();
	char msg[256], *path = tmp_path();

	(void)state;
	json_object_object_add(sec, "count", json_object_new_int(7));
	assert_int_equal(results_add_section(r, "tags", sec), 0);
	assert_int_equal(results_add_section(r, "tags", json_object_new_object()), -1);
	assert_int_equal(results_add_section(r, "files", json_object_new_object()), -1);
	assert_int_equal(results_add_section(r, "schema", json_object_new_int(2)), -1);
	assert_int_equal(results_write(r, path, NULL, msg, sizeof(msg)), 0);
	results_free(r);
	root = json_object_from_file(path);
	assert_true(json_object_object_get_ex(root, "tags", &v));
	assert_true(json_object_object_get_ex(v, "count", &v));
	assert_int_equal(json_object_get_int(v), 7);
	json_object_put(root);
	unlink(path);
	free(path);
}

static void unwritable_path_is_a_clear_error(void **state)
{
	struct results *r = results_new("fio-3.33", "0.1", "j");
	char msg[256] = "";

	(void)state;
	assert_true(results_write(r, "/nonexistent-dir/x.json", NULL, msg, sizeof(msg)) < 0);
	assert_non_null(strstr(msg, "results not written: /nonexistent-dir/x.json"));
	assert_int_equal(access("/nonexistent-dir/x.json", F_OK), -1);
	results_free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(writes_identity_schema),
		cmocka_unit_test(sections_hook_for_tags),
		cmocka_unit_test(unwritable_path_is_a_clear_error),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
