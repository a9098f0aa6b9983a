// SPDX-License-Identifier: GPL-2.0-only
/*
 * What every glue file shares and none owns: failing the job with one
 * line.  Kept out of the files that do the work (setup.c and the others
 * call it), so that they lean on this one file, not on each other.
 */
#include <stdarg.h>
#include <stdio.h>

#include "fio.h"

#include "glue.h"

void ssdnvme_fail(struct thread_data *td, int err, const char *msg)
{
	log_err("ssdnvme: %s\n", msg);
	td_verror(td, err, "ssdnvme");
}

void ssdnvme_note(const char *fmt, ...)
{
	char line[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	if (is_backend)
		log_err("%s", line);
	else
		fputs(line, stderr);
}
