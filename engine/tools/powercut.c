// SPDX-License-Identifier: GPL-2.0-only
/*
 * ssdnvme-powercut: after a power cut, checks that the drive kept every
 * write it acknowledged before its last completed flush (docs/power-cut.md).
 *
 *   ssdnvme-powercut [--lba-size N] [--names N] --ns NSID=DEV [--ns ...] TAGLOG...
 *
 * The tag logs are the engine's (tag_log=1 tag_log_sync=1) from the write
 * phase, as a cut left them; DEV the namespace's block device (or an image
 * file, with --lba-size).  Each write must be fio's verify=crc32c data
 * written once, onto LBAs that held zeros before (the method's job files).
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <linux/fs.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fio_vhdr.h"
#include "powercut.h"
#include "taglog.h"

static int usage(void)
{
	fprintf(stderr, "usage: ssdnvme-powercut [--lba-size N] [--names N] --ns NSID=DEV "
			"[--ns NSID=DEV...] TAGLOG...\n");
	return PC_EXIT_USAGE;
}

/* --ns NSID=DEV: the device is opened later, once its LBA size is known. */
static int add_ns(struct pc_run *run, const char *arg)
{
	char *end;
	unsigned long nsid = strtoul(arg, &end, 10);
	struct pc_ns *ns;

	if (end == arg || *end != '=' || !end[1] || !nsid || nsid > UINT32_MAX) {
		fprintf(stderr, "ssdnvme-powercut: --ns '%s': want NSID=DEVICE (nsid from 1)\n",
			arg);
		return -1;
	}
	if (pc_find_ns(run, nsid)) {
		fprintf(stderr, "ssdnvme-powercut: --ns: namespace %lu given twice\n", nsid);
		return -1;
	}
	if (run->nns == PC_MAX_NS) {
		fprintf(stderr, "ssdnvme-powercut: at most %d --ns\n", PC_MAX_NS);
		return -1;
	}
	ns = &run->ns[run->nns++];
	memset(ns, 0, sizeof(*ns));
	ns->nsid = nsid;
	ns->dev = end + 1;
	ns->fd = -1;
	return 0;
}

static int parse_count(const char *opt, const char *arg, unsigned long max, unsigned long *out)
{
	char *end;

	errno = 0;
	*out = strtoul(arg, &end, 10);
	if (errno || end == arg || *end || *out > max) {
		fprintf(stderr, "ssdnvme-powercut: %s '%s': want a number up to %lu\n", opt, arg,
			max);
		return -1;
	}
	return 0;
}

static int parse_args(int argc, char **argv, struct pc_run *run)
{
	static const struct option opts[] = {
		{"ns", required_argument, NULL, 'n'},
		{"lba-size", required_argument, NULL, 'l'},
		{"names", required_argument, NULL, 'm'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	unsigned long v;
	int c;

	run->names = 20;
	while ((c = getopt_long(argc, argv, "n:l:m:h", opts, NULL)) != -1) {
		switch (c) {
		case 'n':
			if (add_ns(run, optarg))
				return -1;
			break;
		case 'l':
			if (parse_count("--lba-size", optarg, 65536, &v))
				return -1;
			if (v < 512 || (v & (v - 1))) {
				fprintf(stderr,
					"ssdnvme-powercut: --lba-size %lu: want a power of "
					"two from 512\n",
					v);
				return -1;
			}
			run->lba_size = v;
			break;
		case 'm':
			if (parse_count("--names", optarg, 1000000, &v))
				return -1;
			run->names = v;
			break;
		default:
			return -1;
		}
	}
	if (!run->nns || optind == argc)
		return -1;
	run->logs = (const char **)argv + optind;
	run->nlogs = argc - optind;
	return 0;
}

int main(int argc, char **argv)
{
	struct pc_run run = {0};
	int ret;

	if (parse_args(argc, argv, &run))
		return usage();
	ret = pc_read_logs(&run);
	if (!ret)
		ret = pc_open_devices(&run);
	if (!ret)
		ret = pc_check(&run);
	if (!ret)
		ret = pc_report(&run, stdout);
	pc_free(&run);
	return ret;
}
