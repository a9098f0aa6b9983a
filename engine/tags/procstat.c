// SPDX-License-Identifier: GPL-2.0-only
/*
 * /proc/PID/stat fields 3 (state) and 22 (starttime).
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "procstat.h"

uint64_t proc_start_time(pid_t pid, bool *zombie)
{
	char path[64], buf[1024], *p;
	unsigned long long start = 0;
	char state = 0;
	ssize_t n;
	int fd, field;

	if (zombie)
		*zombie = false;
	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	/* fields are counted after the last ')': the command name may hold spaces and ')' */
	p = strrchr(buf, ')');
	if (!p)
		return 0;
	p++;
	for (field = 3; *p && field <= 22; field++) {
		while (*p == ' ')
			p++;
		if (field == 3)
			state = *p;
		if (field == 22)
			start = strtoull(p, NULL, 10);
		while (*p && *p != ' ')
			p++;
	}
	if (zombie)
		*zombie = state == 'Z' || state == 'X';
	return start;
}
