/*
 * NVMe status naming (NVM Express Base Specification 2.0, figures 100-103,
 * and the NVM Command Set specification) and errno mapping.
 */
#include <errno.h>
#include <stdio.h>

#include "nvme_status.h"

struct status_name {
	unsigned char sct;
	unsigned char sc;
	const char *name;
};

/* Sorted by nothing in particular: the table is small and looked up rarely. */
static const struct status_name status_names[] = {
	{0x0, 0x00, "Successful Completion"},
	{0x0, 0x01, "Invalid Command Opcode"},
	{0x0, 0x02, "Invalid Field in Command"},
	{0x0, 0x03, "Command ID Conflict"},
	{0x0, 0x04, "Data Transfer Error"},
	{0x0, 0x05, "Commands Aborted due to Power Loss Notification"},
	{0x0, 0x06, "Internal Error"},
	{0x0, 0x07, "Command Abort Requested"},
	{0x0, 0x08, "Command Aborted due to SQ Deletion"},
	{0x0, 0x09, "Command Aborted due to Failed Fused Command"},
	{0x0, 0x0a, "Command Aborted due to Missing Fused Command"},
	{0x0, 0x0b, "Invalid Namespace or Format"},
	{0x0, 0x0c, "Command Sequence Error"},
	{0x0, 0x0d, "Invalid SGL Segment Descriptor"},
	{0x0, 0x0e, "Invalid Number of SGL Descriptors"},
	{0x0, 0x0f, "Data SGL Length Invalid"},
	{0x0, 0x10, "Metadata SGL Length Invalid"},
	{0x0, 0x11, "SGL Descriptor Type Invalid"},
	{0x0, 0x12, "Invalid Use of Controller Memory Buffer"},
	{0x0, 0x13, "PRP Offset Invalid"},
	{0x0, 0x14, "Atomic Write Unit Exceeded"},
	{0x0, 0x15, "Operation Denied"},
	{0x0, 0x16, "SGL Offset Invalid"},
	{0x0, 0x18, "Host Identifier Inconsistent Format"},
	{0x0, 0x19, "Keep Alive Timer Expired"},
	{0x0, 0x1a, "Keep Alive Timeout Invalid"},
	{0x0, 0x1b, "Command Aborted due to Preempt and Abort"},
	{0x0, 0x1c, "Sanitize Failed"},
	{0x0, 0x1d, "Sanitize In Progress"},
	{0x0, 0x1e, "SGL Data Block Granularity Invalid"},
	{0x0, 0x1f, "Command Not Supported for Queue in CMB"},
	{0x0, 0x20, "Namespace is Write Protected"},
	{0x0, 0x21, "Command Interrupted"},
	{0x0, 0x22, "Transient Transport Error"},
	{0x0, 0x23, "Command Prohibited by Command and Feature Lockdown"},
	{0x0, 0x24, "Admin Command Media Not Ready"},
	{0x0, 0x80, "LBA Out of Range"},
	{0x0, 0x81, "Capacity Exceeded"},
	{0x0, 0x82, "Namespace Not Ready"},
	{0x0, 0x83, "Reservation Conflict"},
	{0x0, 0x84, "Format In Progress"},
	{0x0, 0x85, "Invalid Value Size"},
	{0x0, 0x86, "Invalid Key Size"},
	{0x0, 0x87, "KV Key Does Not Exist"},
	{0x0, 0x88, "Unrecovered Error"},
	{0x0, 0x89, "Key Exists"},
	{0x1, 0x00, "Completion Queue Invalid"},
	{0x1, 0x01, "Invalid Queue Identifier"},
	{0x1, 0x02, "Invalid Queue Size"},
	{0x1, 0x03, "Abort Command Limit Exceeded"},
	{0x1, 0x05, "Asynchronous Event Request Limit Exceeded"},
	{0x1, 0x06, "Invalid Firmware Slot"},
	{0x1, 0x07, "Invalid Firmware Image"},
	{0x1, 0x08, "Invalid Interrupt Vector"},
	{0x1, 0x09, "Invalid Log Page"},
	{0x1, 0x0a, "Invalid Format"},
	{0x1, 0x0b, "Firmware Activation Requires Conventional Reset"},
	{0x1, 0x0c, "Invalid Queue Deletion"},
	{0x1, 0x0d, "Feature Identifier Not Saveable"},
	{0x1, 0x0e, "Feature Not Changeable"},
	{0x1, 0x0f, "Feature Not Namespace Specific"},
	{0x1, 0x10, "Firmware Activation Requires NVM Subsystem Reset"},
	{0x1, 0x11, "Firmware Activation Requires Controller Level Reset"},
	{0x1, 0x12, "Firmware Activation Requires Maximum Time Violation"},
	{0x1, 0x13, "Firmware Activation Prohibited"},
	{0x1, 0x14, "Overlapping Range"},
	{0x1, 0x15, "Namespace Insufficient Capacity"},
	{0x1, 0x16, "Namespace Identifier Unavailable"},
	{0x1, 0x18, "Namespace Already Attached"},
	{0x1, 0x19, "Namespace Is Private"},
	{0x1, 0x1a, "Namespace Not Attached"},
	{0x1, 0x1b, "Thin Provisioning Not Supported"},
	{0x1, 0x1c, "Controller List Invalid"},
	{0x1, 0x1d, "Device Self-test In Progress"},
	{0x1, 0x1e, "Boot Partition Write Prohibited"},
	{0x1, 0x1f, "Invalid Controller Identifier"},
	{0x1, 0x20, "Invalid Secondary Controller State"},
	{0x1, 0x21, "Invalid Number of Controller Resources"},
	{0x1, 0x22, "Invalid Resource Identifier"},
	{0x1, 0x23, "Sanitize Prohibited While Persistent Memory Region is Enabled"},
	{0x1, 0x24, "ANA Group Identifier Invalid"},
	{0x1, 0x25, "ANA Attach Failed"},
	{0x1, 0x80, "Conflicting Attributes"},
	{0x1, 0x81, "Invalid Protection Information"},
	{0x1, 0x82, "Attempted Write to Read Only Range"},
	{0x1, 0x83, "Command Size Limit Exceeded"},
	{0x1, 0xb8, "Zoned Boundary Error"},
	{0x1, 0xb9, "Zone Is Full"},
	{0x1, 0xba, "Zone Is Read Only"},
	{0x1, 0xbb, "Zone Is Offline"},
	{0x1, 0xbc, "Zone Invalid Write"},
	{0x1, 0xbd, "Too Many Active Zones"},
	{0x1, 0xbe, "Too Many Open Zones"},
	{0x1, 0xbf, "Invalid Zone State Transition"},
	{0x2, 0x80, "Write Fault"},
	{0x2, 0x81, "Unrecovered Read Error"},
	{0x2, 0x82, "End-to-end Guard Check Error"},
	{0x2, 0x83, "End-to-end Application Tag Check Error"},
	{0x2, 0x84, "End-to-end Reference Tag Check Error"},
	{0x2, 0x85, "Compare Failure"},
	{0x2, 0x86, "Access Denied"},
	{0x2, 0x87, "Deallocated or Unwritten Logical Block"},
	{0x2, 0x88, "End-to-End Storage Tag Check Error"},
	{0x3, 0x00, "Internal Path Error"},
	{0x3, 0x01, "Asymmetric Access Persistent Loss"},
	{0x3, 0x02, "Asymmetric Access Inaccessible"},
	{0x3, 0x03, "Asymmetric Access Transition"},
	{0x3, 0x60, "Controller Pathing Error"},
	{0x3, 0x70, "Host Pathing Error"},
	{0x3, 0x71, "Command Aborted By Host"},
};

const char *nvme_status_name(unsigned int sct, unsigned int sc)
{
	size_t i;

	for (i = 0; i < sizeof(status_names) / sizeof(status_names[0]); i++)
		if (status_names[i].sct == sct && status_names[i].sc == sc)
			return status_names[i].name;
	if (sct == 0x7)
		return "Vendor Specific";
	return "Unknown status";
}

int nvme_status_errno(int status)
{
	unsigned int sct = nvme_status_sct(status), sc = nvme_status_sc(status);

	if (sct == 0x0) {
		switch (sc) {
		case 0x01:
			return EOPNOTSUPP;
		case 0x02:
		case 0x0b:
			return EINVAL;
		case 0x07:
		case 0x08:
		case 0x1b:
		case 0x21:
			return ECANCELED;
		case 0x15:
			return EPERM;
		case 0x20:
			return EROFS;
		case 0x80:
			return ERANGE;
		case 0x81:
			return ENOSPC;
		case 0x82:
		case 0x84:
		case 0x1d:
			return EBUSY;
		case 0x83:
			return EBADE;
		default:
			return EIO;
		}
	}
	if (sct == 0x1 && sc == 0x82)
		return EROFS;
	if (sct == 0x1 && (sc == 0x80 || sc == 0x81 || sc == 0x83))
		return EINVAL;
	if (sct == 0x2 && sc == 0x86)
		return EACCES;
	if (sct == 0x2 && sc >= 0x82 && sc <= 0x84)
		return EILSEQ;
	if (sct == 0x3)
		return ENOLINK;
	return EIO;
}

void nvme_status_describe(int status, char *buf, size_t len)
{
	unsigned int sct = nvme_status_sct(status), sc = nvme_status_sc(status);

	snprintf(buf, len, "%s (SCT 0x%x, SC 0x%02x%s)", nvme_status_name(sct, sc), sct, sc,
		 nvme_status_dnr(status) ? ", DNR" : "");
}

bool status_seen_first(struct status_seen *s, int status, uint32_t nsid)
{
	/* Key on SCT/SC only: the retry hint bits do not make a new kind. */
	uint64_t key = ((uint64_t)nsid << 32) | ((unsigned int)status & 0x7ff);
	unsigned int i;

	for (i = 0; i < s->count; i++)
		if (s->keys[i] == key)
			return false;
	if (s->count == STATUS_SEEN_MAX)
		return false;
	s->keys[s->count++] = key;
	return true;
}
