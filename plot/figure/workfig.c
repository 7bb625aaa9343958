/* The data of the workload figures (csumreport gpvars): idle against
   busy bars with min/max whiskers (load.gp), and the rx ring's policies
   against throughput (rx.gp).  One small CSV per panel, PREFIX-N.csv,
   and the panels' titles. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "figure/workfig.h"
#include "read/query.h"
#include "read/sizes.h"

static FILE *panel_file(const char *prefix, size_t n)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s-%zu.csv", prefix, n);
	f = fopen(path, "w");
	if (!f)
		perror(path);
	return f;
}

/* Panels in one figure, side by side: more are not readable (PANELS_MAX).
   make table has every point. */

/* The next panel's file, its title kept: NULL after a message. */
static FILE *new_panel(const char *prefix, struct panels *p, unsigned size,
		       const char *cache)
{
	char lab[32];
	FILE *f = panel_file(prefix, p->n + 1);

	if (!f)
		return NULL;
	snprintf(p->title[p->n++], sizeof(p->title[0]), "%s, %.40s",
		 size_label(size, lab, sizeof(lab)), cache);
	return f;
}

/* Whether a figure has room for another panel; says so once when not. */
static int room(size_t n, const char *what)
{
	if (n < PANELS_MAX)
		return 1;
	fprintf(stderr, "csumreport: the %s figure shows the first %d panels "
		"(make table has them all)\n", what, PANELS_MAX);
	return 0;
}

static double ns(const struct results *r, double ticks)
{
	return r->tick_hz > 0 ? ticks / r->tick_hz * 1e9 : NAN;
}

int write_load_panels(const struct results *r, const char *prefix,
		      struct panels *p)
{
	const char **kernels, **caches;
	unsigned *sizes;
	size_t nk, nc, ns_, i, j, k;
	char busy[256];
	int rc = 0, full = 0;

	p->n = p->npolicies = 0;
	nk = results_kernels(r, 1, &kernels);
	nc = results_caches(r, &caches);
	ns_ = results_sizes(r, &sizes);
	for (i = 0; i < ns_ && !rc && !full; i++)
		for (j = 0; j < nc && !rc && !full; j++) {
			FILE *f = NULL;

			if (strstr(caches[j], "+busy"))
				continue;
			snprintf(busy, sizeof(busy), "%s+busy", caches[j]);
			for (k = 0; k < nk; k++) {
				const struct row *a = results_find(r, kernels[k], sizes[i],
					r->rows[0].align, caches[j], "none", NULL);
				const struct row *b = results_find(r, kernels[k], sizes[i],
					r->rows[0].align, busy, "none", NULL);
				if (!a || !b)
					continue;
				if (!f && !room(p->n, "load")) {
					full = 1;
					break;
				}
				if (!f) {
					f = new_panel(prefix, p, sizes[i], caches[j]);
					if (!f) {
						rc = -1;
						break;
					}
					fprintf(f, "k,idle_avg,idle_min,idle_max,"
						"busy_avg,busy_min,busy_max\n");
				}
				fprintf(f, "%zu,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f\n",
					k + 1, ns(r, a->ticks_mean),
					ns(r, a->ticks_min), ns(r, a->ticks_max),
					ns(r, b->ticks_mean), ns(r, b->ticks_min),
					ns(r, b->ticks_max));
			}
			if (f && fclose(f))
				rc = -1;
		}
	free(kernels);
	free(caches);
	free(sizes);
	return rc;
}

/* The rx policies the run has, in the order none, current, next (next's
   rx_prefetch_ahead values, next:N, in the order the run has them), into
   pn->policy; how many. */
static size_t rx_policies(const struct results *r, struct panels *pn)
{
	static const char *const pol[3] = { "none", "current", "next" };
	const char **caches, **use = pn->policy;
	size_t nc, i, p, np = 0;

	nc = results_caches(r, &caches);
	for (p = 0; p < 3; p++)
		for (i = 0; i < nc && np < POLICIES_MAX; i++) {
			size_t n = strlen(pol[p]), j;
			const char *x = caches[i] + 5, *end;

			if (strncmp(caches[i], "ring/", 5) || strncmp(x, pol[p], n) ||
			    (x[n] && x[n] != '+' && (p != 2 || x[n] != ':')))
				continue;
			end = strchr(x, '+');
			n = end ? (size_t)(end - x) : strlen(x);
			if (n >= sizeof(pn->policy_name[0]))
				continue;
			for (j = 0; j < np && (strlen(use[j]) != n ||
					       strncmp(use[j], x, n)); j++)
				;
			if (j < np)
				continue;
			memcpy(pn->policy_name[np], x, n);
			pn->policy_name[np][n] = '\0';
			use[np] = pn->policy_name[np];
			np++;
		}
	free(caches);
	return np;
}

int write_rx_panels(const struct results *r, const char *prefix,
		    struct panels *pn)
{
	static const char *const load[2] = { "", "+busy" };
	const char **kernels;
	unsigned *sizes;
	size_t nk, ns_, i, l, k, p, np;
	const char **use = pn->policy;
	char c[64];
	int rc = 0, full = 0;

	pn->n = pn->npolicies = 0;
	/* a figure of one policy is no comparison */
	np = rx_policies(r, pn);
	if (np < 2)
		return 0;
	pn->npolicies = np;
	nk = results_kernels(r, 1, &kernels);
	ns_ = results_sizes(r, &sizes);
	for (l = 0; l < 2 && !rc && !full; l++)
		for (i = 0; i < ns_ && !rc && !full; i++) {
			FILE *f = NULL;

			for (k = 0; k < nk; k++) {
				const struct row *w[POLICIES_MAX];
				size_t have = 0;

				for (p = 0; p < np; p++) {
					snprintf(c, sizeof(c), "ring/%s%s", use[p], load[l]);
					w[p] = results_find(r, kernels[k], sizes[i],
							    r->rows[0].align, c, "none", NULL);
					have += w[p] != NULL;
				}
				if (have < np)
					continue;
				if (!f && !room(pn->n, "rx")) {
					full = 1;
					break;
				}
				if (!f) {
					f = new_panel(prefix, pn, sizes[i],
						      l ? "ring+busy" : "ring");
					if (!f) {
						rc = -1;
						break;
					}
					fprintf(f, "k");
					for (p = 0; p < np; p++)
						fprintf(f, ",%s", use[p]);
					fprintf(f, "\n");
				}
				fprintf(f, "%zu", k + 1);
				for (p = 0; p < np; p++)
					fprintf(f, ",%.4f", w[p]->bytes_per_cycle);
				fprintf(f, "\n");
			}
			if (f && fclose(f))
				rc = -1;
		}
	free(kernels);
	free(sizes);
	return rc;
}
