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

/**
 * nsdev_identify() - identify the device node at a path
 * @sysfs: the sysfs mount ("/sys"; unit tests pass a tree of their own)
 * @path: the node
 * @d: what it is, filled
 * @msg: where the reason is written when it cannot be identified
 * @len: its room
 *
 * Return: 0; -ENOTBLK when @path is not a device node (a regular file, say:
 * d->rdev is then 0); another negative errno with a message in @msg when it
 * cannot be identified.
 */
int nsdev_identify(const char *sysfs, const char *path, struct nsdev *d, char *msg, size_t len);

/**
 * nsdev_identify_rdev() - identify a device by its device number
 * @sysfs: the sysfs mount
 * @rdev: the device number
 * @block: whether it is a block device (else a char device)
 * @d: what it is, filled
 * @msg: where the reason is written when it cannot be identified
 * @len: its room
 *
 * Return: 0, or a negative errno (-ENODEV: sysfs does not know it) with a
 * message in @msg.
 */
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

/**
 * nsdev_overlapping() - the devices whose contents a write to a device would change
 * @d: the device
 * @out: where they are written: the disk and each of its partitions (for a
 *       whole disk or a namespace), or the partition and its disk (for a
 *       partition)
 * @max: the room in @out
 *
 * Return: how many were written.
 */
int nsdev_overlapping(const struct nsdev *d, struct nsdev_part *out, int max);

/**
 * nsdev_parse_ns_name() - the one parser of namespace names
 * @name: "nvme0n2" (the block disk of a namespace) or, when @generic,
 *        "ng0n2" (its generic char node), exactly: not a controller
 *        ("nvme0"), a multipath path ("nvme0c1n2") or a partition
 *        ("nvme0n2p1")
 * @generic: whether the generic char node's form is the one wanted
 * @ctrl: set to the controller instance
 * @nsid: set to the namespace id
 *
 * Return: true when @name is such a name, with @ctrl and @nsid set.
 */
bool nsdev_parse_ns_name(const char *name, bool generic, unsigned int *ctrl, unsigned int *nsid);

/* At most this many namespaces are listed per controller. */
#define NSDEV_MAX_NS 1024

/* A namespace attached to a controller. */
struct nsdev_attached {
	uint32_t nsid;
	char disk[64]; /* its block disk: "nvme0n3", or the multipath head "nvme1n7" */
};

/**
 * nsdev_ctrl_namespaces() - the namespaces attached to a controller
 * @sysfs: the sysfs mount
 * @ctrl: the controller ("nvme0")
 * @out: where they are written, each with the nsid read from sysfs
 * @max: the room in @out
 *
 * As the kernel lists them in @sysfs/class/nvme/@ctrl: its own disks
 * (nvmeXnY) and, with native multipath, its paths (nvmeScCnH, whose head is
 * nvmeSnH).  A namespace only another controller of the subsystem has is
 * not among them.
 *
 * Return: how many were written, or a negative errno when @ctrl is not
 * there.
 */
int nsdev_ctrl_namespaces(const char *sysfs, const char *ctrl, struct nsdev_attached *out, int max);

/**
 * nsdev_ns_controllers() - the controllers of a subsystem that have a namespace attached
 * @sysfs: the sysfs mount
 * @ctrl: a controller of the subsystem
 * @nsid: the namespace
 * @buf: where they are written, ", "-separated
 * @len: its room
 *
 * Return: how many.
 */
int nsdev_ns_controllers(const char *sysfs, const char *ctrl, uint32_t nsid, char *buf, size_t len);

/**
 * nsdev_parse_majmin() - parse "MAJ:MIN" (sysfs "dev" files, mountinfo)
 * @s: the text
 * @out: set to the device number
 *
 * Return: false when malformed.
 */
bool nsdev_parse_majmin(const char *s, dev_t *out);

/**
 * nsdev_read_attr() - the first line of a sysfs attribute
 * @dir: the directory
 * @file: the attribute
 * @buf: where the line is written, newline dropped
 * @len: its room
 *
 * Return: true when read.
 */
bool nsdev_read_attr(const char *dir, const char *file, char *buf, size_t len);

#endif
