// SPDX-License-Identifier: GPL-2.0-only
/*
 * Building a PTS page (pts_build.h): tables, rows, chart lines and
 * figures, shared by the tests' figure functions; freeing a page.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report/pts_build.h"

void *pts_grow(void *arr, size_t n, size_t size)
{
	char *p = realloc(arr, (n + 1) * size);

	if (p)
		memset(p + n * size, 0, size);
	return p;
}

/* Appends item (not NULL) to the array of pointers arr of n; false out of
 * memory. */
#define push(arr, n, item)                                                              \
	({                                                                              \
		__typeof__(arr) p_ = (item) ? pts_grow((arr), (n), sizeof(*p_)) : NULL; \
		if (p_) {                                                               \
			p_[(n)++] = (item);                                             \
			(arr) = p_;                                                     \
		}                                                                       \
		p_ != NULL;                                                             \
	})

static char *dup_or_null(const char *s)
{
	return s ? strdup(s) : NULL;
}

struct fr_pts_table *pts_table(struct fr_pts_fig *fig, const char *name, const char *cols)
{
	struct fr_pts_table *t = calloc(1, sizeof(*t));
	char *dup = strdup(cols), *save = NULL, *w;

	if (!t || !dup || !push(fig->tables, fig->ntables, t)) {
		free(t);
		free(dup);
		return NULL;
	}
	t->name = strdup(name);
	for (w = strtok_r(dup, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
		char *c = strdup(w);

		if (!push(t->cols, t->ncols, c))
			free(c);
	}
	free(dup);
	return t;
}

struct fr_pts_row *pts_row(struct fr_pts_table *t, const char *first)
{
	struct fr_pts_row *r = t ? calloc(1, sizeof(*r)) : NULL;

	if (!r || !push(t->rows, t->nrows, r)) {
		free(r);
		return NULL;
	}
	pts_cell_str(r, first);
	return r;
}

static struct fr_pts_cell *cell(struct fr_pts_row *r)
{
	struct fr_pts_cell *c = r ? pts_grow(r->cells, r->n, sizeof(*c)) : NULL;

	if (!c)
		return NULL;
	r->cells = c;
	return &c[r->n++];
}

void pts_cell(struct fr_pts_row *r, double v)
{
	struct fr_pts_cell *c = cell(r);

	if (c)
		c->v = v;
}

void pts_cell_str(struct fr_pts_row *r, const char *s)
{
	struct fr_pts_cell *c = cell(r);

	if (c) {
		c->s = strdup(s);
		c->v = NAN;
	}
}

struct fr_pts_chart *pts_chart(struct fr_pts_fig *fig, const char *name, const char *x,
			       const char *y)
{
	struct fr_pts_chart *c = calloc(1, sizeof(*c));

	if (!c || !push(fig->charts, fig->ncharts, c)) {
		free(c);
		return NULL;
	}
	c->name = strdup(name);
	c->x = strdup(x);
	c->y = strdup(y);
	return c;
}

void pts_chart_label(struct fr_pts_chart *c, const char *label)
{
	char *l = c ? strdup(label) : NULL;

	if (l && !push(c->x_labels, c->nlabels, l))
		free(l);
}

struct fr_pts_line *pts_series(struct fr_pts_chart *c, const char *name)
{
	struct fr_pts_line *s = c ? calloc(1, sizeof(*s)) : NULL;

	if (!s || !push(c->lines, c->nlines, s)) {
		free(s);
		return NULL;
	}
	s->name = strdup(name);
	return s;
}

void pts_point(struct fr_pts_line *s, double x, double y)
{
	double *nx = s ? pts_grow(s->x, s->n, sizeof(*nx)) : NULL, *ny;

	if (!nx)
		return;
	s->x = nx;
	ny = pts_grow(s->y, s->n, sizeof(*ny));
	if (!ny)
		return;
	s->y = ny;
	nx[s->n] = x;
	ny[s->n++] = y;
}

void pts_figure(struct fr_pts_fig *fig, const char *k, double v)
{
	struct fr_pts_figure *f;

	for (size_t i = 0; i < fig->nfigures; i++)
		if (!strcmp(fig->figures[i].name, k)) {
			fig->figures[i].v = v;
			return;
		}
	f = pts_grow(fig->figures, fig->nfigures, sizeof(*f));
	if (!f)
		return;
	fig->figures = f;
	f[fig->nfigures].name = strdup(k);
	f[fig->nfigures++].v = v;
}

void pts_merit(struct fr_pts_fig *fig, const char *k, double v, bool higher)
{
	struct fr_pts_merit *m = fig->merit ? fig->merit : calloc(1, sizeof(*m));

	if (!m)
		return;
	free(m->name);
	m->name = strdup(k);
	m->value = v;
	m->higher = higher;
	fig->merit = m;
	pts_figure(fig, k, v);
}

void pts_note(struct fr_pts_fig *fig, const char *note)
{
	free(fig->note);
	fig->note = dup_or_null(note);
}

/* ------------------------------------------------------------ freeing */

static void free_strs(char **s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(s[i]);
	free(s);
}

static void free_table(struct fr_pts_table *t)
{
	free(t->name);
	free_strs(t->cols, t->ncols);
	for (size_t i = 0; i < t->nrows; i++) {
		for (size_t k = 0; k < t->rows[i]->n; k++)
			free(t->rows[i]->cells[k].s);
		free(t->rows[i]->cells);
		free(t->rows[i]);
	}
	free(t->rows);
	free(t);
}

static void free_chart(struct fr_pts_chart *c)
{
	free(c->name);
	free(c->x);
	free(c->y);
	free_strs(c->x_labels, c->nlabels);
	for (size_t i = 0; i < c->nlines; i++) {
		free(c->lines[i]->name);
		free(c->lines[i]->x);
		free(c->lines[i]->y);
		free(c->lines[i]);
	}
	free(c->lines);
	free(c);
}

static void free_ss(struct fr_pts_ss *ss)
{
	if (!ss)
		return;
	free(ss->verdict_file);
	free(ss->iops.round_values);
	free(ss->refused);
	for (size_t i = 0; i < ss->nmeasures; i++)
		free(ss->measures[i].round_values);
	free(ss->measures);
	free(ss->steady_measures);
	free(ss);
}

void fr_pts_fig_free(struct fr_pts_fig *fig)
{
	if (!fig)
		return;
	free(fig->label);
	free(fig->drive);
	for (size_t i = 0; i < fig->nheader; i++) {
		free(fig->header[i].key);
		free(fig->header[i].s);
	}
	free(fig->header);
	for (size_t i = 0; i < fig->nfigures; i++)
		free(fig->figures[i].name);
	free(fig->figures);
	for (size_t i = 0; i < fig->ntables; i++)
		free_table(fig->tables[i]);
	free(fig->tables);
	for (size_t i = 0; i < fig->ncharts; i++)
		free_chart(fig->charts[i]);
	free(fig->charts);
	free_ss(fig->ss);
	free(fig->note);
	if (fig->merit) {
		free(fig->merit->name);
		free(fig->merit->steady_measures);
		free(fig->merit);
	}
	free(fig);
}
