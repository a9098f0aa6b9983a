/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * NVMe end-to-end protection information (PI): what a namespace's format
 * says (DPS, ELBAF), what a run does with it (fio's pi_act, pi_chk, apptag,
 * apptag_mask), the command fields that follow, and PI generation and
 * checking in host memory.  Pure: no fio or kernel types.
 */
#ifndef SSDNVME_PI_H
#define SSDNVME_PI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Guard formats (ELBAF PIF). */
enum pi_guard { PI_GUARD_16 = 0, PI_GUARD_32 = 1, PI_GUARD_64 = 2 };

/* PRCHK bits as they sit in cdw12's upper half (libnvme's NVME_IO_PRINFO_*). */
#define PI_CHK_REF   (1u << 10)
#define PI_CHK_APP   (1u << 11)
#define PI_CHK_GUARD (1u << 12)
#define PI_PRACT     (1u << 13)
#define PI_CHK_ALL   (PI_CHK_REF | PI_CHK_APP | PI_CHK_GUARD)

/* A namespace's format, as far as metadata and PI go. */
struct pi_format {
	uint32_t lba_size; /* data bytes per LBA */
	uint32_t ms;	   /* metadata bytes per LBA */
	bool extended;	   /* metadata interleaved with the data */
	uint8_t type;	   /* DPS bits 2:0: 0 no PI, 1..3 PI type */
	bool first;	   /* DPS bit 3: PI in the first bytes of the metadata */
	uint8_t pif;	   /* enum pi_guard */
	uint8_t sts;	   /* storage tag size in bits (ELBAF STS) */
};

/* What a run does with PI (fio's option names). */
struct pi_mode {
	bool act;	      /* pi_act: PRACT, the controller inserts/strips PI */
	uint16_t chk;	      /* pi_chk: PI_CHK_* bits */
	uint16_t apptag;      /* apptag */
	uint16_t apptag_mask; /* apptag_mask */
};

/* Bytes of one PI tuple: 8 (16-bit guard) or 16 (32/64-bit guard). */
static inline uint32_t pi_tuple_size(const struct pi_format *f)
{
	return f->pif == PI_GUARD_16 ? 8 : 16;
}

/*
 * Whether the engine can work with F's PI; false with the reason in WHY
 * (32-bit guard, storage tags, metadata smaller than a PI tuple).
 */
bool pi_format_supported(const struct pi_format *f, char *why, size_t len);

/*
 * PRACT with metadata that is PI alone: the controller inserts and strips
 * the whole metadata, so the host transfers none (no interleaved bytes).
 */
static inline bool pi_host_moves_no_metadata(const struct pi_format *f, const struct pi_mode *m)
{
	return f->type && m->act && f->ms == pi_tuple_size(f);
}

/* Bytes per LBA in the host's data buffer. */
static inline uint32_t pi_data_unit(const struct pi_format *f, const struct pi_mode *m)
{
	return f->lba_size + (f->extended && !pi_host_moves_no_metadata(f, m) ? f->ms : 0);
}

/*
 * Bytes per LBA of the separate metadata buffer every command carries: the
 * whole metadata, also when PRACT leaves it unused, so that no command on a
 * metadata namespace ever goes without a buffer.
 */
static inline uint32_t pi_separate_md(const struct pi_format *f)
{
	return f->extended ? 0 : f->ms;
}

/* Whether the engine itself generates and checks PI (pi_act=0 on a PI namespace). */
static inline bool pi_engine_generates(const struct pi_format *f, const struct pi_mode *m)
{
	return f->type && !m->act;
}

/*
 * The PRCHK bits a command carries: pi_chk, less the reference tag on type
 * 3, which has none to check (controllers refuse the bit there, QEMU with
 * "Invalid Protection Information").
 */
static inline uint16_t pi_device_checks(const struct pi_format *f, const struct pi_mode *m)
{
	return f->type == 3 ? m->chk & (uint16_t)~PI_CHK_REF : m->chk;
}

/* The tag fields of a read or write command on F: cdw12's upper half, cdw3, cdw14, cdw15. */
struct pi_cmd_fields {
	uint16_t control; /* PRACT and PRCHK bits */
	uint32_t cdw3;	  /* bits 47:32 of a 48-bit initial reference tag */
	uint32_t cdw14;	  /* initial reference tag, bits 31:0 */
	uint32_t cdw15;	  /* apptag mask << 16 | apptag */
};

/*
 * The fields for a command starting at SLBA.  The initial reference tag is
 * the LBA for every type (type 1 requires it; the engine uses it for type 2
 * too, and type 3 does not check it), and the apptag is always given, so
 * that PI the controller inserts (PRACT) is valid PI for later reads.
 * WRITE_ZEROES always gets PRACT: the controller writes valid PI.
 */
void pi_cmd_fields(const struct pi_format *f, const struct pi_mode *m, uint64_t slba,
		   bool write_zeroes, struct pi_cmd_fields *out);

/*
 * Writes a valid PI tuple for each of NLB LBAs from SLBA: into DATA itself
 * (extended LBAs, DATA holds nlb * (lba_size + ms) bytes) or into MD (nlb *
 * ms bytes).  Every field, whatever pi_chk says: the data must be readable
 * by whoever checks later.
 */
void pi_generate(const struct pi_format *f, const struct pi_mode *m, void *data, void *md,
		 uint32_t nlb, uint64_t slba);

enum pi_field { PI_FIELD_GUARD, PI_FIELD_APPTAG, PI_FIELD_REFTAG };

/* The first PI check that failed. */
struct pi_error {
	enum pi_field field;
	uint64_t lba;
	uint64_t expected, found;
};

/*
 * Checks the PI of NLB LBAs read from SLBA, the fields in m->chk only, with
 * the escapes the controller honours (apptag 0xFFFF for types 1 and 2, plus
 * an all-ones reference tag for type 3).  Returns true when all pass, else
 * false with the first failure in ERR.
 */
bool pi_verify(const struct pi_format *f, const struct pi_mode *m, const void *data, const void *md,
	       uint32_t nlb, uint64_t slba, struct pi_error *err);

/* "guard", "application tag", "reference tag" */
const char *pi_field_name(enum pi_field field);

/* "GUARD,REFTAG" ... from PI_CHK_* bits; "none" for 0. */
void pi_chk_string(uint16_t chk, char *buf, size_t len);

/*
 * Parses pi_chk= (comma-separated GUARD, REFTAG, APPTAG, case-insensitive;
 * NULL or "" for none).  False with what is wrong in MSG.
 */
bool pi_chk_parse(const char *spec, uint16_t *chk, char *msg, size_t len);

/* One line about F and M for the run's output ("PI type 1, 16-bit guard, ..."). */
void pi_describe(const struct pi_format *f, const struct pi_mode *m, char *buf, size_t len);

#endif
