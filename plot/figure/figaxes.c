/* The size figure's axes per panel.  gnuplot's own log tics fall on
   powers of ten, so a cold panel spanning 0.3 to 8 cycles per byte
   showed "1" alone; these are set from the points drawn. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "figure/figaxes.h"

#define TICS_MAX 10

void figaxis_grow(struct figaxis *a, unsigned size, double y,
		  const double q[2])
{
	double lo = y, hi = y;

	if (!isfinite(y) || y <= 0)
		return;
	if (q && isfinite(q[0]) && q[0] > 0 && q[0] < lo)
		lo = q[0];
	if (q && isfinite(q[1]) && q[1] > hi)
		hi = q[1];
	if (!a->n || lo < a->ylo)
		a->ylo = lo;
	if (!a->n || hi > a->yhi)
		a->yhi = hi;
	if (!a->n || size < a->smin)
		a->smin = size;
	if (!a->n || size > a->smax)
		a->smax = size;
	a->n++;
}

/* Whether costs from lo to hi go on a log axis: they span more than a
   factor of 10 (a reference loop beside vector kernels). */
static int ylog(const struct figaxis *a)
{
	return a->n && a->ylo > 0 && a->yhi > 10 * a->ylo;
}

/* 1, 2 and 5 times the powers of ten in [lo, hi] (powers of ten alone
   where those are more than TICS_MAX), as words. */
static void log_tics(double lo, double hi, char *buf, size_t n)
{
	static const double m[3] = { 1, 2, 5 };
	int e, i, only1, k = 0;
	size_t at = 0;

	buf[0] = '\0';
	for (only1 = 0; only1 < 2; only1++) {
		k = 0;
		at = 0;
		for (e = (int)floor(log10(lo)) - 1; e <= (int)ceil(log10(hi)); e++)
			for (i = 0; i < (only1 ? 1 : 3); i++) {
				double v = m[i] * pow(10, e);
				if (v < lo * (1 - 1e-9) || v > hi * (1 + 1e-9))
					continue;
				k++;
				if (at < n)
					at += (size_t)snprintf(buf + at, n - at, "%s%.6g",
							       at ? " " : "", v);
			}
		if (k <= TICS_MAX)
			break;
	}
}

/* The powers of 2 in [lo, hi], every step-th of them so that there are
   at most max, into v; how many. */
static size_t pow2_tics(double lo, double hi, size_t max, double *v)
{
	int e0 = (int)ceil(log2(lo) - 1e-9), e1 = (int)floor(log2(hi) + 1e-9);
	int step = 1, e;
	size_t n = 0;

	while (e1 >= e0 && (size_t)((e1 - e0) / step + 1) > max)
		step++;
	for (e = e0; e <= e1; e += step)
		v[n++] = ldexp(1, e);
	return n;
}

static int cmp_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;

	return (a > b) - (a < b);
}

/* The sizes' axis of a panel: the run's sizes within it, from 3 to
   TICS_MAX of them; more, powers of 2; fewer, those and powers of 2 on
   an axis a doubling wider either side. */
static void size_tics(const struct figaxis *a, const unsigned *sizes,
		      size_t ns, double *lo, double *hi, char *buf, size_t n)
{
	double v[2 * TICS_MAX + 64];
	size_t k = 0, i, at = 0;

	*lo = a->smin / pow(2, 0.25);
	*hi = a->smax * pow(2, 0.25);
	for (i = 0; i < ns && k < TICS_MAX + 1; i++)
		if (sizes[i] >= a->smin && sizes[i] <= a->smax)
			v[k++] = sizes[i];
	if (k > TICS_MAX) {
		k = pow2_tics(a->smin, a->smax, TICS_MAX, v);
	} else if (k < 3) {
		*lo = a->smin / 2.0;
		*hi = a->smax * 2.0;
		k += pow2_tics(*lo, *hi, TICS_MAX - k, v + k);
		qsort(v, k, sizeof(*v), cmp_double);
	}
	buf[0] = '\0';
	for (i = 0; i < k && at < n; i++)
		if (!i || v[i] != v[i - 1])
			at += (size_t)snprintf(buf + at, n - at, "%s%.0f",
					       at ? " " : "", v[i]);
}

static void print_num(const char *name, size_t i, double v)
{
	printf("%s[%zu] = %.6g\n", name, i + 1, v);
}

void figaxes_print(const struct figaxis *a, size_t n,
		   const unsigned *sizes, size_t ns)
{
	const char *arr[] = { "panel_ylog", "panel_ylo", "panel_yhi",
		"panel_yticks", "panel_xlo", "panel_xhi", "panel_xticks" };
	char tics[512];
	double lo, hi;
	size_t i, j;

	for (j = 0; j < sizeof(arr) / sizeof(arr[0]); j++)
		printf("array %s[%zu]\n", arr[j], n ? n : 1);
	for (i = 0; i < n; i++) {
		int lg = ylog(&a[i]);

		printf("panel_ylog[%zu] = %d\n", i + 1, lg);
		print_num("panel_ylo", i, a[i].n ? a[i].ylo : 0);
		print_num("panel_yhi", i, a[i].n ? a[i].yhi : 1);
		tics[0] = '\0';
		if (lg)
			log_tics(a[i].ylo, a[i].yhi, tics, sizeof(tics));
		printf("panel_yticks[%zu] = '%s'\n", i + 1, tics);
		lo = 1;
		hi = 2;
		tics[0] = '\0';
		if (a[i].n)
			size_tics(&a[i], sizes, ns, &lo, &hi, tics, sizeof(tics));
		print_num("panel_xlo", i, lo);
		print_num("panel_xhi", i, hi);
		printf("panel_xticks[%zu] = '%s'\n", i + 1, tics);
	}
}
