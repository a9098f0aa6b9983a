// SPDX-License-Identifier: GPL-2.0-only
/*
 * Where the engine's own files go: the results file (ssdnvme_results=, or
 * beside fio's --output) and each job's tag log beside it.  Only names:
 * what may be written there is outputs.c's, and safefile.h's.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fio.h"

#include "glue.h"

char *ssdnvme_fio_output_path(void)
{
	char buf[8192], *p, *end, *out = NULL;
	ssize_t n;
	int fd = open("/proc/self/cmdline", O_RDONLY);

	if (fd < 0)
		return NULL;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return NULL;
	buf[n] = '\0';
	end = buf + n;
	for (p = buf; p < end; p += strlen(p) + 1) {
		if (!strncmp(p, "--output=", 9))
			out = p + 9;
		else if (!strcmp(p, "--output") && p + strlen(p) + 1 < end)
			out = p + strlen(p) + 1;
	}
	return out ? strdup(out) : NULL;
}

/*
 * ssdnvme_results=, or by default fio's --output with ".json" replaced by
 * ".engine.json" (".engine.json" appended to another name): one file per fio
 * run, the name fiorank and the suite runner look for beside fio's output.
 */
char *ssdnvme_results_path(struct thread_data *td)
{
	struct ssdnvme_options *o = td->eo;
	char *output, *path = NULL;
	size_t n;

	if (o->results_file && *o->results_file)
		return strdup(o->results_file);
	output = ssdnvme_fio_output_path();
	if (!output)
		return NULL;
	n = strlen(output);
	if (n > 5 && !strcmp(output + n - 5, ".json"))
		n -= 5;
	if (asprintf(&path, "%.*s.engine.json", (int)n, output) < 0)
		path = NULL;
	free(output);
	return path;
}

/*
 * A job name as one component of a file name: '/' (and '%', so that the
 * escape reads back one way) as %2F and %25, so "x/../../tmp/EVIL" names a
 * file in the results directory, never one outside it.
 */
static char *name_component(const char *name)
{
	char *out = malloc(3 * strlen(name) + 1), *p = out;

	for (; out && *name; name++) {
		if (*name == '/' || *name == '%')
			p += sprintf(p, "%%%02X", (unsigned char)*name);
		else
			*p++ = *name;
	}
	if (out)
		*p = '\0';
	return out;
}

char *ssdnvme_taglog_path(struct thread_data *td, const char *results)
{
	char *name = name_component(td->o.name ? td->o.name : "job"), *path = NULL;

	if (name && asprintf(&path, "%s.%s.%u.taglog", results, name, td->thread_number) < 0)
		path = NULL;
	free(name);
	return path;
}
