/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What a device node is, from its device number: the kernel's own name for
 * it, the block disk that holds its data, the NVMe controller and nsid, all
 * read from sysfs (/sys/dev/{char,block}/MAJ:MIN).  Never from the spelling
 * of the path: a symlink or a second node made with mknod is the same device.
 * No fio types.
 */
#ifndef SSDNVME_NSDEV_H
#define SSDNVME_NSDEV_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct nsdev {
	dev_t rdev;		    /* the node's device number */
	bool block;		    /* a block device (else a char device) */
	char name[64];		    /* the kernel's name: "ng0n2", "nvme0n2p1", "nvme0" */
	char sysdir[PATH_MAX];	    /* its sysfs directory (resolved) */
	bool is_controller;	    /* an NVMe controller char device (/dev/nvmeX) */
	bool is_partition;	    /* a partition of disk[] */
	char disk[64];		    /* the whole block disk of its data, "" when none */
	char disk_sysdir[PATH_MAX]; /* sysfs directory of disk[] */
	char controller[32];	    /* NVMe controller ("nvme0"), "" when not NVMe; for a
				       multipath head the controllers with a path to it,
				       "nvme0,nvme1" */
	uint32_t nsid;		    /* NVMe namespace id from sysfs, 0 when not known */
};

/*
 * Identifies the device node at PATH.  Returns 0; -ENOTBLK when PATH is not
 * a device node (a regular file, say: D->rdev is then 0); another negative
 * errno with a message in MSG when it cannot be identified.  SYSFS is the
 * sysfs mount ("/sys"; unit tests pass a tree of their own).
 */
int nsdev_identify(const char *sysfs, const char *path, struct nsdev *d, char *msg, size_t len);

/* The same for device number RDEV (a block device if BLOCK, else char). */
int nsdev_identify_rdev(const char *sysfs, dev_t rdev, bool block, struct nsdev *d, char *msg,
			size_t len);

/*
 * One device whose contents a write to D would change: the disk and each of
 * its partitions (for a whole disk or a namespace), or the partition and its
 * disk (for a partition).
 */
struct nsdev_part {
	dev_t rdev;
	char name[64];
	char sysdir[PATH_MAX];
};

/* Fills up to MAX entries of OUT; returns how many. */
int nsdev_overlapping(const struct nsdev *d, struct nsdev_part *out, int max);

/*
 * The one parser of namespace names: "nvme0n2" (the block disk of a
 * namespace) or, when GENERIC, "ng0n2" (its generic char node), exactly:
 * not a controller ("nvme0"), a multipath path ("nvme0c1n2") or a partition
 * ("nvme0n2p1").  Stores the controller instance and nsid; false otherwise.
 */
bool nsdev_parse_ns_name(const char *name, bool generic, unsigned int *ctrl, unsigned int *nsid);

/* At most this many namespaces are listed per controller. */
#define NSDEV_MAX_NS 1024

/* A namespace attached to a controller. */
struct nsdev_attached {
	uint32_t nsid;
	char disk[64]; /* its block disk: "nvme0n3", or the multipath head "nvme1n7" */
};

/*
 * The namespaces attached to controller CTRL ("nvme0"), as the kernel lists
 * them in SYSFS/class/nvme/CTRL: its own disks (nvmeXnY) and, with native
 * multipath, its paths (nvmeScCnH, whose head is nvmeSnH), each with the
 * nsid it reads from sysfs.  A namespace only another controller of the
 * subsystem has is not among them.  Fills up to MAX entries of OUT; returns
 * how many, or a negative errno when CTRL is not there.
 */
int nsdev_ctrl_namespaces(const char *sysfs, const char *ctrl, struct nsdev_attached *out, int max);

/*
 * The controllers of CTRL's subsystem that have namespace NSID attached,
 * ", "-separated in BUF; returns how many.
 */
int nsdev_ns_controllers(const char *sysfs, const char *ctrl, uint32_t nsid, char *buf, size_t len);

/* Parses "MAJ:MIN" from sysfs "dev" files and mountinfo; false if malformed. */
bool nsdev_parse_majmin(const char *s, dev_t *out);

/* The first line of the sysfs attribute DIR/FILE into BUF, newline dropped. */
bool nsdev_read_attr(const char *dir, const char *file, char *buf, size_t len);

#endif
