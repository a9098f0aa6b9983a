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

/*
 * Where a note goes: never into fio's machine-readable output.  With
 * --output=FILE fio's report goes to FILE and stdout is free: there (fio's
 * own test suites fail a run that writes to stderr).  Without, stdout
 * carries the report: as text, the note joins it; as JSON or terse,
 * stderr.
 */
static FILE *note_stream(void)
{
	if (f_out && f_out != stdout)
		return stdout;
	if (output_format & (FIO_OUTPUT_JSON | FIO_OUTPUT_JSON_PLUS | FIO_OUTPUT_TERSE))
		return stderr;
	return stdout;
}

void ssdnvme_note(const char *fmt, ...)
{
	char line[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	if (is_backend) {
		log_info("%s", line);
		return;
	}
	fputs(line, note_stream());
	fflush(note_stream());
}
