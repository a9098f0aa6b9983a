/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The Markdown report's entries (out_ops.h) that live outside out_md.c:
 * its method sections (out_md_sect.c).
 */
#ifndef FIORANK_OUT_MD_H
#define FIORANK_OUT_MD_H

#include "out/out_ops.h"

/**
 * fr_md_health() - the Markdown report's drive health per step
 * @o: the report being written, an entry of fr_md_ops (out_ops.h)
 *
 * Return: 0, or -1 when memory ran out or a write failed.
 */
int fr_md_health(struct fr_out *o);
/**
 * fr_md_endurance() - the Markdown report's endurance section (WAF per step)
 * @o: the report being written, an entry of fr_md_ops (out_ops.h)
 *
 * Return: 0, or -1 when memory ran out or a write failed.
 */
int fr_md_endurance(struct fr_out *o);
/**
 * fr_md_tailwhy() - the Markdown report's "why the tail" section
 * @o: the report being written, an entry of fr_md_ops (out_ops.h)
 *
 * Return: 0, or -1 when memory ran out or a write failed.
 */
int fr_md_tailwhy(struct fr_out *o);
/**
 * fr_md_copy() - the Markdown report's Copy section (out_copy.c)
 * @o: the report being written, an entry of fr_md_ops (out_ops.h)
 *
 * Return: 0, or -1 when memory ran out or a write failed.
 */
int fr_md_copy(struct fr_out *o);

#endif
