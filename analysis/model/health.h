/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Drive health per step (issue 25): what the ssdnvme engine read from the
 * drive before, during and after a step's jobs (its results file's "health"
 * section, docs/engine.md), the step's validity verdict and its write
 * amplification.  The model only: read_health.c fills it, out_health*.c
 * print it.
 */
#ifndef FIORANK_HEALTH_H
#define FIORANK_HEALTH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct fr_model;
struct fr_step;

/* A monotonic counter over a step: the lowest value seen before and the
 * highest after, over all the step's jobs on one controller (threads run
 * together and read the same counter: their windows are unioned, never
 * added).  -1: not known (absent, or saturated at INT64_MAX). */
struct fr_hcount {
	int64_t before, after;
};

/* The counters a verdict or WAF reads; FR_HC_N of them. */
enum fr_hc {
	FR_HC_DUW,	    /* SMART data units written (1000 x 512 B) */
	FR_HC_TMT1_N,	    /* thermal management transitions, level 1 */
	FR_HC_TMT2_N,	    /* level 2 */
	FR_HC_TMT1_S,	    /* seconds at level 1 */
	FR_HC_TMT2_S,	    /* seconds at level 2 */
	FR_HC_WARN_MIN,	    /* minutes above the warning composite temperature */
	FR_HC_CRIT_MIN,	    /* minutes above the critical composite temperature */
	FR_HC_OCP_MEDIA,    /* OCP C0 physical media units written: bytes */
	FR_HC_OCP_THROTTLE, /* OCP C0 thermal throttling count */
	FR_HC_FDP_MBMW,	    /* FDP media bytes with metadata written */
	FR_HC_FDP_HBMW,	    /* FDP host bytes with metadata written (same log, same window) */
	FR_HC_EG_MEDIA,	    /* endurance group media units written (1000 x 512 B) */
	FR_HC_EG_HOST,	    /* endurance group data units written by hosts (1000 x 512 B) */
	FR_HC_N
};

/* One point of the composite temperature over time. */
struct fr_htemp {
	int64_t t_ms; /* since the job's start */
	int temp_k;
};

/* One controller's health over a step. */
struct fr_hctrl {
	char name[32];	  /* "nvme0" */
	char serial[48];  /* as the engine read it */
	char subsys[224]; /* subsystem NQN, "" when not said */
	char absent[160]; /* why no health could be read, "" when it was */
	bool read;	  /* some job's before and after snapshots were read */
	struct fr_hcount c[FR_HC_N];
	unsigned crit_warning; /* bits set in any snapshot */
	unsigned eg_warning;   /* endurance group critical warning bits, any snapshot */
	unsigned ocp_status;   /* OCP C0 thermal throttling status, any snapshot */
	/* why the record cannot be trusted (a snapshot missing, a counter
	 * that went back or cannot be read, an impossible temperature, the
	 * field named); "" when it can */
	char untrusted[200];
	int temp_before_k, temp_after_k, temp_max_k; /* 0: not known */
	struct fr_htemp *temps;			     /* before, samples and after, by time */
	size_t ntemps;
	int64_t samples, cpu_us; /* the sampler's own cost; -1 unknown */
};

struct fr_health {
	bool recorded; /* some controller's health was read */
	char why[200]; /* when not recorded: why */
	struct fr_hctrl *ctrl;
	size_t nctrl;
	bool invalid;
	/* with invalid: no sign of trouble, but a record that cannot be
	 * trusted (a controller's untrusted): "health unknown", never valid */
	bool unknown;
	char reason[320]; /* why invalid or unknown; "" when valid */
};

/* Where a step's media bytes came from (WAF). */
enum fr_waf_src { FR_WAF_NONE, FR_WAF_OCP, FR_WAF_FDP, FR_WAF_EG, FR_WAF_NSRC };

struct fr_waf {
	double host_bytes;	 /* fio's written bytes, NAN unknown */
	double host_bytes_smart; /* data units written delta x 512000, NAN unknown */
	double media_bytes;	 /* NAN unknown */
	/* the ratio's divisor: host bytes the drive's own host-write counter
	 * beside the media counter counted over the same window (the same
	 * reads): FDP's HBMW, SMART's data units written for OCP C0, the
	 * endurance group's data units written; NAN with no WAF */
	double src_host_bytes;
	const char *host_counter; /* that counter's name; "" with no WAF */
	double waf;		  /* media / host, NAN when not a right number */
	enum fr_waf_src src;
	char why[240]; /* "WAF n/a: ..." when waf is NAN */
	/* the WAF by every media counter the drive has (FDP and OCP can
	 * disagree), indexed by source; NAN where not a right number */
	double by_src[FR_WAF_NSRC];
};

/**
 * fr_health_free() - free a health record and its controllers
 * @h: the record (heap-allocated, as fr_health_dup() or the reader makes
 *     it), or NULL
 */
void fr_health_free(struct fr_health *h);
/**
 * fr_health_dup() - a deep copy of a health record
 * @h: the record
 *
 * Return: the copy, its controllers and temperature series its own (free
 * with fr_health_free()), or NULL when out of memory.
 */
struct fr_health *fr_health_dup(const struct fr_health *h);

/**
 * fr_health_verdict() - judge a step's validity from its health record
 * @h: the record; its invalid and reason are set
 *
 * The verdict rules of docs/fiorank.md's "Drive health": per controller
 * read, thermal management engaged (a TMT transition count or time grew),
 * warning or critical composite temperature time grew, the OCP thermal
 * throttling count grew, or a critical warning bit was set.  Each makes
 * the step invalid and adds a "; "-separated reason (led by the
 * controller's name when there are several), cut to fit.
 */
void fr_health_verdict(struct fr_health *h);

/**
 * fr_health_waf() - a step's write amplification
 * @s: the step, with or without a health record
 * @w: filled whole; a figure not known is NAN, and @w->why says why there
 *     is no WAF
 *
 * The WAF is the health's media bytes over the host bytes the drive
 * counted over the same window (its reads before and after the job), never
 * fio's bytes: those leave out ramp_time and count only this job, while the
 * drive's window is the job's whole life and every writer it serves.
 * fio's bytes only say whether the step wrote.  Every media counter the
 * drive has gives its own ratio (@w->by_src); the first that gives a right
 * number, in OCP C0, FDP, endurance group order, is @w->waf.
 */
void fr_health_waf(const struct fr_step *s, struct fr_waf *w);
/**
 * fr_waf_src_name() - the name of a WAF source
 * @s: the source
 *
 * Return: "OCP C0", "FDP", "endurance group", or "" for FR_WAF_NONE (a
 * static string).
 */
const char *fr_waf_src_name(enum fr_waf_src s);

/**
 * fr_health_cw_names() - critical warning bits in words
 * @bits: the SMART critical warning byte
 * @buf: where the names are written (terminated, cut to fit; "" for none)
 * @len: @buf's size in bytes
 *
 * "spare, temperature" for bits 0 and 1; bits with no name by number
 * ("bit 7").
 */
void fr_health_cw_names(unsigned bits, char *buf, size_t len);

/**
 * fr_health_same_subsys() - whether a controller's subsystem was counted already
 * @h: the health record
 * @i: the controller's index in @h->ctrl
 *
 * Two controllers of one subsystem may report the same counts (QEMU keeps
 * them per namespace), so the later one's are never added to the earlier's.
 *
 * Return: true when an earlier controller that was read has the same
 * subsystem NQN; false when none has, or controller @i's NQN is unknown.
 */
bool fr_health_same_subsys(const struct fr_health *h, size_t i);

/**
 * fr_hc_delta() - how much a counter grew over a step on one controller
 * @c: the controller
 * @k: the counter
 *
 * Return: after minus before, in the counter's own unit (enum fr_hc); -1
 * when either is not known or the counter went back.
 */
int64_t fr_hc_delta(const struct fr_hctrl *c, enum fr_hc k);

/**
 * fr_health_exclude_invalid() - move the steps judged invalid out of the ranking
 * @m: the model; call once all inputs are read, unless --include-invalid
 *
 * Each step whose verdict is invalid moves to @m->invalid (created on
 * first use; the reports still show its health there), is listed as an
 * excluded input with its reason, and its jobs are taken off
 * @m->jobs_read.  A profile left without steps goes with its last one.
 *
 * Return: how many steps moved, or -1 when out of memory (the model may
 * then have moved some).
 */
long fr_health_exclude_invalid(struct fr_model *m);

/**
 * fr_health_note_included() - say which invalid steps --include-invalid kept
 * @m: the model
 * @f: where the notes go (stderr)
 *
 * One line per step of @m judged invalid, saying what is invalid and that
 * it is ranked, placed and gated only because of the flag; names from
 * input escaped of control characters.
 *
 * Return: how many steps were noted.
 */
size_t fr_health_note_included(const struct fr_model *m, FILE *f);

/**
 * fr_health_any() - whether any step has a health record
 * @m: the model; @m->invalid is looked at too
 *
 * Return: true when some step has a record, read or not (a step whose
 * engine results file said why it has none counts).
 */
bool fr_health_any(const struct fr_model *m);

#endif
