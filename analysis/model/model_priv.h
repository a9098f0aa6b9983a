/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What model.c shares with model_problems.c and model_merge.c.
 */
#ifndef FIORANK_MODEL_PRIV_H
#define FIORANK_MODEL_PRIV_H

#include <stddef.h>

struct fr_drive;
struct fr_profile;

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
/**
 * fr_drive_profile() - a drive's profile of a name, added when missing
 * @d: the drive
 * @name: the profile id
 *
 * Return: the profile, or NULL when out of memory.
 */
struct fr_profile *fr_drive_profile(struct fr_drive *d, const char *name);

#endif
