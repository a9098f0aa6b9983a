/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Reading the drive-health log pages through libnvme (admin Get Log Page on
 * the controller's char device, /dev/nvmeX), decoded by health_log.h.
 * Every reader returns true, or false with why in WHY ("log 0xc0 (OCP
 * SMART extended): Invalid Log Page (SCT 0x1, SC 0x9, DNR)").  No fio types.
 */
#ifndef SSDNVME_HEALTH_READ_H
#define SSDNVME_HEALTH_READ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "health_log.h"

/**
 * health_ctrl_open() - open a controller's char device, checked by its device number
 * @sysfs: the sysfs root ("/sys")
 * @ctrl: the controller's name ("nvme0"): /dev/@ctrl is opened
 * @why: where the reason is written on failure
 * @len: its room
 *
 * Opens /dev/@ctrl read-only (non-blocking, so a FIFO planted there cannot
 * hang), then checks by the opened node's device number (fstat, then @sysfs)
 * that it is a character device and controller @ctrl: an alias or a symlink
 * planted at the path cannot redirect the reads.
 *
 * Return: the fd; -1 with @why when it cannot be opened or is not @ctrl.
 */
int health_ctrl_open(const char *sysfs, const char *ctrl, char *why, size_t len);

/**
 * health_read_smart() - read and decode the SMART / Health Information log (02h)
 * @fd: the controller's char device
 * @s: the snapshot (health_decode_smart())
 * @why: where the reason is written on failure
 * @len: its room
 *
 * Reads the controller-wide page (NSID all).
 *
 * Return: true; false with @why (the controller's status, or errno) when the
 * page cannot be read.
 */
bool health_read_smart(int fd, struct health_snap *s, char *why, size_t len);
/**
 * health_read_ocp() - read and decode the OCP SMART extended log (C0h)
 * @fd: the controller's char device
 * @o: the fields (health_decode_ocp())
 * @why: where the reason is written on failure
 * @len: its room
 *
 * Return: true; false with @why when the page cannot be read or is not the
 * OCP log (its GUID differs).
 */
bool health_read_ocp(int fd, struct health_ocp *o, char *why, size_t len);
/**
 * health_read_fdp() - read and decode an endurance group's FDP Statistics log (22h)
 * @fd: the controller's char device
 * @endgid: the endurance group, the log-specific identifier
 * @f: the counters (health_decode_fdp())
 * @why: where the reason is written on failure
 * @len: its room
 *
 * Return: true; false with @why when the page cannot be read.
 */
bool health_read_fdp(int fd, uint16_t endgid, struct health_fdp *f, char *why, size_t len);
/**
 * health_read_endgrp() - read and decode the Endurance Group Information log (09h)
 * @fd: the controller's char device
 * @endgid: the endurance group, the log-specific identifier
 * @e: the fields (health_decode_endgrp())
 * @why: where the reason is written on failure
 * @len: its room
 *
 * Return: true; false with @why when the page cannot be read.
 */
bool health_read_endgrp(int fd, uint16_t endgid, struct health_endgrp *e, char *why, size_t len);

/**
 * health_ns_endgid() - a namespace's endurance group
 * @fd: the controller's char device
 * @nsid: the namespace
 * @endgid: where its ENDGID (Identify Namespace) is stored; 0: none reported
 * @why: where the reason is written on failure
 * @len: its room
 *
 * Return: true; false with @why when Identify Namespace fails.
 */
bool health_ns_endgid(int fd, uint32_t nsid, uint16_t *endgid, char *why, size_t len);

#endif
