// SPDX-License-Identifier: GPL-2.0-only
/*
 * The model's arrays grow here (model_priv.h): a file of its own so that
 * model.c and model_problems.c both use it without using each other
 * (model_merge.c uses it too).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "model/model_priv.h"

int fr_model_grow(void **arr, size_t *cap, size_t need, size_t elem)
{
	size_t ncap;
	void *p;

	if (need <= *cap)
		return 0;
	ncap = *cap ? *cap * 2 : 1;
	while (ncap < need)
		ncap *= 2;
	p = realloc(*arr, ncap * elem);
	if (!p)
		return -ENOMEM;
	memset((char *)p + *cap * elem, 0, (ncap - *cap) * elem);
	*arr = p;
	*cap = ncap;
	return 0;
}
