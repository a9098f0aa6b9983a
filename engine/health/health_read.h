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

/*
 * Opens /dev/CTRL ("nvme0") read-only, then checks by the opened node's
 * device number (fstat, then SYSFS: "/sys") that it is controller CTRL: an
 * alias or a symlink planted at the path cannot redirect the reads.  The
 * fd, or -1 with WHY.
 */
int health_ctrl_open(const char *sysfs, const char *ctrl, char *why, size_t len);

bool health_read_smart(int fd, struct health_snap *s, char *why, size_t len);
bool health_read_ocp(int fd, struct health_ocp *o, char *why, size_t len);
bool health_read_fdp(int fd, uint16_t endgid, struct health_fdp *f, char *why, size_t len);
bool health_read_endgrp(int fd, uint16_t endgid, struct health_endgrp *e, char *why, size_t len);

/* Namespace NSID's endurance group (Identify Namespace ENDGID; 0: none reported). */
bool health_ns_endgid(int fd, uint32_t nsid, uint16_t *endgid, char *why, size_t len);

#endif
