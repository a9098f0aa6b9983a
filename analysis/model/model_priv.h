/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What model.c shares with model_problems.c.
 */
#ifndef FIORANK_MODEL_PRIV_H
#define FIORANK_MODEL_PRIV_H

#include <stddef.h>

/**
 * fr_model_grow() - grow an array to hold a number of elements
 * @arr: the array (*arr may be NULL)
 * @cap: its capacity in elements, updated
 * @need: the elements it must hold
 * @elem: an element's size in bytes
 *
 * The new elements are zeroed.
 *
 * Return: 0, or -ENOMEM with *@arr unchanged.
 */
int fr_model_grow(void **arr, size_t *cap, size_t need, size_t elem);

#endif
