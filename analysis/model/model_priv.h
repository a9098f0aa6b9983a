/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What model.c shares with model_problems.c.
 */
#ifndef FIORANK_MODEL_PRIV_H
#define FIORANK_MODEL_PRIV_H

#include <stddef.h>

/* Grows *arr (of *cap elements of elem bytes, the new ones zeroed) to hold
 * need; 0, or -ENOMEM with *arr unchanged. */
int fr_model_grow(void **arr, size_t *cap, size_t need, size_t elem);

#endif
