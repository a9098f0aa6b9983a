/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The fio versions the engine is built against, by their ioengine ops version
 * (FIO_IOOPS_VERSION in fio's ioengines.h), and what differs between them.
 * The pin is fio 3.41 (upstream tarball, Makefile); fio 3.33 (Debian 12's)
 * and an upstream fio 3.42 tree (FIO_SRC=) build too.  Any other ioengine
 * ABI is refused here, at build time: an external engine shares fio's struct
 * layouts, so it must be compiled against, and loaded only into, the very
 * fio it was built for (the load-time check is guard_fio_version(), in
 * get_ioengine(): it compares the whole version string, which matters
 * between 3.41 and 3.42, below).
 *
 *   fio 3.33: FIO_IOOPS_VERSION 31
 *   fio 3.38-3.39: 36.  ioengine_ops gained get_max_active_zones,
 *             finish_zone and fdp_fetch_ruhs (before option_struct_size) and
 *             errdetails takes the thread_data; struct io_u gained
 *             number_trim, dtype and dspec and moved engine_data out of its
 *             index union; fio_file gained the FDP reclaim unit handle
 *             tables; thread_options gained the PI, FDP/data placement,
 *             write_mode and verify options.  (Not built by CI any more:
 *             Debian 13's 3.39 source is not served where CI fetches.)
 *   fio 3.41: 39.  ioengine_ops lost cancel and gained move_zone_wp.
 *   fio 3.42: 39 too, but not the same ABI: an engine flag
 *             (FIO_ASYNCIO_SYNC_SYNCFS) was inserted before FIO_NO_OFFLOAD,
 *             so that flag and FIO_ASYNCIO_SETS_ISSUE_TIME have other bit
 *             values, and ramp_time_over() is ramp_period_over().  Told apart
 *             by SSDNVME_FIO_VERSION_NUM (engine.mk: major * 100 + minor from
 *             the tree's FIO-VERSION-FILE).
 *
 * Code that uses what only newer fio has goes under #if FIO_IOOPS_VERSION
 * >= 36 (or 39); what changed within one ops version under
 * SSDNVME_FIO_VERSION_NUM.
 */
#ifndef SSDNVME_FIO_COMPAT_H
#define SSDNVME_FIO_COMPAT_H

#include "ioengines.h"

#if FIO_IOOPS_VERSION != 31 && FIO_IOOPS_VERSION != 36 && FIO_IOOPS_VERSION != 39
#error "ssdnvme supports fio 3.41/3.42 (FIO_IOOPS_VERSION 39), 3.38/3.39 (36) and fio 3.33 (31) only: this fio tree has another ioengine ABI"
#endif

#ifdef SSDNVME_FIO_VERSION_NUM
#if SSDNVME_FIO_VERSION_NUM >= 342
/* fio 3.42 renamed it: the ramp may be a time or an amount of I/O. */
#define ssdnvme_ramp_over(td) ramp_period_over(td)
#else
#define ssdnvme_ramp_over(td) ramp_time_over(td)
#endif
#endif

#endif
