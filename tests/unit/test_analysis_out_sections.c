// SPDX-License-Identifier: GPL-2.0-only
/*
 * How each profile's section is shown, decided once by the report stage
 * (report/report_sect.c) and printed by every format: sections of
 * published drives alone folded away with a note that counts them
 * (--all-sections shows them), and the one scale rule a section's mean and
 * p99 charts share in the HTML.  Models built in code: measured drive
 * "mine" in 4k-randread beside published "P [rev]", which is alone in
 * "sql" (and in "oracle" where two are folded).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "out/out.h"
#include "report_build.h"

/* Marks drive label of m published (by review "rev"). */
static void publish(struct fr_model *m, const char *label)
{
	for (size_t d = 0; d < m->ndrives; d++)
		if (!strcmp(m->drives[d].label, label)) {
			m->drives[d].reference = true;
			m->drives[d].review = strdup("rev");
			return;
		}
	fail_msg("no drive %s", label);
}

/* mine and P in 4k-randread; P alone in nalone more profiles; files_read:
 * whether inputs were read (0: published data is all there is). */
static struct rb_report *build(int nalone, bool all_sections, size_t files_read)
{
	static const char *const alone[] = {"sql", "oracle"};
	struct rb_report *x = calloc(1, sizeof(*x));

	assert_non_null(x);
	fr_model_init(&x->m);
	if (files_read)
		rb_curve(&x->m, "mine", "4k-randread", "peak", FR_READ, 100000, 409.6, 100, 300);
	rb_curve(&x->m, "P [rev]", "4k-randread", "peak", FR_READ, 80000, 327.7, 120, NAN);
	for (int i = 0; i < nalone; i++)
		rb_curve(&x->m, "P [rev]", alone[i], "peak", FR_READ, 20000, 81.9, 400, NAN);
	publish(&x->m, "P [rev]");
	x->m.files_read = files_read;
	assert_int_equal(fr_rank(&x->m, NULL, FR_CLAT, &x->r), 0);
	x->rep = (struct fr_report){.m = &x->m, .r = &x->r, .all_sections = all_sections};
	assert_int_equal(fr_report_build(&x->rep, &x->parts), 0);
	return x;
}

static void done(struct rb_report *x)
{
	rb_free(x);
	free(x);
}

/* The profile named name of the ranking, shown or not. */
static bool shown(const struct rb_report *x, const char *name)
{
	for (size_t p = 0; p < x->r.nprofiles; p++)
		if (!strcmp(x->r.profiles[p].name, name))
			return x->rep.sect->p[p].shown;
	fail_msg("no profile %s", name);
	return false;
}

static void test_folded(void **state)
{
	struct rb_report *x = build(2, false, 1);
	char *t;

	(void)state;
	assert_int_equal(x->rep.sect->np, 3);
	assert_int_equal(x->rep.sect->nfolded, 2);
	assert_true(shown(x, "4k-randread"));
	assert_false(shown(x, "sql"));
	assert_false(shown(x, "oracle"));

	t = rb_render(fr_out_text, &x->rep);
	assert_true(rb_at(t, "\n2 profiles that hold only published drives folded away "
			     "(--all-sections shows them)\n") < rb_at(t, "\n== 4k-randread: "));
	rb_absent(t, "== sql");
	rb_absent(t, "== oracle");
	/* the wins count the folded profiles too, and say so (issue 38) */
	assert_true(rb_at(t, "== summary: profiles won") <
		    rb_at(t, "\nnote: these counts include the 2 profiles folded away above (only "
			     "published drives; --all-sections shows them)\n"));
	free(t);
	t = rb_render(fr_out_md, &x->rep);
	rb_at(t, "\n2 profiles that hold only published drives folded away (--all-sections shows "
		 "them).\n");
	rb_at(t, "\n## 4k-randread (ranked by peak IOPS)\n");
	rb_absent(t, "## sql");
	assert_true(rb_at(t, "## Summary: profiles won") <
		    rb_at(t, "\nthese counts include the 2 profiles folded away above (only "
			     "published drives; --all-sections shows them).\n"));
	free(t);
	t = rb_render(fr_out_html, &x->rep);
	assert_true(rb_at(t, "<p class=\"note folded\">2 profiles that hold only published drives "
			     "folded away (--all-sections shows them).</p>\n") <
		    rb_at(t,
			  "<section class=\"profile\"><h2 id=\"4k-randread-ranked-by-peak-iops\">"
			  "4k-randread (ranked by peak IOPS)"));
	rb_absent(t, ">sql (ranked");
	rb_absent(t, ">oracle (ranked");
	assert_true(rb_at(t, ">Summary: profiles won</h2>") <
		    rb_at(t, "<p class=\"note folded\">these counts include the 2 profiles folded "
			     "away above (only published drives; --all-sections shows them).</p>"));
	free(t);
	/* CSV and JSON leave the folded sections out, without a note */
	t = rb_render(fr_out_csv, &x->rep);
	rb_at(t, ",4k-randread,");
	rb_absent(t, ",sql,");
	free(t);
	t = rb_render(fr_out_json, &x->rep);
	rb_at(t, "\"4k-randread\"");
	rb_absent(t, "\"sql\"");
	free(t);
	done(x);
}

/* One folded section: the note in the singular. */
static void test_folded_one(void **state)
{
	struct rb_report *x = build(1, false, 1);
	char *t = rb_render(fr_out_text, &x->rep);

	(void)state;
	assert_int_equal(x->rep.sect->nfolded, 1);
	rb_at(t, "\n1 profile that holds only published drives folded away (--all-sections "
		 "shows it)\n");
	free(t);
	done(x);
}

/* --all-sections, or published data alone (nothing read): every section
 * shown and no note. */
static void test_unfolded(void **state)
{
	struct rb_report *x[2] = {build(2, true, 1), build(2, false, 0)};

	(void)state;
	for (int i = 0; i < 2; i++) {
		char *t = rb_render(fr_out_text, &x[i]->rep);

		assert_int_equal(x[i]->rep.sect->nfolded, 0);
		assert_true(shown(x[i], "sql") && shown(x[i], "oracle"));
		rb_absent(t, "folded away");
		rb_at(t, "\n== sql: ranked by peak IOPS ==\n");
		rb_at(t, "\n== oracle: ranked by peak IOPS ==\n");
		free(t);
		done(x[i]);
	}
}

/* The svg element of the chart titled title. */
static char *chart(const char *html, const char *title)
{
	const char *t = rb_at(html, title), *open = t;

	while (open > html && strncmp(open, "<svg ", 5))
		open--;
	assert_true(open > html);
	return strndup(open, (size_t)(t - open));
}

/* A section's mean and p99 charts on one scale rule: the means alone (100
 * to 150 µs) would be linear, the p99s span three decades, so both are
 * log; the IOPS (40000 to 90000) are linear on both. */
static void test_one_scale(void **state)
{
	struct rb_report *x = calloc(1, sizeof(*x));
	char *t, *mean, *p99;

	(void)state;
	assert_non_null(x);
	fr_model_init(&x->m);
	rb_curve(&x->m, "a", "4k-randread", "50", FR_READ, 40000, 163.8, 100, 150);
	rb_curve(&x->m, "a", "4k-randread", "peak", FR_READ, 90000, 368.6, 150, 150000);
	rb_curve(&x->m, "b", "4k-randread", "peak", FR_READ, 60000, 245.8, 120, 400);
	rb_build(x);
	assert_true(x->rep.sect->p[0].scales.ylog);
	assert_false(x->rep.sect->p[0].scales.xlog);
	t = rb_render(fr_out_html, &x->rep);
	mean = chart(t, "<title>4k-randread: achieved IOPS vs mean clat latency</title>");
	p99 = chart(t, "<title>4k-randread: achieved IOPS vs read 99th percentile clat "
		       "latency</title>");
	rb_at(mean, "data-xscale=\"linear\" data-yscale=\"log\"");
	rb_at(p99, "data-xscale=\"linear\" data-yscale=\"log\"");
	free(mean);
	free(p99);
	free(t);
	done(x);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_folded),
		cmocka_unit_test(test_folded_one),
		cmocka_unit_test(test_unfolded),
		cmocka_unit_test(test_one_scale),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
