// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests for the shared in-flight counters with real processes: forked
 * children attach to the same segment, count I/Os, detach or get SIGKILLed;
 * the parent checks what it sees and that the segment is gone at the end.
 */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "inflight.h"
#include "tags.h"

static char ident[64];
static char err[512];

static int setup(void **state)
{
	(void)state;
	snprintf(ident, sizeof(ident), "unit-test-%d", (int)getpid());
	return 0;
}

/* A failed test must not leave its segment in /dev/shm. */
static int teardown(void **state)
{
	char name[INFLIGHT_NAME_MAX];

	(void)state;
	inflight_shm_name(ident, name, sizeof(name));
	shm_unlink(name);
	return 0;
}

static int segment_exists(void)
{
	char name[INFLIGHT_NAME_MAX];
	int fd;

	inflight_shm_name(ident, name, sizeof(name));
	fd = shm_open(name, O_RDONLY, 0);
	if (fd < 0)
		return 0;
	close(fd);
	return 1;
}

struct child {
	pid_t pid;
	int cmd;  /* parent writes a byte: go on */
	int done; /* child writes a byte: step done */
};

/*
 * A child that attaches, adds @reads reads and @writes writes in flight, tells
 * the parent, waits for a byte, then completes @finish of the writes and
 * either detaches (@detach) or just exits, as a crashed process would.
 */
static struct child spawn(int reads, int writes, int finish, int detach)
{
	int to_child[2], to_parent[2];
	struct child c;
	char b = 0;

	assert_int_equal(pipe(to_child), 0);
	assert_int_equal(pipe(to_parent), 0);
	c.pid = fork();
	assert_true(c.pid >= 0);
	if (!c.pid) {
		struct inflight *f = inflight_attach(ident, err, sizeof(err));
		int i;

		close(to_child[1]);
		close(to_parent[0]);
		if (!f)
			_exit(2);
		for (i = 0; i < reads; i++)
			inflight_inc(f, TAG_READ);
		for (i = 0; i < writes; i++)
			inflight_inc(f, TAG_WRITE);
		if (write(to_parent[1], &b, 1) != 1 || read(to_child[0], &b, 1) != 1)
			_exit(3);
		for (i = 0; i < finish; i++)
			inflight_dec(f, TAG_WRITE);
		if (detach)
			inflight_detach(f);
		if (write(to_parent[1], &b, 1) != 1)
			_exit(4);
		_exit(0);
	}
	close(to_child[0]);
	close(to_parent[1]);
	c.cmd = to_child[1];
	c.done = to_parent[0];
	assert_int_equal(read(c.done, &b, 1), 1); /* attached and counted */
	return c;
}

static void finish(struct child *c, int want_status)
{
	char b = 0;
	int status;

	assert_int_equal(write(c->cmd, &b, 1), 1);
	assert_int_equal(read(c->done, &b, 1), 1);
	assert_int_equal(waitpid(c->pid, &status, 0), c->pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), want_status);
	close(c->cmd);
	close(c->done);
}

static void sigkill(struct child *c)
{
	int status;

	assert_int_equal(kill(c->pid, SIGKILL), 0);
	assert_int_equal(waitpid(c->pid, &status, 0), c->pid);
	assert_true(WIFSIGNALED(status));
	close(c->cmd);
	close(c->done);
}

static void expect(struct inflight *f, uint32_t r, uint32_t w)
{
	uint32_t now[TAG_DIR_NR];

	inflight_snapshot(f, now);
	assert_int_equal(now[TAG_READ], r);
	assert_int_equal(now[TAG_WRITE], w);
	assert_int_equal(now[TAG_TRIM], 0);
	assert_int_equal(now[TAG_FLUSH], 0);
}

static void test_processes(void **state)
{
	struct inflight *me;
	struct child writer, reader, crasher;

	(void)state;
	assert_false(segment_exists());
	me = inflight_attach(ident, err, sizeof(err));
	if (!me)
		fail_msg("attach: %s", err);
	assert_true(segment_exists());
	expect(me, 0, 0);
	inflight_inc(me, TAG_READ);

	writer = spawn(0, 5, 2, 1);
	reader = spawn(3, 0, 0, 1);
	crasher = spawn(7, 11, 0, 0);
	assert_int_equal(inflight_users(me), 4);
	expect(me, 1 + 3 + 7, 5 + 11);

	/* SIGKILL: the counts stay until someone notices the owner is gone */
	sigkill(&crasher);
	expect(me, 11, 16);
	assert_int_equal(inflight_reap(me), 1);
	expect(me, 4, 5);
	assert_int_equal(inflight_users(me), 3);
	assert_int_equal(inflight_reap(me), 0);

	/* the writer completes 2 of its 5 and detaches: its other 3 go with it */
	finish(&writer, 0);
	expect(me, 4, 0);
	finish(&reader, 0);
	expect(me, 1, 0);
	assert_int_equal(inflight_users(me), 1);

	/* a child that exits without detaching is reaped like a killed one */
	crasher = spawn(0, 9, 4, 0);
	expect(me, 1, 9);
	finish(&crasher, 0);
	expect(me, 1, 5);
	inflight_poll(me, 0); /* first poll reaps at once */
	expect(me, 1, 0);

	inflight_dec(me, TAG_READ);
	expect(me, 0, 0);
	inflight_detach(me);
	assert_false(segment_exists());
}

static void test_stale_segment(void **state)
{
	struct inflight *me;
	struct child lone;

	(void)state;
	/* every user killed: the segment stays behind with counts in it */
	lone = spawn(2, 3, 0, 0);
	sigkill(&lone);
	assert_true(segment_exists());
	/* the next run resets it */
	me = inflight_attach(ident, err, sizeof(err));
	if (!me)
		fail_msg("attach: %s", err);
	expect(me, 0, 0);
	assert_int_equal(inflight_users(me), 1);
	inflight_detach(me);
	assert_false(segment_exists());
}

static void test_last_detach_unlinks(void **state)
{
	struct inflight *a, *b;

	(void)state;
	a = inflight_attach(ident, err, sizeof(err));
	b = inflight_attach(ident, err, sizeof(err)); /* a second job in one process */
	assert_true(a && b);
	inflight_inc(b, TAG_FLUSH);
	assert_int_equal(inflight_users(a), 2);
	inflight_detach(b);
	assert_true(segment_exists());
	assert_int_equal(inflight_users(a), 1);
	inflight_detach(a);
	assert_false(segment_exists());
}

static uint64_t mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/*
 * One poll per INFLIGHT_REAP_NS checks the slots for all the segment's users:
 * a second attachment's poll right after the first's skips the check, and
 * attach stops at the first living owner, leaving a dead one behind it to
 * the polls.
 */
static void test_poll_shared(void **state)
{
	struct inflight *a, *b;
	struct child dead;
	uint64_t t0;

	(void)state;
	a = inflight_attach(ident, err, sizeof(err));
	assert_non_null(a);
	dead = spawn(0, 3, 0, 0);
	sigkill(&dead);
	b = inflight_attach(ident, err, sizeof(err)); /* a is alive: stops there */
	assert_non_null(b);
	expect(a, 0, 3);
	assert_int_equal(inflight_users(a), 3);
	t0 = mono_ns();
	assert_int_equal(inflight_poll_reap(a), 1);
	expect(a, 0, 0);
	dead = spawn(0, 2, 0, 0);
	sigkill(&dead);
	/* a reaped less than 250 ms ago, unless the fork took longer than that */
	if (mono_ns() - t0 < INFLIGHT_REAP_NS) {
		assert_int_equal(inflight_poll_reap(b), 0);
		expect(b, 0, 2);
		assert_int_equal(inflight_reap(b), 1); /* asked directly: at once */
	} else {
		assert_int_equal(inflight_poll_reap(b), 1);
	}
	expect(b, 0, 0);
	inflight_detach(b);
	inflight_detach(a);
	assert_false(segment_exists());
}

static void test_bad_segments(void **state)
{
	char name[INFLIGHT_NAME_MAX];
	int fd;

	(void)state;
	inflight_shm_name(ident, name, sizeof(name));

	fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0600);
	assert_true(fd >= 0);
	assert_int_equal(fchmod(fd, 0644), 0);
	assert_null(inflight_attach(ident, err, sizeof(err)));
	assert_non_null(strstr(err, "mode 644"));

	assert_int_equal(fchmod(fd, 0600), 0);
	assert_int_equal(ftruncate(fd, 100), 0);
	assert_null(inflight_attach(ident, err, sizeof(err)));
	assert_non_null(strstr(err, "100 bytes"));
	close(fd);
	shm_unlink(name);
}

static void test_reported_count(void **state)
{
	(void)state;
	/* a total one below zero after a kill between the two updates */
	assert_int_equal(tag_inflight_count((uint32_t)(int64_t)-1), 0);
	assert_int_equal(tag_inflight_count(7), 7);
	assert_int_equal(tag_inflight_count(INT32_MAX), INT32_MAX);
}

static void test_names(void **state)
{
	char name[INFLIGHT_NAME_MAX];

	(void)state;
	inflight_shm_name("nqn.2019-08.org.qemu:testbed/deadbeef x", name, sizeof(name));
	assert_string_equal(name, "/ssdnvme-nqn.2019-08.org.qemu_testbed_deadbeef_x");
	inflight_shm_name("../../etc/passwd", name, sizeof(name));
	assert_null(strchr(name + 1, '/'));
	inflight_shm_name("a-very-long-controller-identity-string-repeated-until-it-gets-cut-"
			  "a-very-long-controller-identity-string",
			  name, sizeof(name));
	assert_int_equal(strlen(name), INFLIGHT_NAME_MAX - 1);
}

static void test_tags_context(void **state)
{
	struct tags_config cfg = {.outliers = 4};
	struct inflight *f = inflight_attach(ident, err, sizeof(err));
	struct tags *t = tags_new(&cfg);
	struct tag_key *r, *w;
	struct tag_io io[3];
	struct child other;

	(void)state;
	assert_true(f && t);
	r = tags_key(t, "c", f, 1, TAG_READ, "reader");
	w = tags_key(t, "c", f, 1, TAG_WRITE, "writer");
	other = spawn(0, 6, 0, 1); /* another fio process writing */
	tags_on_submit(t, w, &io[0], 10, 0, 4096, 1);
	tags_on_submit(t, r, &io[1], 20, 0, 4096, 1);
	assert_int_equal(io[1].inflight[TAG_WRITE], 7);
	assert_int_equal(io[1].inflight[TAG_READ], 0);
	tags_on_complete(t, w, &io[0], 30, 0);
	finish(&other, 0);
	tags_on_submit(t, r, &io[2], 40, 0, 4096, 2);
	assert_int_equal(io[2].inflight[TAG_WRITE], 0);
	assert_int_equal(io[2].inflight[TAG_READ], 1);
	tags_on_complete(t, r, &io[1], 50, 0);
	tags_on_complete(t, r, &io[2], 60, 0);
	expect(f, 0, 0);
	assert_int_equal(r->outliers.n, 2);

	/* a writer SIGKILLed with 4 writes in flight: the reader's context
	 * returns to zero once a completion crosses a series interval */
	other = spawn(0, 4, 0, 1);
	tags_on_submit(t, r, &io[0], 100, 0, 4096, 1);
	assert_int_equal(io[0].inflight[TAG_WRITE], 4);
	sigkill(&other);
	tags_on_complete(t, r, &io[0], 200, 0); /* same interval: not reaped yet */
	tags_on_submit(t, r, &io[1], 300, 0, 4096, 1);
	assert_int_equal(io[1].inflight[TAG_WRITE], 4);
	tags_on_complete(t, r, &io[1], 2000000000, 0); /* interval 2: tick reaps */
	tags_on_submit(t, r, &io[2], 2000000100, 0, 4096, 1);
	assert_int_equal(io[2].inflight[TAG_WRITE], 0);
	tags_on_complete(t, r, &io[2], 2000000200, 0);
	assert_int_equal(inflight_users(f), 1);
	tags_free(t);
	inflight_detach(f);
	assert_false(segment_exists());
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_reported_count),
		cmocka_unit_test(test_processes),
		cmocka_unit_test(test_stale_segment),
		cmocka_unit_test(test_last_detach_unlinks),
		cmocka_unit_test(test_poll_shared),
		cmocka_unit_test(test_bad_segments),
		cmocka_unit_test(test_tags_context),
	};

	return cmocka_run_group_tests_name("engine_inflight", tests, setup, teardown);
}
