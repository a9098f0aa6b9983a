// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests: the defaults a job file declares for its SSDNVME_* variables
 * (engine/io/jobdefaults.c): which comment lines declare one, that only the
 * leading comment block counts, and that the environment wins.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "jobdefaults.h"

static void parses_a_declaration(void **state)
{
	char name[64], value[64];

	(void)state;
	assert_true(jobdefault_parse(";   SSDNVME_RUNTIME=30   seconds measured\n", name,
				     sizeof(name), value, sizeof(value)));
	assert_string_equal(name, "SSDNVME_RUNTIME");
	assert_string_equal(value, "30");
	assert_true(
		jobdefault_parse("# SSDNVME_REGION=25%", name, sizeof(name), value, sizeof(value)));
	assert_string_equal(value, "25%");
	assert_true(jobdefault_parse("\t;SSDNVME_NN_READ_NS=4-6\r\n", name, sizeof(name), value,
				     sizeof(value)));
	assert_string_equal(name, "SSDNVME_NN_READ_NS");
	assert_string_equal(value, "4-6");
}

static void refuses_what_is_no_declaration(void **state)
{
	static const char *const lines[] = {
		"SSDNVME_RUNTIME=30",		     /* an option line, not a comment */
		"; runtime: SSDNVME_RUNTIME=30",     /* not the comment's first word */
		"; OTHER_RUNTIME=30",		     /* another prefix */
		"; SSDNVME_RUNTIME =30",	     /* blank before '=' */
		"; SSDNVME_RUNTIME=",		     /* no value */
		"; SSDNVME_RUNTIME   the runtime",   /* a description, no '=' */
		"; ssdnvme_runtime=30",		     /* lower case */
		"; env SSDNVME_WP_MBPS=400 fio ...", /* an example command */
	};
	char name[64], value[64];

	(void)state;
	for (size_t i = 0; i < sizeof(lines) / sizeof(lines[0]); i++)
		assert_false(jobdefault_parse(lines[i], name, sizeof(name), value, sizeof(value)));
	/* too long for the buffers: refused, not truncated */
	assert_false(jobdefault_parse("; SSDNVME_RUNTIME=123456", name, sizeof(name), value, 4));
	assert_false(jobdefault_parse("; SSDNVME_RUNTIME=1", name, 8, value, sizeof(value)));
}

static FILE *job(const char *text)
{
	FILE *f = tmpfile();

	assert_non_null(f);
	fputs(text, f);
	rewind(f);
	return f;
}

static void sets_unset_variables_from_the_leading_block(void **state)
{
	FILE *f;

	(void)state;
	unsetenv("SSDNVME_T_A");
	unsetenv("SSDNVME_T_LATE");
	setenv("SSDNVME_T_SET", "from-env", 1);
	f = job("; a job\n;   SSDNVME_T_A=7  doc\n\n; SSDNVME_T_SET=9\n[global]\n"
		"; SSDNVME_T_LATE=1\nsize=${SSDNVME_T_A}\n");
	assert_int_equal(jobdefaults_apply(f), 1);
	fclose(f);
	assert_string_equal(getenv("SSDNVME_T_A"), "7");
	/* the environment wins */
	assert_string_equal(getenv("SSDNVME_T_SET"), "from-env");
	/* after the first option or section line nothing is read */
	assert_null(getenv("SSDNVME_T_LATE"));
	/* the first declaration of a name wins, as the environment then has it */
	f = job("; SSDNVME_T_B=1\n; SSDNVME_T_B=2\n");
	unsetenv("SSDNVME_T_B");
	assert_int_equal(jobdefaults_apply(f), 1);
	fclose(f);
	assert_string_equal(getenv("SSDNVME_T_B"), "1");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(parses_a_declaration),
		cmocka_unit_test(refuses_what_is_no_declaration),
		cmocka_unit_test(sets_unset_variables_from_the_leading_block),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
