/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The Markdown report's entries (out_ops.h) that live outside out_md.c:
 * its method sections (out_md_sect.c).
 */
#ifndef FIORANK_OUT_MD_H
#define FIORANK_OUT_MD_H

#include "out/out_ops.h"

int fr_md_health(struct fr_out *o);
int fr_md_endurance(struct fr_out *o);
int fr_md_tailwhy(struct fr_out *o);
int fr_md_copy(struct fr_out *o); /* out_copy.c, with the text's */

#endif
