// SPDX-License-Identifier: GPL-2.0-only
/*
 * The HTML report's table of contents (out_html_toc.h): the body is
 * rendered first, then written after a list of its <h2> headings, each
 * heading given an id the list links to.  The headings are found in what
 * the sections wrote, so a section added later is listed without an entry
 * here.
 */
#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "out/out_html_toc.h"

#define ID_LEN 64

/* A heading at body[at]: "<h2>" or "<h2 ...>"; its text ends at "</h2>". */
struct heading {
	size_t at, open_len, text, text_len;
	char base[ID_LEN + 1]; /* from its words */
	char id[ID_LEN + 24];  /* base, or base-N for the Nth heading of that base */
};

static bool is_h2(const char *p, size_t left)
{
	return left > 4 && !strncmp(p, "<h2", 3) && (p[3] == '>' || p[3] == ' ');
}

/* The id: the heading's words, lower case, joined by '-' (tags and
 * entities left out), "-2", "-3" ... when earlier headings have its words. */
static void make_id(struct heading *h, const char *body, const struct heading *prev, size_t nprev)
{
	size_t n = 0, dup = 1;
	bool dash = false;

	for (size_t i = 0; i < h->text_len && n < ID_LEN - 1; i++) {
		unsigned char c = (unsigned char)body[h->text + i];
		const char *end;

		if (c == '<' || c == '&') {
			end = memchr(body + h->text + i, c == '<' ? '>' : ';', h->text_len - i);
			if (end)
				i = (size_t)(end - (body + h->text));
			dash = n > 0;
		} else if (isalnum(c)) {
			if (dash)
				h->base[n++] = '-';
			h->base[n++] = (char)tolower(c);
			dash = false;
		} else {
			dash = n > 0;
		}
	}
	h->base[n] = '\0';
	if (!n)
		snprintf(h->base, sizeof(h->base), "section");
	for (size_t k = 0; k < nprev; k++)
		dup += !strcmp(prev[k].base, h->base);
	if (dup > 1)
		snprintf(h->id, sizeof(h->id), "%s-%zu", h->base, dup);
	else
		snprintf(h->id, sizeof(h->id), "%s", h->base);
}

/* The headings of body, or NULL with *n 0 when it has none (or no memory:
 * the report is then written without a table of contents). */
static struct heading *headings(const char *body, size_t len, size_t *n)
{
	struct heading *h = NULL;
	size_t cap = 0;

	*n = 0;
	for (size_t i = 0; i < len; i++) {
		const char *gt, *end;

		if (body[i] != '<' || !is_h2(body + i, len - i))
			continue;
		gt = memchr(body + i, '>', len - i);
		end = gt ? strstr(gt, "</h2>") : NULL;
		if (!end)
			break;
		if (*n == cap) {
			struct heading *g = realloc(h, (cap = cap ? 2 * cap : 16) * sizeof(*h));

			if (!g) {
				free(h);
				*n = 0;
				return NULL;
			}
			h = g;
		}
		h[*n] = (struct heading){.at = i,
					 .open_len = (size_t)(gt + 1 - (body + i)),
					 .text = (size_t)(gt + 1 - body),
					 .text_len = (size_t)(end - (gt + 1))};
		make_id(&h[*n], body, h, *n);
		(*n)++;
		i = (size_t)(end - body);
	}
	return h;
}

int fr_html_toc_write(FILE *f, const char *body, size_t len)
{
	size_t n, from = 0;
	struct heading *h = headings(body, len, &n);

	if (n > 1) {
		fputs("<nav class=\"toc\"><p><b>Contents</b></p><ol>\n", f);
		for (size_t k = 0; k < n; k++) {
			fprintf(f, "<li><a href=\"#%s\">", h[k].id);
			fwrite(body + h[k].text, 1, h[k].text_len, f);
			fputs("</a></li>\n", f);
		}
		fputs("</ol></nav>\n", f);
	}
	for (size_t k = 0; k < n && n > 1; k++) {
		fwrite(body + from, 1, h[k].at - from, f);
		/* "<h2" and its own attributes, with the id first */
		fprintf(f, "<h2 id=\"%s\"", h[k].id);
		fwrite(body + h[k].at + 3, 1, h[k].open_len - 3, f);
		from = h[k].at + h[k].open_len;
	}
	fwrite(body + from, 1, len - from, f);
	free(h);
	return ferror(f) ? -EIO : 0;
}
