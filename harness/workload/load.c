/* The busy load (load.h).  Control: a shared page with a run flag and
 * a heartbeat per worker, each on a line of its own; a pipe per worker
 * to wake it, and one pipe on which the workers say they are ready (once,
 * after making their buffers) and that they have stopped (after each
 * busy sample).  The workers and the ping-pong partners are all the
 * harness's own children: it reaps every one. */
#include <errno.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cache/flush.h"
#include "call/watchdog.h"
#include "cache/size.h"
#include "lib/platform.h"
#include "lib/xalloc.h"
#include "workload/load.h"

const char *const load_state_name[LOAD_NSTATES] = { "idle", "busy" };

#define LOAD_CPUS_MAX 256
#define WORKERS_MAX (2 * LOAD_CPUS_MAX)
/* A worker that neither beats nor stops within this long is gone. */
#define ACK_TIMEOUT_MS 5000
/* Making a streamer's buffer takes longer: 4x the cache one core uses. */
#define READY_TIMEOUT_MS 60000
/* Streamed between looks at the run flag. */
#define STREAM_CHUNK (256u << 10)

struct control {
	volatile uint32_t run;
	struct {
		volatile uint64_t n;
		char pad[64 - sizeof(uint64_t)];	/* no line shared */
	} beat[WORKERS_MAX];
};

static struct {
	int cpus[LOAD_CPUS_MAX];
	size_t ncpus;
	unsigned kind;
	int measured;		/* the measured CPU, or -1: not pinned */
	bool shares;		/* a load CPU is the measured one */
	char siblings[128];	/* the measured CPU's SMT siblings, as read */
	size_t stream_bytes;
	bool stream_cut;	/* below 4x the cache, for the memory */
	bool burst_fifo;	/* a bursting streamer runs SCHED_FIFO */
	bool emulated;		/* under an emulator: no SCHED_FIFO bursts */
	/* while started: */
	struct control *ctl;
	pid_t pid[2 * WORKERS_MAX];	/* workers and ping-pong partners */
	int go[WORKERS_MAX];		/* write ends */
	int ack;			/* read end */
	size_t nworkers, npids;
	bool running;
} L = { .ack = -1 };

/* A CPU list as Linux prints it ("0-3,8"), into a mask of max bits. */
static size_t parse_cpulist(const char *s, bool *mask, size_t max)
{
	size_t n = 0;

	while (*s) {
		char *end;
		unsigned long a = strtoul(s, &end, 10), b = a, i;
		if (end == s)
			break;
		s = end;
		if (*s == '-') {
			b = strtoul(s + 1, &end, 10);
			s = end;
		}
		for (i = a; i <= b && i < max; i++, n++)
			mask[i] = true;
		while (*s == ',' || *s == '\n' || *s == ' ')
			s++;
	}
	return n;
}

static void read_siblings(int cpu, bool *mask)
{
	char path[96];
	FILE *f;

	L.siblings[0] = '\0';
	snprintf(path, sizeof(path),
		 "/sys/devices/system/cpu/cpu%d/topology/thread_siblings_list", cpu);
	f = fopen(path, "r");
	if (!f)
		return;
	if (fgets(L.siblings, sizeof(L.siblings), f))
		L.siblings[strcspn(L.siblings, "\n")] = '\0';
	fclose(f);
	parse_cpulist(L.siblings, mask, LOAD_CPUS_MAX);
}

/* What each stream process reads and writes: 4x the cache one core
   uses, and all of them together an eighth of the memory this process
   may still take at most (a 24 GiB VM whose CPUID says 508 MiB of L3
   once streamed 2 GiB per CPU). */
static size_t stream_bytes(size_t nproc)
{
	size_t want = 4 * cache_core(NULL), room = xalloc_room();

	L.stream_cut = false;
	if (room != SIZE_MAX && nproc && want > room / 8 / nproc) {
		want = room / 8 / nproc;
		L.stream_cut = true;
	}
	return want > (1u << 20) ? want : 1u << 20;
}

int load_plan(unsigned kind, const int *cpus, size_t n, bool on_measured,
	      int measured_cpu, char *err, size_t errlen)
{
	bool sib[LOAD_CPUS_MAX] = { false };
	cpu_set_t allowed;
	size_t i;
	int cpu;

	L.ncpus = 0;
	L.kind = kind;
	L.measured = -1;
	L.shares = false;
	CPU_ZERO(&allowed);
	if (sched_getaffinity(0, sizeof(allowed), &allowed)) {
		snprintf(err, errlen, "cannot read the CPUs this process may use: %s",
			 strerror(errno));
		return -1;
	}
	if (measured_cpu == CPU_AUTO)
		for (cpu = 0; cpu < CPU_SETSIZE && L.measured < 0; cpu++)
			if (CPU_ISSET(cpu, &allowed))
				L.measured = cpu;
	if (measured_cpu >= 0)
		L.measured = measured_cpu;
	if (L.measured >= 0 && L.measured < LOAD_CPUS_MAX)
		read_siblings(L.measured, sib);
	if (n) {
		for (i = 0; i < n; i++) {
			if (!CPU_ISSET(cpus[i], &allowed)) {
				snprintf(err, errlen, "CPU %d is not one this process may "
					 "use", cpus[i]);
				return -1;
			}
			L.cpus[L.ncpus++] = cpus[i];
		}
	} else if (on_measured && L.measured >= 0) {
		/* per-call reproduces a loaded machine's calls: the load
		   takes time slices of the measured CPU itself */
		L.cpus[L.ncpus++] = L.measured;
	} else {
		for (cpu = 0; cpu < LOAD_CPUS_MAX; cpu++)
			if (CPU_ISSET(cpu, &allowed) && cpu != L.measured && !sib[cpu])
				L.cpus[L.ncpus++] = cpu;
		/* A board of one CPU (or one core): the load shares it. */
		if (!L.ncpus)
			L.cpus[L.ncpus++] = L.measured >= 0 ? L.measured : 0;
	}
	for (i = 0; i < L.ncpus; i++)
		if (L.cpus[i] == L.measured || L.measured < 0)
			L.shares = true;
	L.stream_bytes = stream_bytes(L.ncpus);
	return 0;
}

static void pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	sched_setaffinity(0, sizeof(set), &set);
}

/* In every child: die with the harness, and be named for ps. */
static void child_setup(pid_t harness, int cpu)
{
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != harness)	/* it died before the line above */
		_exit(0);
	prctl(PR_SET_NAME, LOAD_COMM);
	signal(SIGINT, SIG_IGN);	/* the terminal's ^C is the harness's */
	pin(cpu);
}

/* Blocks until woken; false when the harness closed the pipe. */
static bool wait_go(int fd)
{
	char ch;
	ssize_t n;

	while ((n = read(fd, &ch, 1)) < 0 && errno == EINTR)
		;
	return n == 1;
}

static void say(int fd, char ch)
{
	while (write(fd, &ch, 1) < 0 && errno == EINTR)
		;
}

/* On the measured CPU the streamer works in bursts, as dd does between
   its waits: a pass over twice the core's private caches, then a sleep
   this long, so the scheduler hands it the CPU between the measured
   calls many times a sample (a wake-up preempts), and the calls that
   follow each burst find L1 and L2 full of its lines. */
#define BURST_SLEEP_NS 20000

static void burst_pause(void)
{
	struct timespec ts = { 0, BURST_SLEEP_NS };

	while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
}

/* Bytes a burst streams: twice L1d and L2, or the whole buffer when
   the streamer has a CPU of its own (no bursts). */
static size_t burst_bytes(int cpu)
{
	size_t inner = cache_inner_bytes(NULL), want = 2 * inner;

	if (cpu != L.measured || L.measured < 0)
		return SIZE_MAX;
	if (want < (256u << 10))
		want = 256u << 10;
	return want < L.stream_bytes ? want : L.stream_bytes;
}

/* Reads and writes every word of a buffer of four times the largest
   cache, over and over, so the caches hold the streamer's lines; on the
   measured CPU in bursts (burst_bytes). */
static void streamer(size_t w, int go, int ack, int cpu)
{
	size_t words = L.stream_bytes / sizeof(uint64_t), i = 0, end;
	size_t burst = burst_bytes(cpu), done = 0;
	uint64_t *buf = mmap(NULL, L.stream_bytes, PROT_READ | PROT_WRITE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (buf == MAP_FAILED) {
		say(ack, 'F');	/* load_start says why */
		_exit(1);
	}
	memset(buf, 1, L.stream_bytes);
	/* A burst's sleep ends when asked, not up to 50 us later, and its
	   wake-up takes the CPU at once (SCHED_FIFO, where allowed: root);
	   as a plain task, EEVDF lets the measured thread finish its slice
	   first, and the bursts come a few times a sample, not hundreds.
	   Not under an emulator: a burst there takes many times the board's
	   time, leaving the measured thread and the other workers little
	   but the 20 us between bursts (beside a loaded host the busy load
	   then failed to start within 5 s). */
	if (burst != SIZE_MAX && !L.emulated) {
		struct sched_param sp = { .sched_priority = 1 };
		prctl(PR_SET_TIMERSLACK, 1UL);
		sched_setscheduler(0, SCHED_FIFO, &sp);
	}
	say(ack, 'r');
	while (wait_go(go)) {
		while (L.ctl->run) {
			end = i + STREAM_CHUNK / sizeof(uint64_t);
			if (end > words)
				end = words;
			done += (end - i) * sizeof(uint64_t);
			for (; i < end; i++)
				buf[i] = buf[i] * 3 + 1;
			if (i == words)
				i = 0;
			L.ctl->beat[w].n++;
			if (done >= burst) {
				done = 0;
				burst_pause();
			}
		}
		say(ack, 's');
	}
	_exit(0);
}

/* One side of a ping-pong: a byte each way per turn, each a wake-up and
   a context switch, as hackbench's senders and receivers make. */
static void pinger(size_t w, int go, int ack, int to, int from)
{
	char ch = 'p';

	say(ack, 'r');
	while (wait_go(go)) {
		while (L.ctl->run) {
			if (write(to, &ch, 1) != 1 || read(from, &ch, 1) != 1)
				_exit(1);
			L.ctl->beat[w].n++;
		}
		say(ack, 's');
	}
	_exit(0);
}

static void ponger(int from, int to)
{
	char ch;

	while (read(from, &ch, 1) == 1)
		if (write(to, &ch, 1) != 1)
			break;
	_exit(0);
}

/* Forks a worker (a streamer, or a pinger and its ponger), pinned to
   cpu.  Each child keeps the pipe ends it uses and drops its partner's,
   so a ponger sees the end of its pipe when its pinger dies.  0, or -1
   (what was forked is in L.pid, for load_stop). */
static int spawn_worker(int cpu, bool stream, int go_rd, int ack_wr)
{
	pid_t harness = getpid(), pid;
	int ab[2], ba[2];

	if (stream) {
		pid = fork();
		if (pid == 0) {
			child_setup(harness, cpu);
			streamer(L.nworkers, go_rd, ack_wr, cpu);
		}
		if (pid < 0)
			return -1;
		L.pid[L.npids++] = pid;
		return 0;
	}
	if (pipe(ab))
		return -1;
	if (pipe(ba)) {
		close(ab[0]);
		close(ab[1]);
		return -1;
	}
	pid = fork();
	if (pid == 0) {
		child_setup(harness, cpu);
		close(ab[0]);
		close(ba[1]);
		pinger(L.nworkers, go_rd, ack_wr, ab[1], ba[0]);
	}
	if (pid > 0) {
		L.pid[L.npids++] = pid;
		pid = fork();
		if (pid == 0) {
			child_setup(harness, cpu);
			close(go_rd);
			close(ack_wr);
			close(ab[1]);
			close(ba[0]);
			ponger(ab[0], ba[1]);
		}
		if (pid > 0)
			L.pid[L.npids++] = pid;
	}
	close(ab[0]);
	close(ab[1]);
	close(ba[0]);
	close(ba[1]);
	return pid < 0 ? -1 : 0;
}

/* Reads n bytes from the workers' pipe within ms: 0, 1 if one said it
   failed ('F'), -1 on a timeout or when every writer is gone. */
/* Whether a process of the load has ended (killed while it starts: the
   others keep the pipe open, so no end of file tells). */
static bool one_ended(void)
{
	size_t i;

	for (i = 0; i < L.npids; i++)
		if (waitpid(L.pid[i], NULL, WNOHANG) == L.pid[i])
			return true;
	return false;
}

static int collect(size_t n, int ms)
{
	size_t got = 0;
	char buf[64];
	int failed = 0, waited = 0;

	while (got < n) {
		struct pollfd pf = { L.ack, POLLIN, 0 };
		ssize_t r, i;
		int p = poll(&pf, 1, 100);

		if (p < 0 && errno == EINTR)
			continue;
		if (p == 0 && one_ended())
			return -2;
		if (p == 0 && (waited += 100) < ms)
			continue;
		if (p <= 0)
			return -1;
		r = read(L.ack, buf, n - got < sizeof(buf) ? n - got : sizeof(buf));
		if (r <= 0)
			return -1;
		for (i = 0; i < r; i++)
			failed |= buf[i] == 'F';
		got += (size_t)r;
	}
	return failed;
}

int load_start(char *err, size_t errlen)
{
	int ackp[2], rc;
	size_t i;
	unsigned k;

	L.ctl = mmap(NULL, sizeof(*L.ctl), PROT_READ | PROT_WRITE,
		     MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (L.ctl == MAP_FAILED) {
		L.ctl = NULL;
		snprintf(err, errlen, "load: no shared memory: %s", strerror(errno));
		return -1;
	}
	if (pipe(ackp)) {
		snprintf(err, errlen, "load: pipe: %s", strerror(errno));
		load_stop();
		return -1;
	}
	L.ack = ackp[0];
	{
		const char *why;
		L.emulated = platform_emulated(&why);
	}
	fflush(NULL);		/* no buffered output written twice */
	for (i = 0; i < L.ncpus; i++)
		for (k = LOAD_STREAM; k <= LOAD_SCHED; k <<= 1) {
			int gop[2];

			if (!(L.kind & k))
				continue;
			if (pipe(gop)) {
				snprintf(err, errlen, "load: pipe: %s", strerror(errno));
				close(ackp[1]);
				load_stop();
				return -1;
			}
			rc = spawn_worker(L.cpus[i], k == LOAD_STREAM, gop[0], ackp[1]);
			close(gop[0]);
			L.go[L.nworkers++] = gop[1];
			if (rc) {
				snprintf(err, errlen, "load: fork: %s", strerror(errno));
				close(ackp[1]);
				load_stop();
				return -1;
			}
		}
	close(ackp[1]);
	/* Every worker made its buffer before the first sample: no idle
	   sample sees a worker starting. */
	rc = collect(L.nworkers, READY_TIMEOUT_MS);
	if (rc) {
		snprintf(err, errlen, "load: %s", rc > 0 ? "a streamer could not map "
			 "its buffer (4x the cache one core uses): no memory" :
			 rc == -2 ? "a worker ended (killed?) while the load started" :
			 "the workers did not start within 60 s");
		load_stop();
		return -1;
	}
	L.burst_fifo = false;
	for (i = 0; i < L.npids; i++)
		L.burst_fifo |= sched_getscheduler(L.pid[i]) == SCHED_FIFO;
	return 0;
}

/* The run cannot go on busy: what was measured is kept as partial. */
static void load_lost(const char *what)
{
	char why[160];

	snprintf(why, sizeof(why), "the busy load %s; the run stops", what);
	load_stop();
	watchdog_disarm();	/* no kernel is to blame */
	watchdog_abandon(why);
}

void load_resume(void)
{
	uint64_t before[WORKERS_MAX];
	double t0 = platform_seconds();
	size_t i, beating = 0;
	void (*old)(int);
	char ch = 'g';
	bool lost = false;

	if (!L.nworkers || L.running)
		return;
	for (i = 0; i < L.nworkers; i++)
		before[i] = L.ctl->beat[i].n;
	L.ctl->run = 1;
	/* A dead worker's pipe gives EPIPE here, not SIGPIPE. */
	old = signal(SIGPIPE, SIG_IGN);
	for (i = 0; i < L.nworkers && !lost; i++)
		lost = write(L.go[i], &ch, 1) != 1;
	signal(SIGPIPE, old);
	if (lost)
		load_lost("lost a worker");
	L.running = true;
	/* Each has worked a little: the load is on when the sample starts.
	   Yielding lets a worker that shares this CPU run. */
	while (beating < L.nworkers) {
		for (i = 0, beating = 0; i < L.nworkers; i++)
			beating += L.ctl->beat[i].n != before[i];
		if (one_ended())
			load_lost("lost a worker (it ended, killed?)");
		if ((platform_seconds() - t0) * 1e3 > ACK_TIMEOUT_MS)
			load_lost("did not start within 5 s");
		sched_yield();
	}
}

void load_pause(void)
{
	if (!L.running)
		return;
	L.ctl->run = 0;
	switch (collect(L.nworkers, ACK_TIMEOUT_MS)) {
	case 0:
		break;
	case -2:
		load_lost("lost a worker (it ended, killed?)");
		break;
	default:
		load_lost("did not stop within 5 s (a worker died?)");
	}
	L.running = false;
}

void load_stop(void)
{
	size_t i;

	for (i = 0; i < L.npids; i++)
		kill(L.pid[i], SIGKILL);
	for (i = 0; i < L.npids; i++)
		while (waitpid(L.pid[i], NULL, 0) < 0 && errno == EINTR)
			;
	for (i = 0; i < L.nworkers; i++)
		close(L.go[i]);
	if (L.ack >= 0)
		close(L.ack);
	if (L.ctl)
		munmap(L.ctl, sizeof(*L.ctl));
	L.ctl = NULL;
	L.ack = -1;
	L.nworkers = L.npids = 0;
	L.running = false;
}

bool load_shares(void)
{
	return L.shares;
}

bool load_running(void)
{
	return L.running;
}

size_t load_pids(int *pids, size_t max)
{
	size_t i;

	for (i = 0; i < L.npids && i < max; i++)
		pids[i] = (int)L.pid[i];
	return i;
}

void load_report(FILE *f)
{
	size_t i;

	fprintf(f, "# load_busy:%s%s on CPU(s)",
		L.kind & LOAD_STREAM ? " stream" : "",
		L.kind & LOAD_SCHED ? " sched" : "");
	for (i = 0; i < L.ncpus; i++)
		fprintf(f, "%s%d", i ? "," : " ", L.cpus[i]);
	fprintf(f, ", running only while a busy point's sample is taken\n");
	if (L.kind & LOAD_STREAM)
		fprintf(f, "# load_stream: one process per load CPU reading and "
			"writing %zu MiB (%s); the dirty lines it leaves in a shared "
			"cache are written back during the samples that follow a "
			"busy one\n", L.stream_bytes >> 20, L.stream_cut ? "less "
			"than 4x the cache one core uses: all of them an eighth of "
			"the memory available" : "4x the cache one core uses, "
			"# cache_per_core:");
	if ((L.kind & LOAD_STREAM) && L.shares && L.measured >= 0)
		fprintf(f, "# load_stream_bursts: on the measured CPU the streamer "
			"streams %zu KiB (twice L1d and L2) and sleeps %d us, over and "
			"over, as dd does between its waits, %s; the calls after a "
			"burst find the core's own caches full of its lines\n",
			burst_bytes(L.measured) >> 10, BURST_SLEEP_NS / 1000,
			L.burst_fifo ? "as SCHED_FIFO 1: each wake-up takes the CPU "
			"from the measured calls at once" : L.emulated ? "as a plain "
			"task (emulated: as SCHED_FIFO its bursts, each many times "
			"longer than on the board, starve the measured thread): "
			"the scheduler lets the measured thread finish its slice "
			"first" : "as a plain task "
			"(SCHED_FIFO refused: not root): the scheduler lets the "
			"measured thread finish its slice first, so bursts come "
			"between slices, not between calls");
	if (L.kind & LOAD_SCHED)
		fprintf(f, "# load_sched: one pipe ping-pong pair per load CPU "
			"(a wake-up and a context switch per byte)\n");
	if (L.measured >= 0)
		fprintf(f, "# load_measured_cpu: %d (SMT siblings: %s)\n", L.measured,
			L.siblings[0] ? L.siblings : "unknown");
	if (L.shares)
		fprintf(f, "# load_shares_measured_cpu: yes (%s): busy samples "
			"include the load's time slices on the measured CPU\n",
			L.measured < 0 ? "cpu = none, the run is not pinned" :
			"no other CPU to put it on, load_cpus names it, or timing "
			"= per-call puts it there by default");
	else
		fprintf(f, "# load_shares_measured_cpu: no\n");
}
