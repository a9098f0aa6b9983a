// SPDX-License-Identifier: GPL-2.0-only
/*
 * The "health" entry of one job (health_job.h; schema in docs/engine.md).
 */
#include "health_job.h"

static json_object *snap_json(const struct health_snap *s)
{
	json_object *j = json_object_new_object(), *sensors = json_object_new_array();
	int i;

	json_object_object_add(j, "t_ms", json_object_new_int64(s->t_ms));
	json_object_object_add(j, "critical_warning", json_object_new_int(s->critical_warning));
	json_object_object_add(j, "composite_temp_k", json_object_new_int(s->composite_temp_k));
	/* a sensor that reads 0 is not implemented (NVMe base specification) */
	for (i = 0; i < HEALTH_SENSORS; i++)
		if (s->sensors_k[i])
			json_object_array_add(sensors, json_object_new_int(s->sensors_k[i]));
	json_object_object_add(j, "sensors_k", sensors);
	json_object_object_add(j, "avail_spare", json_object_new_int(s->avail_spare));
	json_object_object_add(j, "spare_thresh", json_object_new_int(s->spare_thresh));
	json_object_object_add(j, "percent_used", json_object_new_int(s->percent_used));
	json_object_object_add(j, "data_units_read", json_object_new_int64(s->data_units_read));
	json_object_object_add(j, "data_units_written",
			       json_object_new_int64(s->data_units_written));
	json_object_object_add(j, "host_read_cmds", json_object_new_int64(s->host_read_cmds));
	json_object_object_add(j, "host_write_cmds", json_object_new_int64(s->host_write_cmds));
	json_object_object_add(j, "ctrl_busy_time_min",
			       json_object_new_int64(s->ctrl_busy_time_min));
	json_object_object_add(j, "media_errors", json_object_new_int64(s->media_errors));
	json_object_object_add(j, "num_err_log_entries",
			       json_object_new_int64(s->num_err_log_entries));
	json_object_object_add(j, "warning_temp_time_min",
			       json_object_new_int64(s->warning_temp_time_min));
	json_object_object_add(j, "critical_temp_time_min",
			       json_object_new_int64(s->critical_temp_time_min));
	json_object_object_add(j, "tmt1_count", json_object_new_int64(s->tmt1_count));
	json_object_object_add(j, "tmt2_count", json_object_new_int64(s->tmt2_count));
	json_object_object_add(j, "tmt1_time_s", json_object_new_int64(s->tmt1_time_s));
	json_object_object_add(j, "tmt2_time_s", json_object_new_int64(s->tmt2_time_s));
	json_object_object_add(j, "endgrp_crit_warning",
			       json_object_new_int(s->endgrp_crit_warning));
	if (s->saturated)
		json_object_object_add(j, "saturated", json_object_new_boolean(true));
	return j;
}

static json_object *ocp_json(const struct health_ocp *o)
{
	json_object *j = json_object_new_object();

	json_object_object_add(j, "physical_media_units_written",
			       json_object_new_int64(o->media_bytes_written));
	json_object_object_add(j, "physical_media_units_read",
			       json_object_new_int64(o->media_bytes_read));
	json_object_object_add(j, "thermal_throttling_count",
			       json_object_new_int(o->throttling_count));
	json_object_object_add(j, "thermal_throttling_status",
			       json_object_new_int(o->throttling_status));
	if (o->saturated)
		json_object_object_add(j, "saturated", json_object_new_boolean(true));
	return j;
}

static json_object *fdp_json(const struct health_fdp *f)
{
	json_object *j = json_object_new_object();

	json_object_object_add(j, "hbmw", json_object_new_int64(f->hbmw));
	json_object_object_add(j, "mbmw", json_object_new_int64(f->mbmw));
	json_object_object_add(j, "mbe", json_object_new_int64(f->mbe));
	if (f->saturated)
		json_object_object_add(j, "saturated", json_object_new_boolean(true));
	return j;
}

static json_object *endgrp_json(const struct health_endgrp *e)
{
	json_object *j = json_object_new_object();

	json_object_object_add(j, "critical_warning", json_object_new_int(e->critical_warning));
	json_object_object_add(j, "avail_spare", json_object_new_int(e->avail_spare));
	json_object_object_add(j, "spare_thresh", json_object_new_int(e->spare_thresh));
	json_object_object_add(j, "percent_used", json_object_new_int(e->percent_used));
	json_object_object_add(j, "endurance_estimate",
			       json_object_new_int64(e->endurance_estimate));
	json_object_object_add(j, "data_units_read", json_object_new_int64(e->data_units_read));
	json_object_object_add(j, "data_units_written",
			       json_object_new_int64(e->data_units_written));
	json_object_object_add(j, "media_units_written",
			       json_object_new_int64(e->media_units_written));
	json_object_object_add(j, "host_read_cmds", json_object_new_int64(e->host_read_cmds));
	json_object_object_add(j, "host_write_cmds", json_object_new_int64(e->host_write_cmds));
	json_object_object_add(j, "media_errors", json_object_new_int64(e->media_errors));
	json_object_object_add(j, "num_err_log_entries",
			       json_object_new_int64(e->num_err_log_entries));
	if (e->saturated)
		json_object_object_add(j, "saturated", json_object_new_boolean(true));
	return j;
}

static json_object *str_or_null(const char *s)
{
	return s && *s ? json_object_new_string(s) : NULL;
}

/* {"before": B, "after": A} when both were read, else null. */
static json_object *pair(bool have, json_object *before, json_object *after)
{
	json_object *j;

	if (!have) {
		json_object_put(before);
		json_object_put(after);
		return NULL;
	}
	j = json_object_new_object();
	json_object_object_add(j, "before", before);
	json_object_object_add(j, "after", after);
	return j;
}

static void add_extras(json_object *j, const struct health_ctrl *c)
{
	json_object *fdp;
	bool ok = c->have_before && c->have_after;

	json_object_object_add(j, "ocp_c0",
			       pair(ok && c->have_ocp, ok ? ocp_json(&c->ocp_before) : NULL,
				    ok ? ocp_json(&c->ocp_after) : NULL));
	json_object_object_add(j, "ocp_c0_absent", str_or_null(c->ocp_absent));
	fdp = pair(ok && c->have_fdp, ok ? fdp_json(&c->fdp_before) : NULL,
		   ok ? fdp_json(&c->fdp_after) : NULL);
	if (fdp)
		json_object_object_add(fdp, "endurance_group", json_object_new_int(c->endgid));
	json_object_object_add(j, "fdp", fdp);
	json_object_object_add(j, "fdp_absent", str_or_null(c->fdp_absent));
	json_object_object_add(j, "endurance_group",
			       pair(ok && c->have_endgrp,
				    ok ? endgrp_json(&c->endgrp_before) : NULL,
				    ok ? endgrp_json(&c->endgrp_after) : NULL));
	json_object_object_add(j, "endurance_group_absent", str_or_null(c->endgrp_absent));
}

static json_object *ctrl_json(const struct health_ctrl *c)
{
	json_object *j = json_object_new_object(), *samples = json_object_new_array(), *cost;
	bool ok = c->have_before && c->have_after;
	size_t i;

	json_object_object_add(j, "controller", str_or_null(c->name));
	json_object_object_add(j, "path", json_object_new_string(c->path));
	json_object_object_add(j, "serial", str_or_null(c->serial));
	json_object_object_add(j, "model", str_or_null(c->model));
	json_object_object_add(j, "subsystem", str_or_null(c->subsystem));
	json_object_object_add(j, "absent", ok ? NULL : str_or_null(c->absent));
	json_object_object_add(j, "before", ok ? snap_json(&c->before) : NULL);
	json_object_object_add(j, "after", ok ? snap_json(&c->after) : NULL);
	for (i = 0; ok && i < c->nr_samples; i++)
		json_object_array_add(samples, snap_json(&c->samples[i]));
	json_object_object_add(j, "samples", samples);
	add_extras(j, c);
	cost = json_object_new_object();
	json_object_object_add(cost, "samples", json_object_new_int64((int64_t)c->nr_samples));
	json_object_object_add(cost, "cpu_us_total",
			       json_object_new_int64((int64_t)(c->sample_cpu_ns / 1000)));
	json_object_object_add(cost, "failed", json_object_new_int64((int64_t)c->sample_failures));
	json_object_object_add(cost, "first_failure", str_or_null(c->sample_error));
	json_object_object_add(cost, "dropped", json_object_new_int64((int64_t)c->samples_dropped));
	json_object_object_add(j, "sample_cost", cost);
	return j;
}

json_object *health_job_json(const struct health_job *job, const char *name, int thread)
{
	json_object *j = json_object_new_object(), *ctrls = json_object_new_array();
	size_t i;

	json_object_object_add(j, "job", json_object_new_string(name ? name : ""));
	json_object_object_add(j, "thread", json_object_new_int(thread));
	json_object_object_add(j, "interval_ms", json_object_new_int64(job->interval_ms));
	for (i = 0; i < job->nr_ctrls; i++)
		json_object_array_add(ctrls, ctrl_json(&job->ctrls[i]));
	json_object_object_add(j, "controllers", ctrls);
	return j;
}
