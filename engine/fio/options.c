// SPDX-License-Identifier: GPL-2.0-only
/*
 * ssdnvme's fio options, each with the help text `fio --enghelp=PATH.so`
 * prints.
 */
#include "fio.h"
#include "optgroup.h"

#include "glue.h"
#include "optval.h"

/* A refusal of the option's value, before any job starts (fio then names the option). */
static int refuse(const char *msg)
{
	log_err("ssdnvme: %s\n", msg);
	return 1;
}

/*
 * The engine's integers and times reach fio as strings and are read here,
 * whole (optval.h: fio's own integer options check 32 bits of 64 and split
 * a value at '-').
 */
static int set_int(const char *name, const char *str, uint64_t min, uint64_t max, bool bytes,
		   unsigned int *field)
{
	char msg[MSG_LEN];
	uint64_t v;

	if (!optval_int(name, str, min, max, bytes, &v, msg, sizeof(msg)))
		return refuse(msg);
	*field = (unsigned int)v;
	return 0;
}

static int set_ms(const char *name, const char *str, uint64_t min, uint64_t max,
		  unsigned int *field)
{
	char msg[MSG_LEN];
	uint64_t ms;

	if (!optval_ms(name, str, min, max, &ms, msg, sizeof(msg)))
		return refuse(msg);
	*field = (unsigned int)ms;
	return 0;
}

#define INT_CB(fn, name, field, min, max, bytes)                          \
	static int fn(void *data, const char *str)                        \
	{                                                                 \
		return set_int(name, str, min, max, bytes,                \
			       &((struct ssdnvme_options *)data)->field); \
	}
#define MS_CB(fn, name, field, min, max)                                                      \
	static int fn(void *data, const char *str)                                            \
	{                                                                                     \
		return set_ms(name, str, min, max, &((struct ssdnvme_options *)data)->field); \
	}

/* A day: more than any step runs, and well within the 32-bit field. */
#define MS_MAX 86400000

INT_CB(tag_outliers_cb, "tag_outliers", tag_outliers, 0, 1000000, false)
INT_CB(md_per_io_size_cb, "md_per_io_size", md_per_io_size, 0, UINT32_MAX, true)
INT_CB(apptag_cb, "apptag", apptag, 0, 0xffff, false)
INT_CB(apptag_mask_cb, "apptag_mask", apptag_mask, 0, 0xffff, false)
MS_CB(tag_interval_cb, "tag_interval", tag_interval, 1, MS_MAX)
MS_CB(health_interval_cb, "health_interval", health_interval, 0, MS_MAX)

/* copy_src=: a byte offset on the namespace, with fio's size units */
static int copy_src_cb(void *data, const char *str)
{
	struct ssdnvme_options *o = data;
	char msg[MSG_LEN];
	uint64_t v;

	if (!optval_int("copy_src", str, 0, INT64_MAX, true, &v, msg, sizeof(msg)))
		return refuse(msg);
	o->copy_src = v;
	o->copy_src_set = true;
	return 0;
}

/* lifecycle.c hands the CPU to the ring set-up as an int */
static int sqpoll_cpu_cb(void *data, const char *str)
{
	struct ssdnvme_options *o = data;

	if (set_int("sqthread_poll_cpu", str, 0, INT_MAX, false, &o->sqpoll_cpu))
		return 1;
	o->sqpoll_set = 1;
	return 0;
}

struct fio_option ssdnvme_fio_options[] = {
	{
		.name = "hipri",
		.lname = "Polled completions",
		.type = FIO_OPT_STR_SET,
		.off1 = offsetof(struct ssdnvme_options, hipri),
		.help = "Poll for completions (IORING_SETUP_IOPOLL); needs NVMe poll queues "
			"(nvme.poll_queues > 0), refused otherwise",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "hipri_unsafe_kernel",
		.lname = "hipri on an unfixed kernel",
		.type = FIO_OPT_BOOL,
		.off1 = offsetof(struct ssdnvme_options, hipri_unsafe_kernel),
		.def = "0",
		.help = "1: allow hipri on NVMe passthrough before Linux 6.5, where a polled job "
			"with commands in flight when it dies (kill -9, an error) or when its "
			"namespace is detached, reset or formatted faults in bio_poll and leaves "
			"fio unkillable",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "fixedbufs",
		.lname = "Registered buffers",
		.type = FIO_OPT_STR_SET,
		.off1 = offsetof(struct ssdnvme_options, fixedbufs),
		.help = "Register the I/O buffers with the ring (implies nonvectored)",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "registerfiles",
		.lname = "Registered files",
		.type = FIO_OPT_STR_SET,
		.off1 = offsetof(struct ssdnvme_options, registerfiles),
		.help = "Register the job's files with the ring (needs openfiles == nrfiles)",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "sqthread_poll",
		.lname = "Kernel SQ thread",
		.type = FIO_OPT_STR_SET,
		.off1 = offsetof(struct ssdnvme_options, sqpoll),
		.help = "Let a kernel thread poll the submission queue (IORING_SETUP_SQPOLL)",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "sqthread_poll_cpu",
		.lname = "SQ thread CPU",
		.type = FIO_OPT_STR,
		.cb = sqpoll_cpu_cb,
		.help = "CPU the sqthread_poll kernel thread is pinned to",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "nonvectored",
		.lname = "Non-vectored",
		.type = FIO_OPT_BOOL,
		.off1 = offsetof(struct ssdnvme_options, nonvectored),
		.def = "1",
		.help = "1: one buffer per command (NVME_URING_CMD_IO, IORING_OP_READ/WRITE); "
			"0: vectored (NVME_URING_CMD_IO_VEC, READV/WRITEV)",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "readfua",
		.lname = "Read FUA",
		.type = FIO_OPT_BOOL,
		.off1 = offsetof(struct ssdnvme_options, readfua),
		.def = "0",
		.help = "Set Force Unit Access on NVMe reads",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "writefua",
		.lname = "Write FUA",
		.type = FIO_OPT_BOOL,
		.off1 = offsetof(struct ssdnvme_options, writefua),
		.def = "0",
		.help = "Set Force Unit Access on NVMe writes (RWF_DSYNC on the fallback path)",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "write_zeroes",
		.lname = "Write Zeroes",
		.type = FIO_OPT_BOOL,
		.off1 = offsetof(struct ssdnvme_options, write_zeroes),
		.def = "0",
		.help = "Send writes as NVMe Write Zeroes (no data transferred; do not verify)",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "write_mode",
		.lname = "Write command",
		.type = FIO_OPT_STR,
		.off1 = offsetof(struct ssdnvme_options, write_mode),
		.def = "write",
		.help = "The NVMe command fio's writes are sent as (fio's io_uring_cmd names); "
			"refused where the controller lacks it (ONCS)",
		.posval =
			{
				{.ival = "write", .oval = WMODE_WRITE, .help = "Write"},
				{.ival = "uncor",
				 .oval = WMODE_UNCOR,
				 .help = "Write Uncorrectable: the blocks read back as errors"},
				{.ival = "zeroes",
				 .oval = WMODE_ZEROES,
				 .help = "Write Zeroes (as write_zeroes=1)"},
				{.ival = "verify",
				 .oval = WMODE_VERIFY,
				 .help = "Verify: the drive checks the blocks it stores"},
				{.ival = "copy",
				 .oval = WMODE_COPY,
				 .help = "Copy (0x19): the drive copies the blocks from copy_src= "
					 "(ssdnvme only)"},
			},
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "verify_mode",
		.lname = "Verify command",
		.type = FIO_OPT_STR,
		.off1 = offsetof(struct ssdnvme_options, verify_mode),
		.def = "read",
		.help = "How verify= reads back: Read and fio compares, or Compare and the drive "
			"does (fio >= 3.41)",
		.posval =
			{
				{.ival = "read", .oval = VMODE_READ, .help = "Read commands"},
				{.ival = "compare",
				 .oval = VMODE_COMPARE,
				 .help = "Compare commands with the expected data"},
			},
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "copy_src",
		.lname = "Copy source offset",
		.type = FIO_OPT_STR,
		.cb = copy_src_cb,
		.help = "write_mode=copy: the byte offset of the region each write copies from "
			"(as far into it as the write is into the job's region; k/m/g units)",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "deac",
		.lname = "Deallocate on Write Zeroes",
		.type = FIO_OPT_BOOL,
		.off1 = offsetof(struct ssdnvme_options, deac),
		.def = "0",
		.help = "Set DEAC on Write Zeroes: the zeroed blocks may be deallocated",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "nowait",
		.lname = "RWF_NOWAIT",
		.type = FIO_OPT_BOOL,
		.off1 = offsetof(struct ssdnvme_options, nowait),
		.def = "0",
		.help = "RWF_NOWAIT on the fallback's reads and writes (passthrough commands "
			"have no such flag and are sent as usual)",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "force_async",
		.lname = "Force async",
		.type = FIO_OPT_INT,
		.off1 = offsetof(struct ssdnvme_options, force_async),
		.def = "0",
		.help = "Set IOSQE_ASYNC on every Nth command (0: never)",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "cmd_type",
		.lname = "Uring cmd type",
		.type = FIO_OPT_STR,
		.off1 = offsetof(struct ssdnvme_options, cmd_type),
		.def = "nvme",
		.help = "io_uring_cmd's command type, taken for its job files: nvme, the only one",
		.posval =
			{
				{.ival = "nvme", .oval = 0, .help = "NVMe passthrough commands"},
			},
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "namespaces",
		.lname = "Namespaces",
		.type = FIO_OPT_STR_STORE,
		.off1 = offsetof(struct ssdnvme_options, namespaces),
		.help = "Namespaces of filename='s controller to use, e.g. 1,2,5-6 or all: one "
			"file per namespace, all on the job's ring",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "ssdnvme_results",
		.lname = "Engine results file",
		.type = FIO_OPT_STR_STORE,
		.off1 = offsetof(struct ssdnvme_options, results_file),
		.help = "Where to write the engine's JSON (identity of each file, latency "
			"tags), one file for all the run's jobs; default: next to --output as "
			"ssdnvme-JOB.N.json, none without --output",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "tags",
		.lname = "Latency tags",
		.type = FIO_OPT_BOOL,
		.off1 = offsetof(struct ssdnvme_options, tags),
		.def = "1",
		.help = "Tag every I/O (namespace, direction, label, in-flight context) and keep "
			"per-tag latency statistics, outliers and a time series in the results "
			"file (docs/tags.md); 0 turns tagging off",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "tag",
		.lname = "Tag label",
		.type = FIO_OPT_STR_STORE,
		.off1 = offsetof(struct ssdnvme_options, tag_label),
		.help = "Label of this job's latency tags (default: the job name); ${VAR} in a "
			"job file makes it settable per run",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "tag_outliers",
		.lname = "Tag outliers",
		.type = FIO_OPT_STR,
		.cb = tag_outliers_cb,
		.def = "64",
		.help = "Slowest I/Os kept, with their context, per tag key (0: none)",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "tag_interval",
		.lname = "Tag series interval",
		.type = FIO_OPT_STR,
		.cb = tag_interval_cb,
		.def = "1000",
		.help = "Interval of the per-tag latency time series: milliseconds, or a time "
			"with fio's units (500ms, 2s, 1m); 1 ms to a day",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "tag_log",
		.lname = "Per-I/O tag log",
		.type = FIO_OPT_BOOL,
		.off1 = offsetof(struct ssdnvme_options, tag_log),
		.def = "0",
		.help = "1: write every I/O as a 64-byte record to RESULTS.JOB.N.taglog next to "
			"the results file (format in docs/tags.md)",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "tag_log_sync",
		.lname = "Tag log synced at each flush",
		.type = FIO_OPT_BOOL,
		.off1 = offsetof(struct ssdnvme_options, tag_log_sync),
		.def = "0",
		.help = "1 (with tag_log=1): after each completed flush the tag log so far is "
			"written and fdatasync()ed, so that it survives a power cut "
			"(docs/power-cut.md)",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "health",
		.lname = "Drive health",
		.type = FIO_OPT_BOOL,
		.off1 = offsetof(struct ssdnvme_options, health),
		.def = "1",
		.help = "Read each NVMe controller's SMART / health log (and the OCP C0, FDP "
			"statistics and endurance group logs where offered) before and after "
			"the job and sample it during it, into the results file; 0 turns it off",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "health_interval",
		.lname = "Drive health sampling interval",
		.type = FIO_OPT_STR,
		.cb = health_interval_cb,
		.def = "2000",
		.help = "Time between health samples during the job, taken by a thread of their "
			"own: milliseconds, or with fio's units (2s, 1m); up to a day (0: before "
			"and after the job only)",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "identity_note",
		.lname = "Identity note, no I/O",
		.type = FIO_OPT_BOOL,
		.off1 = offsetof(struct ssdnvme_options, identity_note),
		.def = "0",
		.help = "1: print each file's identity (model, serial, firmware, LBA format), "
			"the host's (name, kernel, CPU) and what uses the device, as one "
			"\"ssdnvme-identity: JSON\" line, and do no I/O (create_only=1): a "
			"runner's preflight",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "md_per_io_size",
		.lname = "Separate metadata buffer size per I/O",
		.type = FIO_OPT_STR,
		.cb = md_per_io_size_cb,
		.def = "0",
		.help = "Bytes of the separate metadata buffer each I/O carries on a namespace "
			"with separate metadata (fio's meaning); 0: computed (largest bs / LBA "
			"size x metadata size); less than an I/O needs is refused",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "pi_act",
		.lname = "Protection information action",
		.type = FIO_OPT_BOOL,
		.off1 = offsetof(struct ssdnvme_options, pi_act),
		.def = "1",
		.help = "On a namespace with protection information: 1 (PRACT) the controller "
			"inserts PI on writes and strips it on reads; 0 the engine generates PI "
			"on writes and checks it (pi_chk fields) on reads",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "pi_chk",
		.lname = "Protection information checks",
		.type = FIO_OPT_STR_STORE,
		.off1 = offsetof(struct ssdnvme_options, pi_chk),
		.help = "PI fields checked, by the controller (PRCHK bits) and, with pi_act=0, by "
			"the engine on reads: GUARD,REFTAG,APPTAG (any of them; default none)",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "apptag",
		.lname = "PI application tag",
		.type = FIO_OPT_STR,
		.cb = apptag_cb,
		.def = "0x1234",
		.help = "Application tag written in PI and expected on reads (default 0x1234)",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "apptag_mask",
		.lname = "PI application tag mask",
		.type = FIO_OPT_STR,
		.cb = apptag_mask_cb,
		.def = "0xffff",
		.help = "Bits of the application tag that are checked (default 0xffff)",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "ssdnvme_fdp",
		.lname = "Flexible Data Placement",
		.type = FIO_OPT_BOOL,
		.off1 = offsetof(struct ssdnvme_options, fdp),
		.def = "0",
		.help = "1: place every Write (directive type 2, placement identifier in "
			"DSPEC) on the namespace's reclaim unit handles, fio 3.39's fdp=1 for "
			"a fio without it; a namespace without FDP is refused",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "ssdnvme_plids",
		.lname = "Placement ID indices",
		.type = FIO_OPT_STR_STORE,
		.off1 = offsetof(struct ssdnvme_options, plids),
		.help = "Indices into each namespace's reclaim unit handle status list the "
			"writes use, e.g. 0-3,5 (fio's plids=); default (or \"all\") every handle",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "ssdnvme_plid_select",
		.lname = "Placement ID selection",
		.type = FIO_OPT_STR_STORE,
		.off1 = offsetof(struct ssdnvme_options, plid_select),
		.help = "How each write picks among ssdnvme_plids: roundrobin (default) or "
			"random (fio's plid_select=)",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = NULL,
	},
};
