// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests: the engine's one way to create its files (engine/io/safefile.c):
 * symlinks planted under every name an attacker could predict are never
 * followed, devices and the job's data files are refused with the reason,
 * a symlink at the final name is replaced (not written through), and the
 * set-up probe refuses a file system without room.
 */
#include <dirent.h>
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "safefile.h"

static char dir[64];

static int setup(void **state)
{
	(void)state;
	snprintf(dir, sizeof(dir), "/tmp/test_safefile.XXXXXX");
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	char cmd[128];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	return system(cmd);
}

static void at(char *out, size_t len, const char *name)
{
	snprintf(out, len, "%s/%s", dir, name);
}

static void put(const char *path, const char *text)
{
	FILE *fp = fopen(path, "w");

	assert_non_null(fp);
	fputs(text, fp);
	fclose(fp);
}

static char *slurp(const char *path)
{
	static char buf[256];
	FILE *fp = fopen(path, "r");
	size_t n;

	assert_non_null(fp);
	n = fread(buf, 1, sizeof(buf) - 1, fp);
	buf[n] = '\0';
	fclose(fp);
	return buf;
}

/* Entries of DIR whose name starts with PREFIX. */
static int count_prefixed(const char *prefix)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	assert_non_null(d);
	while ((e = readdir(d)))
		n += !strncmp(e->d_name, prefix, strlen(prefix));
	closedir(d);
	return n;
}

static void writes_and_renames_into_place(void **state)
{
	char path[128], msg[512] = "";
	struct safefile *sf;
	struct stat st;

	(void)state;
	at(path, sizeof(path), "res.json");
	sf = safefile_create("r=", path, NULL, msg, sizeof(msg));
	assert_non_null(sf);
	/* the temporary file lies beside the target, hidden, random-named */
	assert_non_null(strstr(safefile_tmp_path(sf), "/.res.json."));
	assert_int_equal(safefile_write(sf, "hello", 5), 0);
	assert_int_equal(access(path, F_OK), -1); /* not there until complete */
	assert_int_equal(safefile_commit(sf, msg, sizeof(msg)), 0);
	assert_string_equal(slurp(path), "hello");
	assert_int_equal(lstat(path, &st), 0);
	assert_true(S_ISREG(st.st_mode));
	assert_int_equal(st.st_mode & 0777 & ~0644, 0); /* never more than 0644 */
	assert_int_equal(count_prefixed(".res.json."), 0);
}

/*
 * The old engine wrote RESULTS.tmp.PID: symlinks planted for the next
 * thousands of pids (and at every other guessable name) to a victim file
 * are never followed.
 */
static void planted_symlinks_are_not_followed(void **state)
{
	char path[128], victim[128], link[160], msg[512] = "";
	struct safefile *sf;
	pid_t pid = getpid();
	int i;

	(void)state;
	at(path, sizeof(path), "planted.json");
	at(victim, sizeof(victim), "victim");
	put(victim, "precious");
	for (i = 0; i < 3000; i++) {
		snprintf(link, sizeof(link), "%s.tmp.%d", path, (int)pid + i);
		assert_int_equal(symlink(victim, link), 0);
	}
	for (i = 0; i < 5; i++) {
		sf = safefile_create("r=", path, NULL, msg, sizeof(msg));
		assert_non_null(sf);
		assert_int_equal(safefile_write(sf, "new", 3), 0);
		assert_int_equal(safefile_commit(sf, msg, sizeof(msg)), 0);
	}
	assert_string_equal(slurp(victim), "precious");
	assert_string_equal(slurp(path), "new");
}

static void final_symlink_to_file_is_replaced_not_followed(void **state)
{
	char path[128], victim[128], msg[512] = "";
	struct safefile *sf;
	struct stat st;

	(void)state;
	at(path, sizeof(path), "linked.json");
	at(victim, sizeof(victim), "victim2");
	put(victim, "keep");
	assert_int_equal(symlink(victim, path), 0);
	sf = safefile_create("r=", path, NULL, msg, sizeof(msg));
	assert_non_null(sf);
	assert_int_equal(safefile_write(sf, "ours", 4), 0);
	assert_int_equal(safefile_commit(sf, msg, sizeof(msg)), 0);
	assert_string_equal(slurp(victim), "keep");
	assert_int_equal(lstat(path, &st), 0);
	assert_true(S_ISREG(st.st_mode));
}

static void devices_and_links_to_them_are_refused(void **state)
{
	char path[128], msg[512] = "";

	(void)state;
	assert_false(safefile_check_target("r=", "/dev/null", NULL, msg, sizeof(msg)));
	assert_non_null(strstr(msg, "r=/dev/null is a character device"));
	assert_null(safefile_create("r=", "/dev/null", NULL, msg, sizeof(msg)));
	at(path, sizeof(path), "to-null");
	assert_int_equal(symlink("/dev/null", path), 0);
	assert_false(safefile_check_target("r=", path, NULL, msg, sizeof(msg)));
	assert_non_null(strstr(msg, "is a symlink to a character device"));
	assert_null(safefile_create("r=", path, NULL, msg, sizeof(msg)));
	at(path, sizeof(path), "to-dir");
	assert_int_equal(symlink("/", path), 0);
	assert_false(safefile_check_target("r=", path, NULL, msg, sizeof(msg)));
	assert_non_null(strstr(msg, "symlink to a directory"));
	assert_false(safefile_check_target("r=", dir, NULL, msg, sizeof(msg)));
	assert_non_null(strstr(msg, "is a directory"));
	at(path, sizeof(path), "nodir/x.json");
	assert_false(safefile_check_target("r=", path, NULL, msg, sizeof(msg)));
	assert_non_null(strstr(msg, "No such file"));
	/* a dangling link is fine: rename replaces the link */
	at(path, sizeof(path), "dangling");
	assert_int_equal(symlink("/nonexistent/target", path), 0);
	assert_true(safefile_check_target("r=", path, NULL, msg, sizeof(msg)));
}

static void data_files_are_refused(void **state)
{
	char data[128], alias[128], later[128], msg[512] = "";
	const char *paths[3] = {data, later, "/dev/null"};
	struct safefile_deny *deny;

	(void)state;
	at(data, sizeof(data), "data.bin");
	at(alias, sizeof(alias), "alias.json");
	at(later, sizeof(later), "not-yet.bin");
	put(data, "data");
	assert_int_equal(symlink(data, alias), 0);
	deny = safefile_deny_new(paths, 3);
	assert_non_null(deny);
	assert_false(safefile_check_target("r=", data, deny, msg, sizeof(msg)));
	assert_non_null(strstr(msg, "is the job's own data file"));
	assert_false(safefile_check_target("r=", alias, deny, msg, sizeof(msg)));
	assert_non_null(strstr(msg, "(through a symlink)"));
	assert_null(safefile_create("r=", alias, deny, msg, sizeof(msg)));
	/* a data file fio has not created yet: by directory and name */
	assert_false(safefile_check_target("r=", later, deny, msg, sizeof(msg)));
	assert_non_null(strstr(msg, "not-yet.bin is the job's own data file"));
	assert_string_equal(slurp(data), "data");
	free(deny);
}

static void a_target_changed_after_setup_is_refused_at_commit(void **state)
{
	char path[128], msg[512] = "";
	struct safefile *sf;

	(void)state;
	at(path, sizeof(path), "swapped.json");
	sf = safefile_create("r=", path, NULL, msg, sizeof(msg));
	assert_non_null(sf);
	assert_int_equal(safefile_write(sf, "x", 1), 0);
	assert_int_equal(symlink("/dev/null", path), 0);
	assert_true(safefile_commit(sf, msg, sizeof(msg)) < 0);
	assert_non_null(strstr(msg, "symlink to a character device"));
	assert_int_equal(count_prefixed(".swapped.json."), 0);
}

static void probe_checks_room_and_leaves_nothing(void **state)
{
	char path[128], msg[512] = "";

	(void)state;
	at(path, sizeof(path), "probe.json");
	assert_int_equal(safefile_probe("r=", path, NULL, 4096, msg, sizeof(msg)), 0);
	assert_int_equal(safefile_probe("r=", path, NULL, UINT64_MAX / 2, msg, sizeof(msg)),
			 -ENOSPC);
	assert_non_null(strstr(msg, "bytes free, and the run will write about"));
	assert_int_equal(count_prefixed(".probe.json."), 0);
	assert_int_equal(access(path, F_OK), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(writes_and_renames_into_place),
		cmocka_unit_test(planted_symlinks_are_not_followed),
		cmocka_unit_test(final_symlink_to_file_is_replaced_not_followed),
		cmocka_unit_test(devices_and_links_to_them_are_refused),
		cmocka_unit_test(data_files_are_refused),
		cmocka_unit_test(a_target_changed_after_setup_is_refused_at_commit),
		cmocka_unit_test(probe_checks_room_and_leaves_nothing),
	};

	return cmocka_run_group_tests_name("engine_safefile", tests, setup, teardown);
}
