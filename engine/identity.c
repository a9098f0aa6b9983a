/*
 * The glue between a job and results.c: where the engine's JSON goes and
 * what goes in it.
 */
#include <fcntl.h>
#include <libgen.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fio.h"

#include "glue.h"
#include "results.h"

/* fio's --output FILE from our own command line, or NULL. */
static char *fio_output_path(void)
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

static char *results_path(struct thread_data *td)
{
	struct ssdnvme_options *o = td->eo;
	char *output, *dir, *path = NULL;

	if (o->results_file && *o->results_file)
		return strdup(o->results_file);
	output = fio_output_path();
	if (!output)
		return NULL;
	dir = dirname(output);
	if (asprintf(&path, "%s/ssdnvme-%s.%d.json", dir, td->o.name ? td->o.name : "job",
		     td->thread_number) < 0)
		path = NULL;
	free(output);
	return path;
}

void ssdnvme_write_results(struct thread_data *td, struct file_state **files, unsigned int nr)
{
	struct results *r;
	char msg[MSG_LEN], *path = results_path(td);
	unsigned int i;

	if (!path)
		return;
	r = results_new(SSDNVME_FIO_VERSION, SSDNVME_VERSION, td->o.name);
	if (r) {
		for (i = 0; i < nr; i++)
			results_add_file(r, &files[i]->ni);
		if (results_write(r, path, msg, sizeof(msg)))
			log_err("ssdnvme: %s\n", msg);
		results_free(r);
	}
	free(path);
}
