// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests: the one /proc/PID/stat reader (engine/tags/procstat.c) that
 * the in-flight counters (reused pids, dead owners) and the run id use.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "procstat.h"

static void own_start_time_is_stable(void **state)
{
	bool zombie = true;
	uint64_t t = proc_start_time(getpid(), &zombie);

	(void)state;
	assert_true(t > 0);
	assert_false(zombie);
	assert_true(proc_start_time(getpid(), NULL) == t);
}

/* A child named with spaces and parentheses, looked at dead but unreaped, then reaped. */
static void zombie_with_a_tricky_name_then_gone(void **state)
{
	uint64_t self = proc_start_time(getpid(), NULL), t;
	siginfo_t info;
	bool zombie = false;
	pid_t pid;

	(void)state;
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		prctl(PR_SET_NAME, "a) 1 2 (Z 3");
		_exit(0);
	}
	assert_int_equal(waitid(P_PID, (id_t)pid, &info, WEXITED | WNOWAIT), 0);
	t = proc_start_time(pid, &zombie);
	assert_true(zombie);
	assert_true(t >= self);
	assert_int_equal(waitpid(pid, NULL, 0), pid);
	zombie = true;
	assert_true(proc_start_time(pid, &zombie) == 0);
	assert_false(zombie);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(own_start_time_is_stable),
		cmocka_unit_test(zombie_with_a_tricky_name_then_gone),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
