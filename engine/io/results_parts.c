// SPDX-License-Identifier: GPL-2.0-only
/*
 * The run's parts directory: one record file per job, merged once.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <liburing.h>

#include "results_parts.h"
#include "results_splice.h"

int results_parts_dir(const char *path, const char *run_id, char *dir, size_t len)
{
	int n = snprintf(dir, len, "%s.parts.%s", path, run_id);

	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

/* DIR made, or already there as a real directory of this user. */
static int make_parts_dir(const char *dir, char *msg, size_t len)
{
	struct stat st;
	int err;

	if (mkdir(dir, 0700) == 0)
		return 0;
	err = errno;
	if (err == EEXIST && lstat(dir, &st) == 0 && S_ISDIR(st.st_mode) && st.st_uid == geteuid())
		return 0;
	if (err == EEXIST) {
		snprintf(msg, len, "results part not written: %s is not a directory of this user",
			 dir);
		return -EEXIST;
	}
	snprintf(msg, len, "results part not written: cannot create %s: %s", dir, strerror(err));
	return -err;
}

/*
 * Writes ROOT on one line as a new file PART (only the merge reads it back:
 * less than half the bytes of the indented form).  No temporary name, rename
 * or fsync, which cost a round trip each per job on a network or virtio-9p
 * share: the part is made with O_EXCL in the run's own 0700 directory, so it
 * is no file of the job's and nothing else's, and the merge reads it only
 * after its job left the run's count, so never half-written.  A killed job
 * leaves what it wrote; the file system's own crash leaves the run
 * unmerged either way.  A failed write removes the part.
 */
static int write_part_file(json_object *root, const char *part, char *msg, size_t len)
{
	const char *text = json_object_to_json_string_ext(
		root, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE);
	size_t left = text ? strlen(text) : 0, done = 0;
	ssize_t n;
	int fd, err = 0;

	if (!text) {
		snprintf(msg, len, "results part %s not written: out of memory", part);
		return -ENOMEM;
	}
	fd = open(part, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0) {
		err = errno;
		snprintf(msg, len, "results part %s not written: %s", part, strerror(err));
		return -err;
	}
	while (!err && done < left) {
		n = write(fd, text + done, left - done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			err = n < 0 ? errno : EIO;
		else
			done += (size_t)n;
	}
	if (close(fd) < 0 && !err)
		err = errno;
	if (!err)
		return 0;
	unlink(part);
	snprintf(msg, len, "results part %s not written: %s", part, strerror(err));
	return -err;
}

int results_write_part(struct results *r, const char *run_id, json_object *job_entry,
		       unsigned int seq, const char *path, const struct safefile_deny *deny,
		       char *msg, size_t len)
{
	char dir[PATH_MAX], part[PATH_MAX + 32];
	int lock, ret;

	(void)deny; /* the part is a new file in the run's own directory: never a job's file */

	results_stamp(r, run_id, job_entry);
	if (results_parts_dir(path, run_id, dir, sizeof(dir))) {
		snprintf(msg, len, "results part not written: the name of %s is too long", path);
		return -ENAMETOOLONG;
	}
	lock = results_lock_dir(path, LOCK_SH, msg, len);
	if (lock < 0)
		return lock;
	ret = make_parts_dir(dir, msg, len);
	if (!ret) {
		snprintf(part, sizeof(part), "%s/job-%u.json", dir, seq);
		ret = write_part_file(results_root(r), part, msg, len);
		if (ret)
			rmdir(dir); /* an empty one is not left behind */
	}
	close(lock);
	return ret;
}

/* The job number of a part's name "job-N.json"; false for any other name. */
static bool part_seq(const char *name, unsigned int *seq)
{
	int end = 0;

	return sscanf(name, "job-%u.json%n", seq, &end) == 1 && end > 0 && !name[end] &&
	       name[4] >= '0' && name[4] <= '9';
}

static int by_seq(const void *a, const void *b)
{
	unsigned int x = *(const unsigned int *)a, y = *(const unsigned int *)b;

	return x < y ? -1 : x > y;
}

/*
 * The job numbers of DIR's parts, sorted: a malloc'd array of *N (NULL and 0
 * when DIR does not exist).  Return: 0, or a negative errno.
 */
static int list_parts(const char *dir, unsigned int **seqs, size_t *n)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	size_t room = 0;
	unsigned int seq, *grown;

	*seqs = NULL;
	*n = 0;
	if (!d)
		return errno == ENOENT ? 0 : -errno;
	while ((de = readdir(d))) {
		if (!part_seq(de->d_name, &seq))
			continue;
		if (*n == room) {
			room = room ? 2 * room : 64;
			grown = realloc(*seqs, room * sizeof(**seqs));
			if (!grown) {
				closedir(d);
				return -ENOMEM;
			}
			*seqs = grown;
		}
		(*seqs)[(*n)++] = seq;
	}
	closedir(d);
	qsort(*seqs, *n, sizeof(**seqs), by_seq);
	return 0;
}

/* Threads reading parts side by side at the merge. */
#define READERS 8

/* The texts of a run's parts, read by READERS threads (part I by thread I % READERS). */
struct part_texts {
	const char *dir;
	const unsigned int *seqs;
	size_t n;
	char **text;
	size_t *len;
};

struct part_reader {
	struct part_texts *t;
	size_t first;
};

static void *read_parts(void *arg)
{
	struct part_reader *rd = arg;
	struct part_texts *t = rd->t;
	char part[PATH_MAX + 32];
	size_t i;

	for (i = rd->first; i < t->n; i += READERS) {
		snprintf(part, sizeof(part), "%s/job-%u.json", t->dir, t->seqs[i]);
		t->text[i] = results_read_regular_text(part, &t->len[i]);
	}
	return NULL;
}

/*
 * Reads every part's text into T, READERS at a time: on a network or
 * virtio-9p share each open and read is a round trip, and one part after
 * another they were most of the merge's time in the test bed.  A reader
 * that cannot be started leaves its parts to the caller's thread.
 */
static void read_all_parts(struct part_texts *t)
{
	struct part_reader rd[READERS];
	pthread_t th[READERS];
	bool started[READERS] = {false};
	size_t r;

	for (r = 0; r < READERS && r < t->n; r++) {
		rd[r] = (struct part_reader){.t = t, .first = r};
		started[r] = t->n > 1 && !pthread_create(&th[r], NULL, read_parts, &rd[r]);
	}
	for (r = 0; r < READERS && r < t->n; r++) {
		if (started[r])
			pthread_join(th[r], NULL);
		else
			read_parts(&rd[r]);
	}
}

/*
 * The merged text of DIR's parts SEQS[0..N), after the run's file's text
 * ACC (NULL: the first part is merged into), into *OUT (*OUT_LEN).  The
 * records are spliced as text (results_splice.h), not parsed and printed.
 */
static int merge_parts(const char *dir, const unsigned int *seqs, size_t n, char *acc,
		       size_t acc_len, char **out, size_t *out_len, char *msg, size_t len)
{
	struct part_texts t = {.dir = dir, .seqs = seqs, .n = n};
	size_t i, first = acc ? 1 : 0, bad = 0;
	const char **texts = calloc(n + 1, sizeof(*texts));
	size_t *lens = calloc(n + 1, sizeof(*lens));
	int ret = -ENOMEM;

	t.text = calloc(n ? n : 1, sizeof(*t.text));
	t.len = calloc(n ? n : 1, sizeof(*t.len));
	if (texts && lens && t.text && t.len) {
		read_all_parts(&t);
		texts[0] = acc;
		lens[0] = acc_len;
		for (i = 0; i < n && t.text[i]; i++) {
			texts[first + i] = t.text[i];
			lens[first + i] = t.len[i];
		}
		bad = first + i; /* a part that could not be read */
		ret = i < n ? -EINVAL : results_splice(texts, lens, first + n, out, out_len, &bad);
	}
	if (ret == -EINVAL && bad < first)
		snprintf(msg, len, "the run's results file is not a results document");
	else if (ret == -EINVAL)
		snprintf(msg, len, "%s/job-%u.json is not a results part", dir, seqs[bad - first]);
	else if (ret)
		snprintf(msg, len, "out of memory to merge the parts in %s", dir);
	for (i = 0; t.text && i < n; i++)
		free(t.text[i]);
	free(t.text);
	free(t.len);
	free(texts);
	free(lens);
	return ret;
}

/* Parts unlinked per io_uring submission. */
#define UNLINK_BATCH 64

/*
 * Unlinks the parts NAMES[0..N) of the directory DFD through RING,
 * UNLINK_BATCH at a time: the kernel runs them side by side, where one
 * unlink() after another costs a round trip each on a network or virtio-9p
 * share (64 parts: 1.2 s in the test bed).  A part the ring could not
 * unlink (a kernel without IORING_OP_UNLINKAT says EINVAL) is unlinked
 * plainly.  Returns how many parts it dealt with: the caller unlinks the
 * rest plainly (the ring refused a batch or a wait).
 */
static size_t unlink_batched(struct io_uring *ring, int dfd, char (*names)[32], size_t n)
{
	struct io_uring_sqe *sqe;
	struct io_uring_cqe *cqe;
	size_t i, done, batch;

	for (done = 0; done < n; done += batch) {
		batch = n - done < UNLINK_BATCH ? n - done : UNLINK_BATCH;
		for (i = 0; i < batch; i++) {
			sqe = io_uring_get_sqe(ring);
			io_uring_prep_unlinkat(sqe, dfd, names[done + i], 0);
			io_uring_sqe_set_data64(sqe, done + i);
		}
		if (io_uring_submit(ring) != (int)batch)
			return done;
		for (i = 0; i < batch; i++) {
			if (io_uring_wait_cqe(ring, &cqe))
				return done;
			if (cqe->res < 0 && cqe->res != -ENOENT)
				unlinkat(dfd, names[io_uring_cqe_get_data64(cqe)], 0);
			io_uring_cqe_seen(ring, cqe);
		}
	}
	return done;
}

static void remove_parts(const char *dir, const unsigned int *seqs, size_t n)
{
	int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	char(*names)[32] = calloc(n ? n : 1, sizeof(*names));
	struct io_uring ring;
	size_t i, done = 0;

	if (dfd < 0 || !names) {
		free(names);
		if (dfd >= 0)
			close(dfd);
		return; /* the parts stay: the merged file is written */
	}
	for (i = 0; i < n; i++)
		snprintf(names[i], sizeof(names[i]), "job-%u.json", seqs[i]);
	if (n > 1 && !io_uring_queue_init(UNLINK_BATCH, &ring, 0)) {
		done = unlink_batched(&ring, dfd, names, n);
		io_uring_queue_exit(&ring);
	}
	for (i = done; i < n; i++) /* one part, no ring, or what the ring left */
		unlinkat(dfd, names[i], 0);
	free(names);
	close(dfd);
	rmdir(dir); /* fails, leaving it, when something else is in it */
}

int results_merge_parts(const char *path, const char *run_id, const char *seen_run,
			const struct safefile_deny *deny, char *msg, size_t len)
{
	char dir[PATH_MAX], why[RESULTS_MSG_LEN], *acc = NULL, *merged = NULL;
	size_t n = 0, acc_len = 0, merged_len = 0;
	unsigned int *seqs = NULL;
	int lock, ret;

	if (results_parts_dir(path, run_id, dir, sizeof(dir)))
		return 0; /* no part could be written there either */
	lock = results_lock_dir(path, LOCK_EX, msg, len);
	if (lock < 0)
		return lock;
	ret = results_of_run_text(path, run_id, seen_run, &acc, &acc_len, why, sizeof(why));
	if (!ret && (ret = list_parts(dir, &seqs, &n)))
		snprintf(why, sizeof(why), "cannot read %s: %s", dir, strerror(-ret));
	if (!ret && n)
		ret = merge_parts(dir, seqs, n, acc, acc_len, &merged, &merged_len, why,
				  sizeof(why));
	if (!ret && n)
		ret = results_write_text(merged, merged_len, path, deny, why, sizeof(why));
	if (!ret)
		remove_parts(dir, seqs, n);
	else
		snprintf(msg, len, "%s; the run's job records are kept in %s", why, dir);
	free(merged);
	free(acc);
	free(seqs);
	close(lock);
	return ret;
}
