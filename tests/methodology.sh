#!/usr/bin/env bash
# Cold caches, rx rings, busy loads and the miss latency measured as the
# patches measured them.  cold is the DMA case (fresh scattered buffers
# the core never read); K buffers per region, regions of 100 timer steps
# or a warning, one K per size and cache state, the floor at it; a ring
# per cold-ring point; an rx ring walked as a NAPI poll walks a DMA'd
# ring, where prefetching the next header pays; per-call timing with the
# load on the measured CPU; the miss latency of the flush check's chase.
# Directions are judged with margins from the samples' own spread.
# usage: tests/methodology.sh CSUMBENCH CSUMREPORT
set -u
BIN=$1 R=$2
SUITE=methodology
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

# meta FILE KEY: the value of a "# KEY:" line
meta() { sed -n "s/^# $2: //p" "$1" | head -n 1; }

# --- cold states, K, floors, rings, pages, the chase (one run)
"$BIN" run -q --set kernels=c64,word32 --set sizes=64,1500 \
	--set cache=warm,cold,cold-read,after-switch,cold-ring --set load=idle,busy \
	--set samples=31 --set roofline=none -o "$T/cold.csv" > /dev/null; rc=$?
ok "cold states, idle and busy: exit 0" [ $rc = 0 ]
ok "the CSV says cold draws K buffers at random from a pool" \
	grep -q '^# cold_pool: [0-9]* MiB ([0-9]* MiB of it on huge pages); each cold, cold-read and after-switch region takes K buffers at random slots of it$' "$T/cold.csv"
ok "and what the kernel gave of huge pages" \
	grep -q '^# huge_pages: transparent huge pages \(always\|madvise\|never\|not available\);' "$T/cold.csv"
# (whatever the host's caches: cut or not, a ring per point)
ok "cold-ring: a ring per point (2 kernels and the floor x 2 sizes x 2 loads)" \
	grep -q '^# cold_ring: 12 ring(s), one per point, [0-9]* MiB in all ([0-9]* MiB of it on huge pages), each touching twice \(the cache one core uses (# cache_per_core:)\|less than the cache one core uses (cut)\); buffers taken in a shuffled order$' "$T/cold.csv"
ok "the cache rings, pool and loads are sized from: one core's, said, at most 128 MiB where only sysconf tells" \
	bash -c "c=\$(sed -n 's/^# cache_per_core: \([0-9]*\)\$/\1/p' '$T/cold.csv') &&
		grep -q '^# cache_per_core_source: .' '$T/cold.csv' &&
		[ -n \"\$c\" ] && l=\$(sed -n 's/^# largest_cache: \([0-9]*\)\$/\1/p' '$T/cold.csv') &&
		l=\"\$l \$(sed -n 's/^# largest_cache_source: //p' '$T/cold.csv')\" &&
		case \${l#* } in sysconf*) [ \"\$c\" -le \$((128 << 20)) ] ;; *) [ \"\$c\" = \"\${l%% *}\" ] ;; esac"
ok "rings, pool and loads within the memory the run may take (together at most 7/8 of it)" \
	bash -c "r=\$(sed -n 's/^# cold_ring: [0-9]* ring(s), one per point, \([0-9]*\) MiB in all.*/\1/p' '$T/cold.csv') &&
		p=\$(sed -n 's/^# cold_pool: \([0-9]*\) MiB.*/\1/p' '$T/cold.csv') &&
		s=\$(sed -n 's/^# load_stream: one process per load CPU reading and writing \([0-9]*\) MiB.*/\1/p' '$T/cold.csv') &&
		m=\$(awk '/^MemTotal:/ { print int(\$2 / 1024) }' /proc/meminfo) &&
		[ \$((r + p + s * \$(nproc))) -le \$((m * 7 / 8)) ]"
ok "after-switch says what it thrashes" \
	grep -q '^# after_switch: [0-9]* KiB written before each region to thrash L1d and L2' "$T/cold.csv"
python3 - "$T/cold.csv" > "$T/cold.check" 2>&1 <<'EOF'
import csv, re, sys
f = sys.argv[1]
lines = open(f).read().splitlines()
rows = list(csv.DictReader(l for l in lines if not l.startswith('#')))
meta = {}
for l in lines:
    m = re.match(r'# ([a-z_]+): (.*)', l)
    if m and m.group(1) not in meta:
        meta[m.group(1)] = m.group(2)
def med(k, s, c, load='idle'):
    return next(float(r['ticks_median']) for r in rows if r['kernel'] == k and
                r['size'] == s and r['cache'] == c and r['load'] == load)
# one K per size and cache state: kernels, loads and the floor alike
ks = {}
for r in rows:
    if r['cache'] != 'warm':
        ks.setdefault((r['size'], r['cache']), set()).add(r['iters'])
print('one_k', all(len(v) == 1 for v in ks.values()), sorted(ks.items()))
# regions of 100 steps, or a warning that counts those short of it
short = [r for r in rows if r['kernel'] != 'empty' and float(r['region_steps']) < 100]
warned = re.search(r'# warning: (\d+) point\(s\) time regions of fewer than 100 timer steps', open(f).read())
print('steps', (len(short) == 0 and not warned) or (warned and int(warned.group(1)) == len(short)), len(short))
cold = [r for r in rows if r['kernel'] != 'empty' and r['cache'] != 'warm']
print('most_long', sum(float(r['region_steps']) >= 100 for r in cold) >= 0.9 * len(cold))
chase = float(re.search(r'a line loads in (\d+) ticks after', meta['flush_check']).group(1))
# the flush check's two chases agree where the flush reaches memory (the
# evicted one timed page walks too, and called clflush short half the time)
ev = float(re.search(r'ticks after \S+, (\d+) after eviction', meta['flush_check']).group(1))
print('chases', 'reaches memory' in meta['flush_check'] and ev < 1.5 * chase, chase, ev)
# a fresh line costs about a miss: under twice the chase's, in ticks
print('fresh', med('c64', '64', 'cold') < 2 * chase, med('c64', '64', 'cold'), chase)
# after a switch the data is in the outer cache: between warm and cold
w, a, c = med('c64', '1500', 'warm'), med('c64', '1500', 'after-switch'), med('c64', '1500', 'cold')
print('switch', 1.2 * w < a < c / 1.2, w, a, c)
# the miss latency is the chase's, in cycles at the run's cycles per tick
miss, ticks = float(meta['miss_latency']), float(meta['miss_latency_ticks'])
cpt = float(meta['miss_latency_cycles_per_tick'])
print('miss', abs(miss - ticks * cpt) < 0.1 + 1e-3 * miss and abs(ticks - chase) <= 1 and
      meta['miss_latency_lines'] in ('flushed', 'evicted') and
      cpt == float(meta['cycles_per_tick']) and 0.5 < cpt < 8, miss, ticks, cpt)
# busy rows' cycles per tick: the chain timed under the load
bc = float(meta['add_chain_busy_cycles_per_tick'].split()[0])
print('busy_cpt', all(abs(float(r['cycles_per_tick']) - bc) < 6e-5 for r in rows if r['load'] == 'busy'), bc)
EOF
has_line() { grep -q "^$2 True" "$1"; }
ok "one K per size and cache state, for every kernel, load and the floor" has_line "$T/cold.check" one_k
ok "every region spans 100 timer steps, or the CSV counts those short of it" has_line "$T/cold.check" steps
ok "and 90% of the cold points' regions span 100 steps" has_line "$T/cold.check" most_long
ok "the flush check: clflush reaches memory, its chase and eviction's agree" has_line "$T/cold.check" chases
ok "a fresh 64-byte cold call costs under twice the chase's miss (never read before)" has_line "$T/cold.check" fresh
ok "after-switch 1500 B sits between warm and cold, 1.2x from each" has_line "$T/cold.check" switch
ok "miss_latency is the flush check's chase, in the run's cycles per tick" has_line "$T/cold.check" miss
ok "busy rows take cycles per tick from chain windows under the load" has_line "$T/cold.check" busy_cpt
grep -v ' True' "$T/cold.check" | sed 's/^/  /'

# --- the rx ring: next beats none where the header misses
"$BIN" run -q --set kernels=c64 --set sizes=576,1500 --set aligns=2 --set cache=ring \
	--set rx_prefetch=none,current,next --set rx_prefetch_ahead=1,4 \
	--set samples=201 --set roofline=none -o "$T/rx.csv" > /dev/null; rc=$?
ok "rx ring, three policies, next at 1 and 4 ahead: exit 0" [ $rc = 0 ]
ok "rows for next:1 and next:4" \
	bash -c "grep -q '^c64,.*,ring,none,none,idle,next:1,' '$T/rx.csv' && grep -q '^c64,.*,ring,none,none,idle,next:4,' '$T/rx.csv'"
ok "the CSV says the walk's DMA: descriptors and buffers written and flushed" \
	grep -q '^# rx_ring: 256 descriptors, 64 walked per sample, 64 B header before each payload, whose last 2 bytes say where the payload starts; before each sample the descriptors and buffers it walks are written and flushed (the DMA); rx_work 0 dependent adds per packet' "$T/rx.csv"
ok "its pools are shuffled" grep -q '^# rx_pools: .*descriptors refilled from them in a shuffled order$' "$T/rx.csv"
python3 - "$T/rx-samples.csv" > "$T/rx.check" 2>&1 <<'EOF'
import csv, math, sys
rows = [r for r in csv.DictReader(l for l in open(sys.argv[1]) if not l.startswith('#'))]
t = {}
for r in rows:
    if r['kernel'] == 'c64':
        t[(r['size'], r['rx_prefetch'], r['round'])] = float(r['ticks'])
for size in ('576', '1500'):
    # per round: none's time less next's, a paired difference
    d = sorted(t[(size, 'none', k)] - t[(size, 'next:1', k)]
               for (s, p, k) in t if s == size and p == 'none')
    n = len(d)
    # the sign test's 95% interval of the median difference: order
    # statistics k and n-k+1, k = n/2 - 1.96 sqrt(n)/2
    k = max(1, int(math.floor(n / 2 - 1.96 * math.sqrt(n) / 2)))
    lo, mid = d[k - 1], d[n // 2]
    none = sorted(t[(size, 'none', r)] for (s, p, r) in t if s == size and p == 'none')[n // 2]
    print('next_%s' % size, lo > 0, 'n %d: none %.0f ticks, none - next median %.0f, 95%% lower %.0f' % (n, none, mid, lo))
EOF
ok "576 B: next beats none, the paired 95% interval above 0" has_line "$T/rx.check" next_576
ok "1500 B: next beats none, the paired 95% interval above 0" has_line "$T/rx.check" next_1500
sed 's/^/  /' "$T/rx.check"
"$BIN" run -q --set kernels=c64 --set sizes=576 --set cache=ring --set rx_work=200 \
	--set rx_prefetch=current --set samples=5 --set roofline=none -o "$T/work.csv" > /dev/null; rc=$?
ok "rx_work = 200: driver work between the prefetch and the header's read" \
	bash -c "[ $rc = 0 ] && grep -q 'rx_work 200 dependent adds per packet' '$T/work.csv'"
"$BIN" run -q --set rx_prefetch_ahead=1,x --set cache=ring -o "$T/bad.csv" > /dev/null 2> "$T/bad.err"; rc=$?
ok "rx_prefetch_ahead = 1, x: refused with the key named" \
	bash -c "[ $rc != 0 ] && grep -q 'rx_prefetch_ahead' '$T/bad.err' && [ ! -e '$T/bad.csv' ]"

# --- timing = per-call, busy with the load on the measured CPU
"$BIN" run -q --set kernels=c64 --set sizes=1500 --set cache=warm --set load=idle,busy \
	--set timing=per-call --set samples=11 --set roofline=none -o "$T/pc.csv" > /dev/null; rc=$?
ok "per-call, idle and busy: exit 0" [ $rc = 0 ]
ok "per-call puts the load on the measured CPU by default" \
	grep -q '^# load_shares_measured_cpu: yes' "$T/pc.csv"
ok "the CSV says how per-call timed" grep -q '^# timing: per-call (each call between its own timer reads' "$T/pc.csv"
python3 - "$T/pc.csv" > "$T/pc.check" 2>&1 <<'EOF'
import csv, sys
rows = [r for r in csv.DictReader(l for l in open(sys.argv[1]) if not l.startswith('#'))]
good = 0
for r in rows:
    # a call below the overhead is no time: its figure is empty, and
    # below_overhead counts such calls
    v = [float(r[c]) if r[c] else None for c in
         ('call_min', 'call_p99', 'call_p999', 'call_mean', 'call_max')]
    got = [x for x in v if x is not None]
    order = [x for x in v[:3] + v[4:] if x is not None]
    good += (len(got) == 5 or int(r['below_overhead']) > 0 or
             int(r['calls_below_step']) > 0) and \
        order == sorted(order) and v[4] is not None and \
        (v[3] is None or (v[0] is None or v[0] <= v[3]) and v[3] <= v[4]) and \
        r['iters'] == '1'
print('order', good == len(rows) == 4, good, len(rows))
EOF
ok "every row: call_min <= p99 <= p99.9 <= max, the mean between, one call a region" has_line "$T/pc.check" order
python3 - "$T/pc.csv" > "$T/steps.check" 2>&1 <<'EOF'
import csv, sys
lines = open(sys.argv[1]).read().splitlines()
step = float([l for l in lines if l.startswith('# timer_resolution_ticks:')][0].split()[2])
rows = list(csv.DictReader(l for l in lines if not l.startswith('#')))
cols = ('ticks_min', 'ticks_median', 'ticks_mean', 'ticks_max', 'call_min',
        'call_p99', 'call_p999', 'call_max', 'call_mean', 'call_max_unpreempted')
bad = [(r['kernel'], r['load'], c, r[c]) for r in rows for c in cols
       if r[c] and (float(r[c]) < step or float(r[c]) % step)]
print('steps', not bad and step > 0, 'step %g, not whole steps: %s' % (step, bad[:4]))
busy = [r for r in rows if r['load'] == 'busy' and r['kernel'] == 'c64']
print('busy', len(busy) == 1 and int(busy[0]['calls_preempted']) > 0 and
      float(busy[0]['call_max_unpreempted']) <= float(busy[0]['call_max']),
      [(r['calls_preempted'], r['call_max_unpreempted'], r['call_max']) for r in busy])
EOF
ok "per-call figures are whole timer steps (or empty below one), never finer" has_line "$T/steps.check" steps
ok "busy: preempted calls counted and left out of the worst call not preempted" has_line "$T/steps.check" busy
ok "the streamer shares the measured CPU in bursts (SCHED_FIFO as root)" \
	bash -c "grep -q '^# load_stream_bursts: on the measured CPU the streamer streams [0-9]* KiB' '$T/pc.csv' &&
		{ [ \$(id -u) != 0 ] || grep -q 'as SCHED_FIFO 1' '$T/pc.csv'; }"
"$R" table "$T/pc.csv" --by load > "$T/pc.txt"
ok "table --by load: single calls, with p99 and p99.9 idle and busy" \
	bash -c "grep -q '^min, max, avg: of single calls, each timed alone (timing = per-call)$' '$T/pc.txt' &&
		tr -s '\\n ' '  ' < '$T/pc.txt' | grep -Eq ' c64: idle [0-9.<]+ / [0-9.<]+ / [0-9.<]+ \\([0-9]+\\), busy [0-9.<]+ / [0-9.<]+ / [0-9.<]+ \\([0-9]+\\) '"
ok "per-call tables fit 72 columns" width_ok "$T/pc.txt"
"$R" table "$T/cold.csv" --by load > "$T/batch.txt"
ok "a batch run's load table says its per-call figures are samples' means" \
	grep -q "^min, max: of samples, each a timed region's mean (timing = batch)$" "$T/batch.txt"

# --- compare warns of short regions
awk -F, 'BEGIN { OFS = "," } /^#/ { print; next } !h { for (i = 1; i <= NF; i++) if ($i == "region_steps") c = i; h = 1; print; next }
	{ $c = 40; print }' "$T/cold.csv" > "$T/short.csv"
cp "$T/cold-samples.csv" "$T/short-samples.csv"
"$R" compare "$T/short.csv" "$T/short.csv" --before-kernel c64 --after-kernel word32 > "$T/cmp.txt" 2>&1
ok "compare warns when a point's regions span fewer than 100 steps" \
	grep -q '^warning: [0-9]* point(s) timed regions of fewer than 100 timer steps (as few' "$T/cmp.txt"
"$R" compare "$T/cold.csv" "$T/cold.csv" --before-kernel c64 --after-kernel word32 > "$T/cmp2.txt" 2>&1
ok "and not when they span 100" bash -c "! grep -q 'fewer than 100 timer steps' '$T/cmp2.txt' ||
	grep -q '^# warning: [0-9]* point(s) time regions of fewer than 100' '$T/cold.csv'"
finish
