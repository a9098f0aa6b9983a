// SPDX-License-Identifier: GPL-2.0-only
/*
 * fio-timer: stands in for fio in bench/suite-overhead.sh.  Runs the fio
 * named by FIO_TIMER_FIO with this program's arguments and, for a run that
 * writes a result (an --output= argument), appends one line to the file
 * FIO_TIMER_LOG:
 *
 *   START END FIO_CPU RUNNER_CPU_AT_START RUNNER_CPU_AT_END
 *
 * START and END are the wall clock (seconds since the epoch) just before
 * fio is started and just after it has ended, FIO_CPU the user + system
 * seconds of fio and its children (wait4), RUNNER_CPU_AT_* the user +
 * system seconds the runner (this program's parent) and its ended children
 * had used by then (/proc/PPID/stat).  Everything outside START..END is the
 * runner's, this program's own start-up included: a compiled program rather
 * than a shell script so that it adds as little as it can to what the
 * benchmark charges the runner.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/wait.h>

static double now_secs(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static double cpu_secs(const struct rusage *ru)
{
	return ru->ru_utime.tv_sec + ru->ru_utime.tv_usec / 1e6 + ru->ru_stime.tv_sec +
	       ru->ru_stime.tv_usec / 1e6;
}

/*
 * The CPU seconds the process PID and its waited-for children have used
 * (fields 14-17 of /proc/PID/stat, in clock ticks); -1 when unreadable.
 */
static double proc_cpu_secs(pid_t pid)
{
	unsigned long long utime, stime, cutime, cstime;
	char path[64], buf[1024], *p;
	size_t len;
	FILE *f;
	int n;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	f = fopen(path, "r");
	if (!f)
		return -1;
	len = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[len] = '\0';
	/* the command name, field 2, may hold spaces: count from its ')' */
	p = strrchr(buf, ')');
	if (!p)
		return -1;
	n = sscanf(p + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu %llu %llu",
		   &utime, &stime, &cutime, &cstime);
	if (n != 4)
		return -1;
	return (double)(utime + stime + cutime + cstime) / sysconf(_SC_CLK_TCK);
}

/* Only the runs count: not "fio --version" and the like. */
static int writes_result(int argc, char **argv)
{
	for (int i = 1; i < argc; i++)
		if (strncmp(argv[i], "--output=", 9) == 0)
			return 1;
	return 0;
}

static int log_run(const char *log, const double fields[5])
{
	FILE *f = fopen(log, "a");

	if (!f) {
		perror(log);
		return -1;
	}
	fprintf(f, "%.6f %.6f %.6f %.2f %.2f\n", fields[0], fields[1], fields[2], fields[3],
		fields[4]);
	return fclose(f);
}

int main(int argc, char **argv)
{
	const char *fio = getenv("FIO_TIMER_FIO");
	const char *log = getenv("FIO_TIMER_LOG");
	double start, end, runner_start, runner_end;
	struct rusage ru;
	int status;
	pid_t pid;

	if (!fio || !log) {
		fprintf(stderr, "fio-timer: FIO_TIMER_FIO and FIO_TIMER_LOG must be set\n");
		return 2;
	}
	runner_start = proc_cpu_secs(getppid());
	start = now_secs();
	pid = fork();
	if (pid < 0) {
		perror("fio-timer: fork");
		return 2;
	}
	if (pid == 0) {
		argv[0] = (char *)fio;
		execv(fio, argv);
		perror(fio);
		_exit(127);
	}
	if (wait4(pid, &status, 0, &ru) < 0) {
		perror("fio-timer: wait4");
		return 2;
	}
	end = now_secs();
	runner_end = proc_cpu_secs(getppid());
	if (writes_result(argc, argv)) {
		const double fields[5] = {start, end, cpu_secs(&ru), runner_start, runner_end};

		if (log_run(log, fields) < 0)
			return 2;
	}
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WEXITSTATUS(status);
}
