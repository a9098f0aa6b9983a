/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * How many parse threads fiorank starts by default: one per processor core
 * it may run on, not one per hardware thread (see cpus.c for why).
 */
#ifndef FIORANK_CPUS_H
#define FIORANK_CPUS_H

#include <sched.h>

/**
 * fr_cpu_cores_in() - the processor cores a set of CPUs spans
 * @topology: the sysfs CPU directory ("/sys/devices/system/cpu"), whose
 *            cpuN/topology/physical_package_id and core_id are read
 * @set: the CPUs counted
 * @max: stop counting at this many cores (at least 1)
 *
 * CPUs that are hardware threads of one core (the same package and core
 * id) count once; a CPU whose ids cannot be read counts as a core of its
 * own.
 *
 * Return: the number of cores, 1 .. @max (1 for an empty set).
 */
unsigned fr_cpu_cores_in(const char *topology, const cpu_set_t *set, unsigned max);

/**
 * fr_cpu_cores() - the processor cores this process may run on
 * @max: count no further than this (at least 1)
 *
 * The CPUs of the process's affinity mask (taskset, cpusets, containers),
 * or the online CPUs when the mask cannot be read, counted by core as
 * fr_cpu_cores_in() counts them.
 *
 * Return: 1 .. @max.
 */
unsigned fr_cpu_cores(unsigned max);

#endif
