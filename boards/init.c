/* The virtual board's init: the only program the initrd starts.

   It mounts devtmpfs, proc and sysfs, runs each line of /csumbench/cmds
   (words split on spaces; a last "> FILE" sends stdout there), then
   prints every file in /results between marker lines that give its
   length and POSIX cksum, so the host can refuse a damaged or cut
   transfer:

     @@csumbench-file NAME LENGTH CKSUM
     ...the file's bytes, a newline added if it did not end in one...
     @@csumbench-file-end NAME

   A line ending in " &" runs in the background (csumbench trace while
   the next line makes traffic); "wait" waits for those, as does the end
   of the commands.

   The modules in /csumbench (*.ko: csumbench.ko for make bench
   SPACE=kernel, a distribution kernel's tun.ko) are loaded with
   finit_module, in name order, before the first command; a module that
   will not load is said ("@@csumbench-module ..."), and the commands
   run anyway.

   It ends with "@@csumbench-done STATUS files N" (STATUS 0, or the
   first command's non-zero exit status; N files framed, so that a
   frame lost whole is seen) before rebooting, which QEMU's -no-reboot turns
   into an exit.  "csumbench.end=halt" on the kernel command line halts
   instead, for drivers that stop QEMU themselves (labgrid's). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#define CMDS "/csumbench/cmds"
#define HOSTNAME "/csumbench/hostname"	/* the board's name in results */
#define EPOCH "/csumbench/epoch"	/* the host's clock when it packed us:
					   the board has no RTC, and results
					   dated 1970 sort badly */
#define RESULTS "/results"
#define MODULES "/csumbench"
#define MAXJOBS 8
#define MAXARGS 64

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	fflush(stdout);
}

static double uptime(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void mount_or_say(const char *src, const char *dir, const char *type)
{
	mkdir(dir, 0755);
	if (mount(src, dir, type, 0, NULL) != 0 && errno != EBUSY)
		say("csumbench-init: mount %s on %s: %s\n", type, dir, strerror(errno));
}

/* The console as fds 0-2, with output post-processing off: the kernel's
   tty layer would otherwise turn each "\n" into "\r\n". */
static void console(void)
{
	struct termios t;
	int fd = open("/dev/console", O_RDWR | O_NOCTTY);

	if (fd >= 0) {
		dup2(fd, 0);
		dup2(fd, 1);
		dup2(fd, 2);
		if (fd > 2)
			close(fd);
	}
	if (tcgetattr(1, &t) == 0) {
		t.c_oflag &= ~OPOST;
		tcsetattr(1, TCSANOW, &t);
	}
}

/* The kernel's messages would land in the middle of a file's lines:
   from here on only emergencies reach the console. */
static void quiet_kernel(void)
{
	int fd = open("/proc/sys/kernel/printk", O_WRONLY);

	if (fd >= 0) {
		if (write(fd, "1\n", 2) != 2)
			say("csumbench-init: cannot lower the console log level\n");
		close(fd);
	}
}

static void identity(void)
{
	char buf[64] = "";
	FILE *f = fopen(HOSTNAME, "r");

	if (f && fgets(buf, sizeof(buf), f)) {
		buf[strcspn(buf, "\n")] = '\0';
		if (sethostname(buf, strlen(buf)) != 0)
			say("csumbench-init: sethostname: %s\n", strerror(errno));
	}
	if (f)
		fclose(f);
	f = fopen(EPOCH, "r");
	if (f && fgets(buf, sizeof(buf), f)) {
		struct timeval tv = { .tv_sec = strtol(buf, NULL, 10) };
		if (tv.tv_sec > 0 && settimeofday(&tv, NULL) != 0)
			say("csumbench-init: settimeofday: %s\n", strerror(errno));
	}
	if (f)
		fclose(f);
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

static int is_module(const struct dirent *d)
{
	size_t n = strlen(d->d_name);

	return n > 3 && !strcmp(d->d_name + n - 3, ".ko");
}

/* The initrd's modules, each loaded from its file descriptor (no insmod
   on the board). */
static void load_modules(void)
{
	struct dirent **names;
	char path[512];
	int n, i, fd;

	n = scandir(MODULES, &names, is_module, by_name);
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), MODULES "/%s", names[i]->d_name);
		free(names[i]);
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			say("@@csumbench-module %s: %s\n", path, strerror(errno));
		else if (syscall(SYS_finit_module, fd, "", 0) != 0)
			say("@@csumbench-module %s: finit_module: %s\n", path, strerror(errno));
		else
			say("@@csumbench-module %s loaded\n", path);
		if (fd >= 0)
			close(fd);
	}
	if (n >= 0)
		free(names);
}

/* The background commands, waited for by "wait" and at the end. */
static pid_t jobs[MAXJOBS];
static const char *job_names[MAXJOBS];
static char job_words[MAXJOBS][256];
static int njobs;

static int status_of(const char *name, int status)
{
	if (WIFSIGNALED(status)) {
		say("@@csumbench-exit %s signal %d\n", name, WTERMSIG(status));
		return 128 + WTERMSIG(status);
	}
	say("@@csumbench-exit %s status %d\n", name, WEXITSTATUS(status));
	return WEXITSTATUS(status);
}

/* Waits for every background command: the first non-zero status. */
static int wait_jobs(void)
{
	int i, status, worst = 0, s;

	for (i = 0; i < njobs; i++) {
		while (waitpid(jobs[i], &status, 0) < 0)
			if (errno != EINTR)
				break;
		s = status_of(job_names[i], status);
		if (s && !worst)
			worst = s;
	}
	njobs = 0;
	return worst;
}

static int run(char *line)
{
	char *argv[MAXARGS + 1], *out = NULL, *w;
	int argc = 0, status;
	bool background = false;
	pid_t pid;

	for (w = strtok(line, " \n"); w; w = strtok(NULL, " \n")) {
		if (strcmp(w, "&") == 0) {
			background = true;
			break;
		}
		if (strcmp(w, ">") == 0) {
			out = strtok(NULL, " \n");
			background = (w = strtok(NULL, " \n")) && !strcmp(w, "&");
			break;
		}
		if (argc == MAXARGS) {
			say("csumbench-init: more than %d words in a command\n", MAXARGS);
			return 127;
		}
		argv[argc++] = w;
	}
	argv[argc] = NULL;
	if (!argc)
		return 0;
	if (argc == 1 && !strcmp(argv[0], "wait"))
		return wait_jobs();
	if (background && njobs == MAXJOBS) {
		say("csumbench-init: more than %d background commands\n", MAXJOBS);
		return 127;
	}
	say("@@csumbench-run %s%s\n", argv[0], background ? " &" : "");
	pid = fork();
	if (pid < 0) {
		say("csumbench-init: fork: %s\n", strerror(errno));
		return 127;
	}
	if (pid == 0) {
		if (out) {
			int fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
			if (fd < 0 || dup2(fd, 1) < 0) {
				say("csumbench-init: %s: %s\n", out, strerror(errno));
				_exit(127);
			}
			close(fd);
		}
		execv(argv[0], argv);
		say("csumbench-init: %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	if (background) {
		snprintf(job_words[njobs], sizeof(job_words[njobs]), "%s", argv[0]);
		job_names[njobs] = job_words[njobs];
		jobs[njobs++] = pid;
		return 0;
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return 127;
	return status_of(argv[0], status);
}

/* POSIX cksum: CRC-32 (polynomial 0x04C11DB7, most significant bit
   first) over the bytes and then the length, least significant byte
   first, complemented.  The host checks it with cksum(1). */
static uint32_t crc_byte(uint32_t crc, unsigned char b)
{
	int i;

	crc ^= (uint32_t)b << 24;
	for (i = 0; i < 8; i++)
		crc = crc & 0x80000000u ? (crc << 1) ^ 0x04C11DB7u : crc << 1;
	return crc;
}

static uint32_t cksum(const unsigned char *p, size_t n)
{
	uint32_t crc = 0;
	size_t i, len;

	for (i = 0; i < n; i++)
		crc = crc_byte(crc, p[i]);
	for (len = n; len; len >>= 8)
		crc = crc_byte(crc, len & 0xff);
	return ~crc;
}

static int sent;	/* files framed: the done line gives the count */

static int send_file(const char *name)
{
	char path[512];
	unsigned char *buf;
	struct stat st;
	size_t got = 0;
	int fd;

	snprintf(path, sizeof(path), RESULTS "/%s", name);
	fd = open(path, O_RDONLY);
	if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		if (fd >= 0)
			close(fd);
		return 0;
	}
	buf = malloc(st.st_size + 1);
	if (!buf) {
		say("csumbench-init: %s: out of memory\n", name);
		close(fd);
		return 1;
	}
	while (got < (size_t)st.st_size) {
		ssize_t r = read(fd, buf + got, st.st_size - got);
		if (r <= 0)
			break;
		got += r;
	}
	close(fd);
	/* Framed, a short read would pass the host's checks: not sent. */
	if (got != (size_t)st.st_size) {
		say("csumbench-init: %s: read %zu of %lld bytes; not sent\n", name,
		    got, (long long)st.st_size);
		free(buf);
		return 1;
	}
	say("@@csumbench-file %s %zu %lu\n", name, got,
	    (unsigned long)cksum(buf, got));
	fwrite(buf, 1, got, stdout);
	if (got && buf[got - 1] != '\n')
		putchar('\n');
	say("@@csumbench-file-end %s\n", name);
	free(buf);
	sent++;
	return 0;
}

static bool halt_at_end(void)
{
	char cmdline[4096];
	ssize_t n;
	int fd = open("/proc/cmdline", O_RDONLY);

	if (fd < 0)
		return false;
	n = read(fd, cmdline, sizeof(cmdline) - 1);
	close(fd);
	cmdline[n > 0 ? n : 0] = '\0';
	return strstr(cmdline, "csumbench.end=halt") != NULL;
}

int main(void)
{
	struct dirent **names;
	char line[4096];
	int status = 0, n, i;
	FILE *f;

	mount_or_say("devtmpfs", "/dev", "devtmpfs");
	console();
	mount_or_say("proc", "/proc", "proc");
	mount_or_say("sysfs", "/sys", "sysfs");
	mkdir(RESULTS, 0755);
	identity();
	say("@@csumbench-up %.2f s after the kernel started\n", uptime());
	load_modules();

	f = fopen(CMDS, "r");
	if (!f) {
		say("csumbench-init: %s: %s\n", CMDS, strerror(errno));
		status = 127;
	}
	while (f && fgets(line, sizeof(line), f)) {
		int s = run(line);
		if (s && !status)
			status = s;
	}
	if (f)
		fclose(f);
	if (njobs) {
		int s = wait_jobs();
		if (s && !status)
			status = s;
	}

	quiet_kernel();
	n = scandir(RESULTS, &names, NULL, by_name);
	for (i = 0; i < n; i++) {
		if (names[i]->d_name[0] != '.' && send_file(names[i]->d_name) && !status)
			status = 1;
		free(names[i]);
	}
	if (n >= 0)
		free(names);
	say("@@csumbench-done %d files %d %.2f s\n", status, sent, uptime());
	/* Every byte out of the UART before the board stops: a console
	   that drains slowly (a socket) would otherwise lose the end. */
	tcdrain(1);
	sync();
	if (halt_at_end())
		reboot(RB_HALT_SYSTEM);
	reboot(RB_AUTOBOOT);
	for (;;)
		pause();
}
