// SPDX-License-Identifier: GPL-2.0-only
/*
 * Defaults for the SSDNVME_* variables of the project's job files, declared
 * in the files' own header comments (see jobdefaults.h).  fio loads the
 * engine named by --ioengine while it parses its command line, before it
 * reads any job file, so variables set here are seen by the job files.
 */
#include <ctype.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "jobdefaults.h"

/* A job file is small; a larger "file" on the command line is not one. */
#define JOBFILE_MAX_BYTES (1 << 20)
#define CMDLINE_MAX	  65536

static const char *skip_blanks(const char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

static bool is_comment_or_blank(const char *line)
{
	const char *p = skip_blanks(line);

	return *p == ';' || *p == '#' || *p == '\n' || *p == '\r' || !*p;
}

bool jobdefault_parse(const char *line, char *name, size_t name_len, char *value, size_t value_len)
{
	const char *p = skip_blanks(line), *start;
	size_t n;

	if (*p != ';' && *p != '#')
		return false;
	p = skip_blanks(p + 1);
	if (strncmp(p, JOBDEFAULT_PREFIX, strlen(JOBDEFAULT_PREFIX)))
		return false;
	start = p;
	while (isupper((unsigned char)*p) || isdigit((unsigned char)*p) || *p == '_')
		p++;
	n = (size_t)(p - start);
	if (*p != '=' || n >= name_len)
		return false;
	memcpy(name, start, n);
	name[n] = '\0';
	start = ++p;
	while (*p && !isspace((unsigned char)*p))
		p++;
	n = (size_t)(p - start);
	if (!n || n >= value_len)
		return false;
	memcpy(value, start, n);
	value[n] = '\0';
	return true;
}

int jobdefaults_apply(FILE *job)
{
	char line[512], name[128], value[256];
	int set = 0;

	while (fgets(line, sizeof(line), job) && is_comment_or_blank(line)) {
		if (!jobdefault_parse(line, name, sizeof(name), value, sizeof(value)))
			continue;
		if (!getenv(name) && !setenv(name, value, 0))
			set++;
	}
	return set;
}

static void apply_file(const char *path)
{
	struct stat st;
	FILE *f;

	if (stat(path, &st) || !S_ISREG(st.st_mode) || st.st_size > JOBFILE_MAX_BYTES)
		return;
	f = fopen(path, "r");
	if (!f)
		return;
	jobdefaults_apply(f);
	fclose(f);
}

void jobdefaults_from_cmdline(void)
{
	char *buf = malloc(CMDLINE_MAX), *p, *end;
	ssize_t n;
	int fd;

	if (!buf)
		return;
	fd = open("/proc/self/cmdline", O_RDONLY);
	n = fd < 0 ? -1 : read(fd, buf, CMDLINE_MAX - 1);
	if (fd >= 0)
		close(fd);
	if (n > 0) {
		buf[n] = '\0';
		end = buf + n;
		/* argv[0] is fio itself; options start with '-'. */
		for (p = buf + strlen(buf) + 1; p < end; p += strlen(p) + 1)
			if (*p && *p != '-')
				apply_file(p);
	}
	free(buf);
}
