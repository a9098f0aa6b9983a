// SPDX-License-Identifier: GPL-2.0-only
/*
 * The report stage (report.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"

/* What the HTML renderers decided for themselves before (issue 24 item 1):
 * the sections shown and their charts' scales, the steady-state fit. */
static int build_sections(struct fr_report *rep, struct fr_report_parts *parts)
{
	if (fr_sections_build(rep->m, rep->r, rep->all_sections, &parts->sect) ||
	    fr_ss_build(rep->m, &parts->ss))
		return -ENOMEM;
	rep->sect = &parts->sect;
	rep->ss = &parts->ss;
	return 0;
}

int fr_report_build(struct fr_report *rep, struct fr_report_parts *parts)
{
	memset(parts, 0, sizeof(*parts));
	rep->nn = NULL;
	rep->tq = NULL;
	rep->ai = NULL;
	rep->peak = NULL;
	rep->prov_rows = NULL;
	rep->nprov_rows = 0;
	rep->fdp = NULL;
	rep->health = NULL;
	rep->bl = NULL;
	rep->ei = NULL;
	rep->tw = NULL;
	fr_unused_build(rep->m, &parts->unused);
	rep->unused = &parts->unused;
	if (fr_report_health_build(rep->m, &parts->health))
		goto nomem;
	rep->health = &parts->health;
	if (rep->baseline) {
		if (fr_report_baseline_build(rep->baseline, &parts->bl))
			goto nomem;
		rep->bl = &parts->bl;
	}
	rep->sect = NULL;
	rep->ss = NULL;
	if (build_sections(rep, parts))
		goto nomem;
	if (fr_prov_rows_build(rep->prov, &parts->prov_rows))
		goto nomem;
	rep->prov_rows = parts->prov_rows;
	rep->nprov_rows = rep->prov ? rep->prov->ndrives : 0;
	if (rep->r->nnn) {
		if (fr_nn_split(rep, &parts->nn))
			goto nomem;
		rep->nn = &parts->nn;
	}
	if (fr_tq_build(rep->m, rep->ref, rep->r->basis, &parts->tq))
		goto nomem;
	rep->tq = &parts->tq;
	if (fr_endurance_build(rep->m, &parts->ei))
		goto nomem;
	rep->ei = &parts->ei;
	if (fr_ai_build(rep->m, rep->r ? rep->r->basis : FR_CLAT, &parts->ai))
		goto nomem;
	rep->ai = &parts->ai;
	if (fr_fdp_compare(rep->m, rep->r ? rep->r->basis : FR_CLAT, &parts->fdp))
		goto nomem;
	rep->fdp = &parts->fdp;
	/* the tag logs are opened only for a report, as fio's logs below */
	if (fr_tailwhy_build(rep->m, rep->tail_pct > 0 ? rep->tail_pct : FR_TW_DEFAULT_PCT,
			     &parts->tw, stderr))
		goto nomem;
	rep->tw = &parts->tw;
	/* fio's latency logs are opened only for a report that charts them;
	 * a damaged line is said on stderr here, once */
	if (rep->want_peak_series) {
		parts->ranking = rep->r;
		if (fr_peak_build_all(rep->r, &parts->peak, &parts->npeak, stderr))
			goto nomem;
		rep->peak = (const struct fr_peak_series *const *)parts->peak;
	}
	return 0;
nomem:
	fr_report_parts_free(parts);
	rep->nn = NULL;
	rep->tq = NULL;
	rep->ai = NULL;
	rep->prov_rows = NULL;
	rep->nprov_rows = 0;
	rep->fdp = NULL;
	rep->health = NULL;
	rep->bl = NULL;
	rep->sect = NULL;
	rep->ss = NULL;
	rep->ei = NULL;
	rep->tw = NULL;
	rep->unused = NULL;
	return -ENOMEM;
}

void fr_report_parts_free(struct fr_report_parts *parts)
{
	fr_nn_split_free(&parts->nn);
	fr_tq_free(&parts->tq);
	fr_ai_free(&parts->ai);
	fr_fdp_compare_free(&parts->fdp);
	free(parts->prov_rows);
	fr_report_health_free(&parts->health);
	fr_report_baseline_free(&parts->bl);
	fr_sections_free(&parts->sect);
	fr_ss_free(&parts->ss);
	fr_endurance_free(&parts->ei);
	fr_tailwhy_free(&parts->tw);
	if (parts->ranking)
		fr_peak_free_all(parts->ranking, parts->peak, parts->npeak);
	memset(parts, 0, sizeof(*parts));
}
