// SPDX-License-Identifier: GPL-2.0-only
/*
 * Which NVMe commands a job's options turn its I/O into (write_mode=, the
 * older write_zeroes=1, write_mode=copy's source region, verify_mode=,
 * trims with num_range=), and whether
 * each file can take them.  Refused before any I/O, naming the capability
 * the controller lacks (ONCS) or the limit the job exceeds, rather than sent
 * for the drive to reject one command at a time.
 */
#include "fio.h"
#include "verify.h"

#include "glue.h"
#include "nvme_cmd.h"

static const char *const wmode_names[] = {
	[WMODE_WRITE] = "write",   [WMODE_UNCOR] = "uncor", [WMODE_ZEROES] = "zeroes",
	[WMODE_VERIFY] = "verify", [WMODE_COPY] = "copy",
};

const uint8_t ssdnvme_wmode_opcode[] = {
	[WMODE_WRITE] = nvme_cmd_write,		[WMODE_UNCOR] = nvme_cmd_write_uncor,
	[WMODE_ZEROES] = nvme_cmd_write_zeroes, [WMODE_VERIFY] = nvme_cmd_verify,
	[WMODE_COPY] = nvme_cmd_copy,
};

/*
 * What each write_mode needs of the controller (its ONCS bit), the
 * command's name, and what it leaves on the drive (for verify=).
 */
static const struct {
	uint16_t oncs;
	const char *name;
	const char *oncs_bit;
	const char *leaves;
} wmode_needs[] = {
	[WMODE_WRITE] = {0, "Write", "", "fio's data"},
	[WMODE_UNCOR] = {NVME_CTRL_ONCS_WRITE_UNCORRECTABLE, "Write Uncorrectable", "ONCS bit 1",
			 "blocks whose reads fail"},
	[WMODE_ZEROES] = {NVME_CTRL_ONCS_WRITE_ZEROES, "Write Zeroes", "ONCS bit 3", "zeroes"},
	[WMODE_VERIFY] = {NVME_CTRL_ONCS_VERIFY, "Verify", "ONCS bit 7",
			  "what was there before (it writes nothing)"},
	[WMODE_COPY] = {NVME_CTRL_ONCS_COPY, "Copy", "ONCS bit 8", "a copy of copy_src's blocks"},
};

const char *ssdnvme_wmode_spelling(const struct ssdnvme_options *o)
{
	static const char *const spelt[] = {
		[WMODE_WRITE] = "write_mode=write",   [WMODE_UNCOR] = "write_mode=uncor",
		[WMODE_ZEROES] = "write_mode=zeroes", [WMODE_VERIFY] = "write_mode=verify",
		[WMODE_COPY] = "write_mode=copy",
	};

	return o->write_zeroes ? "write_zeroes=1" : spelt[o->write_mode];
}

/*
 * write_zeroes=1 is write_mode=zeroes under the engine's older name: one
 * setting from here on, and a job that gives the two differently is refused.
 */
static bool settle_write_mode(struct ssdnvme_options *o, char *msg, size_t len)
{
	if (!o->write_zeroes)
		return true;
	if (o->write_mode != WMODE_WRITE && o->write_mode != WMODE_ZEROES) {
		snprintf(msg, len,
			 "write_zeroes=1 and write_mode=%s ask for two different write commands: "
			 "give one (write_zeroes=1 is write_mode=zeroes)",
			 wmode_names[o->write_mode]);
		return false;
	}
	o->write_mode = WMODE_ZEROES;
	return true;
}

/*
 * write_mode=copy takes its blocks from copy_src=, which nothing else
 * reads: each needs the other.  (Placement with a write mode other than
 * write is refused by ssdnvme_fdp.c: Copy is sent without directives.)
 */
static bool check_copy_job(const struct ssdnvme_options *o, char *msg, size_t len)
{
	if (o->write_mode != WMODE_COPY) {
		if (!o->copy_src_set)
			return true;
		snprintf(msg, len,
			 "copy_src= without write_mode=copy: nothing reads it; add write_mode=copy "
			 "or drop copy_src");
	} else if (!o->copy_src_set) {
		snprintf(msg, len,
			 "write_mode=copy needs copy_src=BYTES: the offset on the namespace the "
			 "copied blocks come from (a region as large as the job's, apart from it)");
	} else {
		return true;
	}
	return false;
}

bool ssdnvme_commands_job(struct thread_data *td, char *msg, size_t len)
{
	struct ssdnvme_options *o = td->eo;

	if (!settle_write_mode(o, msg, len) || !check_copy_job(o, msg, len))
		return false;
	if (!writes_carry_data(o) && td_write(td) && td->o.verify != VERIFY_NONE) {
		snprintf(msg, len,
			 "%s with verify: %s stores %s, not fio's verify pattern, so every block "
			 "would read back as corrupt; drop verify= or %s",
			 ssdnvme_wmode_spelling(o), wmode_needs[o->write_mode].name,
			 wmode_needs[o->write_mode].leaves,
			 o->write_zeroes ? "write_zeroes" : "write_mode");
		return false;
	}
	if (o->verify_mode != VMODE_COMPARE)
		return true;
#if FIO_IOOPS_VERSION >= 36
	/*
	 * The drive compares with the data fio expects, rebuilt at verify time:
	 * fio's verify header holds each write's start time, which cannot be
	 * rebuilt, so only the header-less pattern compares equal.
	 */
	if (td->o.verify == VERIFY_PATTERN_NO_HDR)
		return true;
	if (td->o.verify == VERIFY_NONE)
		snprintf(msg, len,
			 "verify_mode=compare without verify=: no block is read back to compare; "
			 "add verify=pattern (with verify_pattern=) or drop verify_mode");
	else
		snprintf(msg, len,
			 "verify_mode=compare needs verify=pattern: the header other verify= types "
			 "write holds each write's time, which the data a Compare carries cannot "
			 "repeat, so every block would fail to compare");
#else
	snprintf(msg, len,
		 "verify_mode=compare needs fio 3.38 or newer (its verify phase tells the engine "
		 "which reads check data); this engine is built for %s",
		 SSDNVME_FIO_VERSION);
#endif
	return false;
}

/* A command without data must address at most 65536 LBAs (its 16-bit NLB). */
static bool nlb_fits(struct thread_data *td, const struct file_state *fs, enum ssdnvme_write_mode m,
		     char *msg, size_t len)
{
	uint64_t bs = td->o.max_bs[DDIR_WRITE], nlb_max = 65536ull * fs->unit;

	if (bs <= nlb_max)
		return true;
	snprintf(msg, len,
		 "bs (write)=%llu is more than one %s command can %s on %s: %llu bytes (65536 "
		 "LBAs of %u, the 16-bit NLB field)",
		 (unsigned long long)bs, wmode_needs[m].name,
		 m == WMODE_ZEROES ? "zero" : "address", fs->ni.path, (unsigned long long)nlb_max,
		 fs->unit);
	return false;
}

/* Write Zeroes: also within the controller's Write Zeroes Size Limit. */
static bool zeroes_fit(struct thread_data *td, const struct file_state *fs, char *msg, size_t len)
{
	uint64_t bs = td->o.max_bs[DDIR_WRITE];

	if (!fs->ni.wzsl_bytes || bs <= fs->ni.wzsl_bytes)
		return true;
	snprintf(msg, len,
		 "bs (write)=%llu is more than the controller's Write Zeroes Size Limit (WZSL) of "
		 "%llu bytes on %s",
		 (unsigned long long)bs, (unsigned long long)fs->ni.wzsl_bytes, fs->ni.path);
	return false;
}

/*
 * Copy: one source range per command, within the namespace's MSSRL (LBAs
 * per range) and MCL (LBAs per command); the engine sets no expected PI
 * fields, so not on a namespace with metadata.
 */
static bool copy_fits(struct thread_data *td, const struct file_state *fs, char *msg, size_t len)
{
	uint64_t bs = td->o.max_bs[DDIR_WRITE], lbas = bs / fs->unit;
	const char *limit_name = NULL;
	uint32_t limit = 0;

	if (fs->ni.copy_mssrl && lbas > fs->ni.copy_mssrl) {
		limit_name = "Maximum Single Source Range Length (MSSRL)";
		limit = fs->ni.copy_mssrl;
	} else if (fs->ni.copy_mcl && lbas > fs->ni.copy_mcl) {
		limit_name = "Maximum Copy Length (MCL)";
		limit = fs->ni.copy_mcl;
	}
	if (fs->ni.ms)
		snprintf(msg, len,
			 "%s carries %u bytes of metadata per block, whose expected protection "
			 "fields the engine does not set in a Copy's source range",
			 fs->ni.path, fs->ni.ms);
	else if (limit_name)
		snprintf(msg, len, "bs (write)=%llu is %llu LBAs, more than %s's %s of %u LBAs",
			 (unsigned long long)bs, (unsigned long long)lbas, fs->ni.path, limit_name,
			 limit);
	else
		return true;
	return false;
}

/* The write command of a passthrough namespace: offered (ONCS) and within its limits. */
static bool check_write_command(struct thread_data *td, const struct file_state *fs, char *msg,
				size_t len)
{
	struct ssdnvme_options *o = td->eo;
	char why[MSG_LEN - 64]; /* room for the spelling before it */

	if (writes_carry_data(o) || !td_write(td))
		return true;
	if (!(fs->ni.oncs & wmode_needs[o->write_mode].oncs))
		snprintf(why, sizeof(why), "%s's controller does not support %s (%s clear)",
			 fs->ni.path, wmode_needs[o->write_mode].name,
			 wmode_needs[o->write_mode].oncs_bit);
	else if (nlb_fits(td, fs, o->write_mode, why, sizeof(why)) &&
		 (o->write_mode != WMODE_ZEROES || zeroes_fit(td, fs, why, sizeof(why))) &&
		 (o->write_mode != WMODE_COPY || copy_fits(td, fs, why, sizeof(why))))
		return true;
	snprintf(msg, len, "%s: %s", ssdnvme_wmode_spelling(o), why);
	return false;
}

/* Trims are Dataset Management commands: offered (ONCS bit 2). */
static bool check_trims(struct thread_data *td, const struct file_state *fs, char *msg, size_t len)
{
	if (!td_trim(td) || (fs->ni.oncs & NVME_CTRL_ONCS_DSM))
		return true;
	snprintf(msg, len,
		 "trims: %s's controller does not support Dataset Management (ONCS bit 2 clear), "
		 "which trims are sent as",
		 fs->ni.path);
	return false;
}

/* verify_mode=compare: Compare offered, and no metadata for it to compare. */
static bool check_compare(struct thread_data *td, const struct file_state *fs, char *msg,
			  size_t len)
{
	struct ssdnvme_options *o = td->eo;

	if (o->verify_mode != VMODE_COMPARE)
		return true;
	if (!(fs->ni.oncs & NVME_CTRL_ONCS_COMPARE))
		snprintf(msg, len,
			 "verify_mode=compare: %s's controller does not support Compare (ONCS "
			 "bit 0 clear)",
			 fs->ni.path);
	else if (fs->ni.ms)
		snprintf(msg, len,
			 "verify_mode=compare: %s carries %u bytes of metadata per block, which "
			 "the engine does not compare; use verify_mode=read there",
			 fs->ni.path, fs->ni.ms);
	else
		return true;
	return false;
}

/* A file the engine reaches through plain io_uring: only what it can do there. */
static bool check_fallback(struct thread_data *td, const struct file_state *fs, char *msg,
			   size_t len)
{
	struct ssdnvme_options *o = td->eo;
	const char *what = NULL;

	if (td_write(td) && o->write_mode != WMODE_WRITE && o->write_mode != WMODE_ZEROES)
		what = ssdnvme_wmode_spelling(o);
	else if (o->verify_mode == VMODE_COMPARE)
		what = "verify_mode=compare";
	if (!what)
		return true;
	snprintf(msg, len,
		 "%s: %s is a %s, reached through plain io_uring, which has no such command; give "
		 "the namespace's generic char device (/dev/ngXnY)",
		 what, fs->ni.path, ns_kind_name(fs->ni.kind));
	return false;
}

bool ssdnvme_commands_file(struct thread_data *td, const struct file_state *fs)
{
	char msg[MSG_LEN];

	if (fs->ni.kind != NS_KIND_NVME_CHAR) {
		if (check_fallback(td, fs, msg, sizeof(msg)))
			return true;
	} else if (check_write_command(td, fs, msg, sizeof(msg)) &&
		   check_trims(td, fs, msg, sizeof(msg)) &&
		   check_compare(td, fs, msg, sizeof(msg))) {
		return true;
	}
	ssdnvme_fail(td, EINVAL, msg);
	return false;
}

/* [a, a + n) and [b, b + n) share a byte */
static bool regions_overlap(uint64_t a, uint64_t b, uint64_t n)
{
	return a < b + n && b < a + n;
}

bool ssdnvme_copy_region(struct thread_data *td, const struct fio_file *f,
			 const struct file_state *fs)
{
	const struct ssdnvme_options *o = td->eo;
	uint64_t src = o->copy_src, n = f->io_size, dst = f->file_offset;
	char msg[MSG_LEN];

	if (o->write_mode != WMODE_COPY || !td_write(td))
		return true;
	if (src % fs->unit)
		snprintf(msg, sizeof(msg),
			 "write_mode=copy: copy_src=%llu is not on %s's LBA grid of %u bytes",
			 (unsigned long long)src, fs->ni.path, fs->unit);
	else if (src > fs->ni.capacity_bytes || n > fs->ni.capacity_bytes - src)
		snprintf(msg, sizeof(msg),
			 "write_mode=copy: the source region [%llu, %llu) runs past %s's capacity "
			 "of %llu bytes",
			 (unsigned long long)src, (unsigned long long)(src + n), fs->ni.path,
			 (unsigned long long)fs->ni.capacity_bytes);
	else if (regions_overlap(src, dst, n))
		snprintf(msg, sizeof(msg),
			 "write_mode=copy: the source region [%llu, %llu) overlaps the region the "
			 "job writes on %s, [%llu, %llu): give copy_src= a region apart",
			 (unsigned long long)src, (unsigned long long)(src + n), fs->ni.path,
			 (unsigned long long)dst, (unsigned long long)(dst + n));
	else
		return true;
	ssdnvme_fail(td, EINVAL, msg);
	return false;
}
