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

/**
 * pi_tuple_size() - the bytes of one PI tuple
 * @f: the namespace's format
 *
 * Return: 8 with a 16-bit guard, 16 with a 32- or 64-bit guard.
 */
static inline uint32_t pi_tuple_size(const struct pi_format *f)
{
	return f->pif == PI_GUARD_16 ? 8 : 16;
}

/**
 * pi_format_supported() - whether the engine can work with a format's PI
 * @f: the namespace's format
 * @why: where the reason goes when it cannot
 * @len: @why's size
 *
 * Return: true for a format without PI or with type 1..3 PI, a 16- or
 * 64-bit guard, no storage tag and metadata that holds a tuple; else false
 * with the reason in @why (undefined type, 32-bit or reserved guard format,
 * storage tags, metadata smaller than a PI tuple).
 */
bool pi_format_supported(const struct pi_format *f, char *why, size_t len);

/**
 * pi_host_moves_no_metadata() - whether the host transfers no metadata
 * @f: the namespace's format
 * @m: what the run does with PI
 *
 * PRACT with metadata that is PI alone: the controller inserts and strips
 * the whole metadata, so the host transfers none (no interleaved bytes).
 *
 * Return: true in that case.
 */
static inline bool pi_host_moves_no_metadata(const struct pi_format *f, const struct pi_mode *m)
{
	return f->type && m->act && f->ms == pi_tuple_size(f);
}

/**
 * pi_data_unit() - the bytes per LBA in the host's data buffer
 * @f: the namespace's format
 * @m: what the run does with PI
 *
 * Return: the LBA's data size, plus its metadata when that is interleaved
 * and the host moves it (pi_host_moves_no_metadata()).
 */
static inline uint32_t pi_data_unit(const struct pi_format *f, const struct pi_mode *m)
{
	return f->lba_size + (f->extended && !pi_host_moves_no_metadata(f, m) ? f->ms : 0);
}

/**
 * pi_separate_md() - the bytes per LBA of the separate metadata buffer
 * @f: the namespace's format
 *
 * Every command on a namespace with separate metadata carries the whole
 * metadata, also when PRACT leaves it unused, so that no command on a
 * metadata namespace ever goes without a buffer.
 *
 * Return: the metadata bytes per LBA; 0 when the metadata is interleaved
 * (or there is none).
 */
static inline uint32_t pi_separate_md(const struct pi_format *f)
{
	return f->extended ? 0 : f->ms;
}

/**
 * pi_engine_generates() - whether the engine itself generates and checks PI
 * @f: the namespace's format
 * @m: what the run does with PI
 *
 * Return: true for pi_act=0 on a PI namespace.
 */
static inline bool pi_engine_generates(const struct pi_format *f, const struct pi_mode *m)
{
	return f->type && !m->act;
}

/**
 * pi_device_checks() - the PRCHK bits a command carries
 * @f: the namespace's format
 * @m: what the run does with PI
 *
 * Return: pi_chk's PI_CHK_* bits, less the reference tag on type 3, which
 * has none to check (controllers refuse the bit there, QEMU with "Invalid
 * Protection Information").
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

/**
 * pi_cmd_fields() - the PI fields of a read or write command
 * @f: the namespace's format
 * @m: what the run does with PI
 * @slba: the command's starting LBA
 * @write_zeroes: the command is a Write Zeroes
 * @out: the fields; all zero on a namespace without PI
 *
 * The initial reference tag is the LBA for every type (type 1 requires it;
 * the engine uses it for type 2 too, and type 3 does not check it), its
 * bits 47:32 in cdw3 with a 64-bit guard; the apptag is always given, so
 * that PI the controller inserts (PRACT) is valid PI for later reads.
 * WRITE_ZEROES always gets PRACT: the controller writes valid PI.
 */
void pi_cmd_fields(const struct pi_format *f, const struct pi_mode *m, uint64_t slba,
		   bool write_zeroes, struct pi_cmd_fields *out);

/**
 * pi_generate() - write valid PI for a buffer about to be written
 * @f: the namespace's format
 * @m: what the run does with PI (its apptag)
 * @data: the data: with extended LBAs nlb * (lba_size + ms) bytes, whose
 *        tuples are written in place
 * @md: the separate metadata, nlb * ms bytes (unused with extended LBAs)
 * @nlb: how many LBAs
 * @slba: the first LBA, the first reference tag
 *
 * Every field of each LBA's tuple (guard over the data, apptag, reference
 * tag), whatever pi_chk says: the data must be readable by whoever checks
 * later.
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

/**
 * pi_verify() - check the PI of a buffer just read
 * @f: the namespace's format
 * @m: what the run does with PI: the fields in @m->chk only are checked,
 *     the apptag under @m->apptag_mask
 * @data: the data, laid out as for pi_generate()
 * @md: the separate metadata (unused with extended LBAs)
 * @nlb: how many LBAs
 * @slba: the first LBA, the expected first reference tag
 * @err: where the first failure goes
 *
 * Honours the escapes the controller does (apptag 0xFFFF for types 1 and 2,
 * plus an all-ones reference tag for type 3); type 3's reference tag is
 * never checked.
 *
 * Return: true when every LBA passes, else false with the first failure
 * (field, LBA, expected and found value) in @err.
 */
bool pi_verify(const struct pi_format *f, const struct pi_mode *m, const void *data, const void *md,
	       uint32_t nlb, uint64_t slba, struct pi_error *err);

/**
 * pi_field_name() - a PI field's name for messages
 * @field: the field
 *
 * Return: "guard", "application tag" or "reference tag" (static).
 */
const char *pi_field_name(enum pi_field field);

/**
 * pi_chk_string() - PI_CHK_* bits as pi_chk= spells them
 * @chk: the bits
 * @buf: where the text goes, e.g. "GUARD,REFTAG"; "none" for 0
 * @len: @buf's size (the text is cut to fit)
 */
void pi_chk_string(uint16_t chk, char *buf, size_t len);

/**
 * pi_chk_parse() - parse pi_chk=
 * @spec: comma-separated GUARD, REFTAG, APPTAG, case-insensitive; NULL or ""
 *        for none
 * @chk: the PI_CHK_* bits
 * @msg: where what is wrong goes
 * @len: @msg's size
 *
 * Return: true, or false with the word that is not a check and its position
 * in @msg.
 */
bool pi_chk_parse(const char *spec, uint16_t *chk, char *msg, size_t len);

/**
 * pi_describe() - one line about a format's PI and what the run does with it
 * @f: the namespace's format
 * @m: what the run does with PI
 * @buf: where the line goes ("PI type 1, 16-bit guard, ..."; the metadata
 *       alone on a format without PI)
 * @len: @buf's size
 *
 * For the run's output.
 */
void pi_describe(const struct pi_format *f, const struct pi_mode *m, char *buf, size_t len);

#endif
