// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests for the run's summary table (tag_summary.h): rows merged across
 * processes through the shared mapping, printed in controller, namespace and
 * direction order with the figures the histogram gives, a full table counted.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "tag_summary.h"

static struct tag_hist *hist_of(uint64_t from_ns, uint64_t n)
{
	struct tag_hist *h = malloc(sizeof(*h));
	uint64_t i;

	assert_non_null(h);
	tag_hist_init(h);
	for (i = 0; i < n; i++)
		tag_hist_add(h, from_ns + i);
	return h;
}

static char *printed(const struct tag_summary *s, unsigned int *rows)
{
	char *text = NULL;
	size_t size = 0;
	FILE *mem = open_memstream(&text, &size);

	assert_non_null(mem);
	*rows = tag_summary_print(s, "> ", mem);
	fclose(mem);
	return text;
}

/* A child's merge is seen by the parent: the mapping is shared, not copied. */
static void test_across_fork(void **state)
{
	struct tag_summary *s = tag_summary_map();
	struct tag_hist *a = hist_of(1000, 10000), *b = hist_of(50000, 10000), *all;
	struct tag_summary_jobs j;
	unsigned int rows;
	char *text, want[256];
	pid_t pid;
	int st;

	(void)state;
	assert_non_null(s);
	pid = fork();
	assert_true(pid >= 0);
	if (!pid) {
		tag_summary_add(s, "nvme0", 4, TAG_READ, a);
		tag_summary_job(s, true, "nn.engine.json", 1, "ng0n1");
		_exit(0);
	}
	assert_int_equal(waitpid(pid, &st, 0), pid);
	tag_summary_add(s, "nvme0", 4, TAG_READ, b);
	tag_summary_job(s, true, "nn.engine.json", 2, "ng0n4");
	tag_summary_jobs(s, &j);
	assert_int_equal(j.jobs, 2);
	assert_string_equal(j.results, "nn.engine.json");
	assert_string_equal(j.label, "ng0n1"); /* job 1's, though it ended first here */
	assert_false(j.several_results);
	all = hist_of(1000, 10000);
	tag_hist_merge(all, b);
	snprintf(want, sizeof(want),
		 "> nvme0 ns4 read: 20000 I/Os, mean %.3f us, p99 %llu.%03llu us, p99.99 "
		 "%llu.%03llu us\n",
		 tag_hist_mean(all) / 1000, (unsigned long long)tag_hist_percentile(all, 99) / 1000,
		 (unsigned long long)tag_hist_percentile(all, 99) % 1000,
		 (unsigned long long)tag_hist_percentile(all, 99.99) / 1000,
		 (unsigned long long)tag_hist_percentile(all, 99.99) % 1000);
	text = printed(s, &rows);
	assert_int_equal(rows, 1);
	assert_string_equal(text, want);
	free(text);
	free(a);
	free(b);
	free(all);
	tag_summary_unmap(s);
}

/* Rows in controller, namespace, direction order; empty histograms make none. */
static void test_order(void **state)
{
	struct tag_summary *s = tag_summary_map();
	struct tag_hist *h = hist_of(100, 3), *empty = hist_of(0, 0);
	unsigned int rows;
	char *text;

	(void)state;
	tag_summary_add(s, "nvme1", 1, TAG_READ, h);
	tag_summary_add(s, "nvme0", 6, TAG_WRITE, h);
	tag_summary_add(s, "nvme0", 6, TAG_READ, h);
	tag_summary_add(s, "nvme0", 10, TAG_READ, h);
	tag_summary_add(s, "nvme0", 2, TAG_TRIM, empty);
	text = printed(s, &rows);
	assert_int_equal(rows, 4);
	assert_string_equal(text, "> nvme0 ns6 read: 3 I/Os, mean 0.101 us, p99 0.102 us, p99.99 "
				  "0.102 us\n"
				  "> nvme0 ns6 write: 3 I/Os, mean 0.101 us, p99 0.102 us, p99.99 "
				  "0.102 us\n"
				  "> nvme0 ns10 read: 3 I/Os, mean 0.101 us, p99 0.102 us, p99.99 "
				  "0.102 us\n"
				  "> nvme1 ns1 read: 3 I/Os, mean 0.101 us, p99 0.102 us, p99.99 "
				  "0.102 us\n");
	free(text);
	free(h);
	free(empty);
	tag_summary_unmap(s);
}

/* A full table refuses a new row and counts it; other results files are noted. */
static void test_full(void **state)
{
	struct tag_summary *s = tag_summary_map();
	struct tag_hist *h = hist_of(100, 1);
	struct tag_summary_jobs j;
	uint32_t ns;

	(void)state;
	for (ns = 1; ns <= TAG_SUMMARY_ROWS; ns++)
		assert_int_equal(tag_summary_add(s, "c", ns, TAG_READ, h), 0);
	assert_int_equal(tag_summary_add(s, "c", ns, TAG_READ, h), -1);
	assert_int_equal(tag_summary_add(s, "c", 1, TAG_READ, h), 0); /* an existing row */
	tag_summary_job(s, false, "a.json", 3, "x");
	tag_summary_job(s, true, "b.json", 1, "y");
	tag_summary_job(s, true, NULL, 2, "z");
	tag_summary_jobs(s, &j);
	assert_int_equal(j.lost_rows, 1);
	assert_int_equal(j.untagged, 1);
	assert_true(j.several_results);
	assert_string_equal(j.results, "a.json");
	assert_string_equal(j.label, "y"); /* job 1's, though it ended second */
	free(h);
	tag_summary_unmap(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_across_fork),
		cmocka_unit_test(test_order),
		cmocka_unit_test(test_full),
	};

	return cmocka_run_group_tests_name("engine_tags_summary", tests, NULL, NULL);
}
