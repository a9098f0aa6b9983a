/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The fio versions the engine is built against, by their ioengine ops version
 * (FIO_IOOPS_VERSION in fio's ioengines.h), and what differs between them.
 * CI builds the pinned fio 3.33 (Debian 13's 3.39 source is not served where
 * CI fetches); an upstream fio 3.39 tree (FIO_SRC=) builds and passes the
 * engine's host and test-bed tests too.  Any other fio is refused here,
 * at build time: an external engine shares fio's struct layouts, so it must
 * be compiled against, and loaded only into, the very fio it was built for
 * (the load-time check is guard_fio_version(), in get_ioengine()).
 *
 *   fio 3.33: FIO_IOOPS_VERSION 31
 *   fio 3.39: FIO_IOOPS_VERSION 36.  ioengine_ops gained
 *             get_max_active_zones, finish_zone and fdp_fetch_ruhs (before
 *             option_struct_size) and errdetails takes the thread_data;
 *             struct io_u gained number_trim, dtype and dspec and moved
 *             engine_data out of its index union; fio_file gained the FDP
 *             reclaim unit handle tables; thread_options gained the PI,
 *             FDP/data placement, write_mode and verify options.
 *
 * The engine sets no op and reads no field that differs, so the same source
 * builds against both; code that uses what only 3.39 has goes under
 * #if FIO_IOOPS_VERSION >= 36.
 */
#ifndef SSDNVME_FIO_COMPAT_H
#define SSDNVME_FIO_COMPAT_H

#include "ioengines.h"

#if FIO_IOOPS_VERSION != 31 && FIO_IOOPS_VERSION != 36
#error "ssdnvme supports fio 3.39 (FIO_IOOPS_VERSION 36) and fio 3.33 (31) only: this fio tree has another ioengine ABI"
#endif

#endif
