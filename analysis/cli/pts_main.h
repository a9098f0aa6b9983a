/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * `fiorank pts`: its command line (pts_main.c), which main.c hands over to.
 */
#ifndef FIORANK_PTS_MAIN_H
#define FIORANK_PTS_MAIN_H

struct fr_run_info;

/**
 * fr_pts_main() - run `fiorank pts`
 * @argc: how many arguments
 * @argv: the arguments, argv[0] being "pts"
 * @ri: how the report is made (fiorank's version, the date, the whole
 *      command line); the directories are added to its inputs
 *
 * Reads every results directory given, then prints one report in the
 * format -f names to stdout or -o's file; messages go to stderr.
 *
 * Return: the exit code: 0 done, 2 usage, an unreadable directory or a
 * report that could not be written.
 */
int fr_pts_main(int argc, char **argv, struct fr_run_info *ri);

#endif
