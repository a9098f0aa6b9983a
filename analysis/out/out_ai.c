// SPDX-License-Identifier: GPL-2.0-only
/*
 * The AI methods' sections in the text, JSON and HTML reports (out_ai.h).
 * A figure that is not a right number is "-" (text, HTML) or null (JSON),
 * with the reason beside it.
 */
#include <math.h>
#include <stdio.h>

#include <json-c/json.h>

#include "out/out.h"
#include "out/out_ai.h"
#include "report/ai.h"
#include "util/escape.h"

/* the reader's percentiles each method shows */
static const enum fr_ai_pct ckpt_pcts[] = {FR_AI_P50, FR_AI_P99, FR_AI_P999, FR_AI_P9999};
static const enum fr_ai_pct kv_pcts[] = {FR_AI_P95, FR_AI_P99, FR_AI_P9999};
#define NPCTS(a) (sizeof(a) / sizeof(a[0]))

static const struct fr_ai *section(const struct fr_report *rep)
{
	return rep->ai && (rep->ai->nckpt || rep->ai->nkv) ? rep->ai : NULL;
}

/* p's value over the reader alone's, "x1.52"; "-" when either is not known. */
static const char *ratio(char *buf, size_t len, double v, double alone)
{
	if (!isfinite(v) || !(alone > 0))
		return "-";
	snprintf(buf, len, "x%.2f", v / alone);
	return buf;
}

/* Each percentile's reason for not being printed, once per window. */
static void text_whys(FILE *f, const char *what, const struct fr_ai_tails *t,
		      const enum fr_ai_pct *p, size_t n)
{
	for (size_t i = 0; t->ran && i < n; i++)
		if (t->why[p[i]][0])
			fprintf(f, "    %s %s: not printed: %s\n", what, fr_ai_pct_name(p[i]),
				t->why[p[i]]);
}

static void text_reader(FILE *f, const char *what, const struct fr_ai_tails *t,
			const struct fr_ai_tails *alone)
{
	char b[32], r[16];

	fprintf(f, "    %-11s %8s", what, t->ran ? fr_num(b, sizeof(b), t->ios, 0) : "-");
	for (size_t i = 0; i < NPCTS(ckpt_pcts); i++) {
		double v = t->ran ? t->pct[ckpt_pcts[i]] : NAN;

		fprintf(f, " %10s %6s", fr_num(b, sizeof(b), fr_us(v), 1),
			alone ? ratio(r, sizeof(r), v, alone->pct[ckpt_pcts[i]]) : "");
	}
	fputc('\n', f);
}

static void text_phase(FILE *f, const char *what, const struct fr_ai_phase *ph)
{
	char t[32], s[32], mb[32], sh[32];

	fprintf(f, "  %-11s %7u %10s %9s %9s %10s\n", what, ph->writers,
		fr_num(sh, sizeof(sh), ph->shard / 1048576.0, 1),
		fr_num(t, sizeof(t), ph->time_s, 3), fr_num(s, sizeof(s), ph->spread_ms, 0),
		fr_num(mb, sizeof(mb), ph->mbps, 1));
}

static void text_ckpt(FILE *f, const struct fr_ai_ckpt *c, enum fr_basis basis)
{
	fprintf(f, "drive %s (%s)\n", c->run.drive, c->run.source);
	if (c->run.problem[0]) {
		fprintf(f, "  no figures: %s\n", c->run.problem);
		return;
	}
	fprintf(f, "  %-11s %7s %10s %9s %9s %10s\n", "phase", "writers", "shard MiB", "time s",
		"spread ms", "MB/s");
	text_phase(f, "checkpoint", &c->write);
	text_phase(f, "restore", &c->restore);
	fprintf(f,
		"  reader beside each phase (4K random reads, %s µs; xN: over the reader alone):\n",
		fr_basis_name(basis));
	fprintf(f, "    %-11s %8s %10s %6s %10s %6s %10s %6s %10s %6s\n", "window", "reads", "p50",
		"", "p99", "", "p99.9", "", "p99.99", "");
	text_reader(f, "alone", &c->alone, NULL);
	text_reader(f, "checkpoint", &c->write.reader, &c->alone);
	text_reader(f, "restore", &c->restore.reader, &c->alone);
	text_whys(f, "alone", &c->alone, ckpt_pcts, NPCTS(ckpt_pcts));
	text_whys(f, "checkpoint", &c->write.reader, ckpt_pcts, NPCTS(ckpt_pcts));
	text_whys(f, "restore", &c->restore.reader, ckpt_pcts, NPCTS(ckpt_pcts));
	if (c->write.problem[0])
		fprintf(f, "  checkpoint: %s\n", c->write.problem);
	if (c->restore.problem[0])
		fprintf(f, "  restore: %s\n", c->restore.problem);
}

static void text_kv(FILE *f, const struct fr_ai_kv *k, enum fr_basis basis)
{
	char b[4][32];

	fprintf(f, "drive %s (%s)\n", k->run.drive, k->run.source);
	if (k->run.problem[0]) {
		fprintf(f, "  no figures: %s\n", k->run.problem);
		return;
	}
	fprintf(f, "  %5s %11s %10s %10s %10s %10s   (%s µs)\n", "QD", "read IOPS", "P95", "P99",
		"P99.99", "fill MB/s", fr_basis_name(basis));
	for (size_t i = 0; i < k->nsteps; i++) {
		const struct fr_ai_kv_step *st = &k->steps[i];
		bool ok = !st->problem[0] && st->reads.ran;

		fprintf(f, "  %5u %11s", st->depth,
			fr_num(b[0], sizeof(b[0]), ok ? st->iops : NAN, 0));
		for (size_t p = 0; p < NPCTS(kv_pcts); p++)
			fprintf(f, " %10s",
				fr_num(b[1], sizeof(b[1]),
				       fr_us(ok ? st->reads.pct[kv_pcts[p]] : NAN), 1));
		fprintf(f, " %10s\n", fr_num(b[2], sizeof(b[2]), st->fill_mbps, 1));
	}
	for (size_t i = 0; i < k->nsteps; i++) {
		char what[16];

		snprintf(what, sizeof(what), "QD %u", k->steps[i].depth);
		if (k->steps[i].problem[0])
			fprintf(f, "  %s: %s\n", what, k->steps[i].problem);
		else
			text_whys(f, what, &k->steps[i].reads, kv_pcts, NPCTS(kv_pcts));
	}
}

void fr_ai_text(FILE *f, const struct fr_report *rep)
{
	const struct fr_ai *ai = section(rep);

	if (!ai)
		return;
	if (ai->nckpt)
		fputs("\n== checkpoint (jobs/checkpoint.fio): time to checkpoint and restore, and "
		      "the "
		      "tails of a reader on another namespace ==\n",
		      f);
	for (size_t i = 0; i < ai->nckpt; i++)
		text_ckpt(f, &ai->ckpt[i], ai->basis);
	if (ai->nkv)
		fputs("\n== kvcache (jobs/kvcache.fio): read tails against read IOPS per queue "
		      "depth, "
		      "beside a filling writer ==\n",
		      f);
	for (size_t i = 0; i < ai->nkv; i++)
		text_kv(f, &ai->kv[i], ai->basis);
}

/* ---- JSON */

static struct json_object *jnum(double v)
{
	return isfinite(v) ? json_object_new_double(v) : NULL;
}

static struct json_object *jstr(const char *s)
{
	return s && *s ? json_object_new_string(s) : NULL;
}

static struct json_object *tails_obj(const struct fr_ai_tails *t, const enum fr_ai_pct *p, size_t n)
{
	struct json_object *o = json_object_new_object(), *why = json_object_new_object();

	json_object_object_add(o, "reads", jnum(t->ran ? t->ios : NAN));
	for (size_t i = 0; i < n; i++) {
		char key[24];

		snprintf(key, sizeof(key), "%s_us", fr_ai_pct_name(p[i]));
		json_object_object_add(o, key, jnum(t->ran ? fr_us(t->pct[p[i]]) : NAN));
		if (t->ran && t->why[p[i]][0])
			json_object_object_add(why, fr_ai_pct_name(p[i]), jstr(t->why[p[i]]));
	}
	json_object_object_add(o, "not_printed", why);
	return o;
}

static struct json_object *phase_obj(const struct fr_ai_phase *ph)
{
	struct json_object *o = json_object_new_object();

	json_object_object_add(o, "writers", json_object_new_int((int)ph->writers));
	json_object_object_add(o, "shard_bytes", jnum(ph->shard));
	json_object_object_add(o, "bytes", jnum(ph->bytes));
	json_object_object_add(o, "time_s", jnum(ph->time_s));
	json_object_object_add(o, "start_spread_ms", jnum(ph->spread_ms));
	json_object_object_add(o, "mb_s", jnum(ph->mbps));
	json_object_object_add(o, "reader", tails_obj(&ph->reader, ckpt_pcts, NPCTS(ckpt_pcts)));
	json_object_object_add(o, "problem", jstr(ph->problem));
	return o;
}

static struct json_object *kv_obj(const struct fr_ai_kv *k)
{
	struct json_object *o = json_object_new_object(), *steps = json_object_new_array();

	for (size_t i = 0; i < k->nsteps; i++) {
		const struct fr_ai_kv_step *st = &k->steps[i];
		struct json_object *s = json_object_new_object();
		bool ok = !st->problem[0];

		json_object_object_add(s, "qd", json_object_new_int((int)st->depth));
		json_object_object_add(s, "read_iops", jnum(ok ? st->iops : NAN));
		json_object_object_add(s, "reads", tails_obj(&st->reads, kv_pcts, NPCTS(kv_pcts)));
		json_object_object_add(s, "fill_mb_s", jnum(st->fill_mbps));
		json_object_object_add(s, "problem", jstr(st->problem));
		json_object_array_add(steps, s);
	}
	json_object_object_add(o, "drive", jstr(k->run.drive));
	json_object_object_add(o, "source", jstr(k->run.source));
	json_object_object_add(o, "problem", jstr(k->run.problem));
	json_object_object_add(o, "steps", steps);
	return o;
}

void fr_ai_json(struct json_object *root, const struct fr_report *rep)
{
	const struct fr_ai *ai = section(rep);
	struct json_object *a;

	if (!ai)
		return;
	if (ai->nckpt) {
		a = json_object_new_array();
		for (size_t i = 0; i < ai->nckpt; i++) {
			const struct fr_ai_ckpt *c = &ai->ckpt[i];
			struct json_object *o = json_object_new_object();

			json_object_object_add(o, "drive", jstr(c->run.drive));
			json_object_object_add(o, "source", jstr(c->run.source));
			json_object_object_add(o, "latency_basis", jstr(fr_basis_name(ai->basis)));
			json_object_object_add(o, "problem", jstr(c->run.problem));
			if (!c->run.problem[0]) {
				json_object_object_add(
					o, "reader_alone",
					tails_obj(&c->alone, ckpt_pcts, NPCTS(ckpt_pcts)));
				json_object_object_add(o, "checkpoint", phase_obj(&c->write));
				json_object_object_add(o, "restore", phase_obj(&c->restore));
			}
			json_object_array_add(a, o);
		}
		json_object_object_add(root, "checkpoint", a);
	}
	if (ai->nkv) {
		a = json_object_new_array();
		for (size_t i = 0; i < ai->nkv; i++)
			json_object_array_add(a, kv_obj(&ai->kv[i]));
		json_object_object_add(root, "kvcache", a);
	}
}

/* ---- HTML */

static void html_cell(FILE *f, double v, int prec)
{
	char b[32];

	fprintf(f, "<td>%s</td>", fr_num(b, sizeof(b), v, prec));
}

static void html_note(FILE *f, const char *what, const char *why)
{
	if (!why || !*why)
		return;
	fputs("<p class=\"note\">", f);
	fr_html_escape(f, what);
	fputs(": ", f);
	fr_html_escape(f, why);
	fputs("</p>\n", f);
}

static void html_whys(FILE *f, const char *what, const struct fr_ai_tails *t)
{
	for (size_t i = 0; t->ran && i < NPCTS(ckpt_pcts); i++)
		html_note(f, what, t->why[ckpt_pcts[i]]);
}

static void html_reader_row(FILE *f, const char *what, const struct fr_ai_tails *t)
{
	fprintf(f, "<tr><td>%s</td>", what);
	html_cell(f, t->ran ? t->ios : NAN, 0);
	for (size_t i = 0; i < NPCTS(ckpt_pcts); i++)
		html_cell(f, fr_us(t->ran ? t->pct[ckpt_pcts[i]] : NAN), 1);
	fputs("</tr>\n", f);
}

static void html_ckpt(FILE *f, const struct fr_ai_ckpt *c)
{
	fputs("<h3>", f);
	fr_html_escape(f, c->run.drive);
	fputs("</h3>\n", f);
	if (c->run.problem[0]) {
		html_note(f, "no figures", c->run.problem);
		return;
	}
	fputs("<table><tr><th>phase</th><th>writers</th><th>shard MiB</th><th>time s</th>"
	      "<th>start spread ms</th><th>MB/s</th></tr>\n",
	      f);
	for (int k = 0; k < 2; k++) {
		const struct fr_ai_phase *ph = k ? &c->restore : &c->write;

		fprintf(f, "<tr><td>%s</td><td>%u</td>", k ? "restore" : "checkpoint", ph->writers);
		html_cell(f, ph->shard / 1048576.0, 1);
		html_cell(f, ph->time_s, 3);
		html_cell(f, ph->spread_ms, 0);
		html_cell(f, ph->mbps, 1);
		fputs("</tr>\n", f);
	}
	fputs("</table>\n<table><tr><th>reader</th><th>reads</th><th>p50 µs</th><th>p99 µs</th>"
	      "<th>p99.9 µs</th><th>p99.99 µs</th></tr>\n",
	      f);
	html_reader_row(f, "alone", &c->alone);
	html_reader_row(f, "during checkpoint", &c->write.reader);
	html_reader_row(f, "during restore", &c->restore.reader);
	fputs("</table>\n", f);
	html_note(f, "checkpoint", c->write.problem);
	html_note(f, "restore", c->restore.problem);
	html_whys(f, "reader alone", &c->alone);
	html_whys(f, "reader during checkpoint", &c->write.reader);
	html_whys(f, "reader during restore", &c->restore.reader);
}

static void html_kv(FILE *f, const struct fr_ai_kv *k)
{
	fputs("<h3>", f);
	fr_html_escape(f, k->run.drive);
	fputs("</h3>\n", f);
	if (k->run.problem[0]) {
		html_note(f, "no figures", k->run.problem);
		return;
	}
	fputs("<table><tr><th>QD</th><th>read IOPS</th><th>P95 µs</th><th>P99 µs</th>"
	      "<th>P99.99 µs</th><th>fill MB/s</th></tr>\n",
	      f);
	for (size_t i = 0; i < k->nsteps; i++) {
		const struct fr_ai_kv_step *st = &k->steps[i];
		bool ok = !st->problem[0] && st->reads.ran;

		fprintf(f, "<tr><td>%u</td>", st->depth);
		html_cell(f, ok ? st->iops : NAN, 0);
		for (size_t p = 0; p < NPCTS(kv_pcts); p++)
			html_cell(f, fr_us(ok ? st->reads.pct[kv_pcts[p]] : NAN), 1);
		html_cell(f, st->fill_mbps, 1);
		fputs("</tr>\n", f);
	}
	fputs("</table>\n", f);
	for (size_t i = 0; i < k->nsteps; i++) {
		char what[16];

		snprintf(what, sizeof(what), "QD %u", k->steps[i].depth);
		html_note(f, what, k->steps[i].problem);
		for (size_t p = 0; !k->steps[i].problem[0] && p < NPCTS(kv_pcts); p++)
			html_note(f, what, k->steps[i].reads.why[kv_pcts[p]]);
	}
}

void fr_ai_html(FILE *f, const struct fr_report *rep)
{
	const struct fr_ai *ai = section(rep);

	if (!ai)
		return;
	if (ai->nckpt)
		fprintf(f,
			"<section class=\"profile\" id=\"checkpoint\"><h2>checkpoint: time to "
			"checkpoint and restore, a reader's tails beside them (%s)</h2>\n",
			fr_basis_name(ai->basis));
	for (size_t i = 0; i < ai->nckpt; i++)
		html_ckpt(f, &ai->ckpt[i]);
	if (ai->nckpt)
		fputs("</section>\n", f);
	if (ai->nkv)
		fprintf(f,
			"<section class=\"profile\" id=\"kvcache\"><h2>kvcache: read tails against "
			"read IOPS, beside a filling writer (%s)</h2>\n",
			fr_basis_name(ai->basis));
	for (size_t i = 0; i < ai->nkv; i++)
		html_kv(f, &ai->kv[i]);
	if (ai->nkv)
		fputs("</section>\n", f);
}
