#line 1370 "chapters/A-programs.nw"
/* bench: seconds and GFLOP/s of kernels and experiments. */
#include "toolkit.h"
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#line 1615 "chapters/A-programs.nw"
static void check_below_peak(const char *what, double rate,
                             double peak)
{
    if (rate <= peak) return;
    fprintf(stderr, "bench: %s ran at %.1f GFLOP/s, above the"
            " measured peak of %.1f: the peak measurement is wrong\n",
            what, rate, peak);
    exit(1);
}
#line 1445 "chapters/A-programs.nw"
static void median_range(double out[3] /* median, min, max */,
                         const double *x, int n)
{
    double y[64];
    assert(n >= 1 && n <= 64);
    for (int s = 0; s < n; s++) {
        int i = s;
        for (; i > 0 && y[i - 1] > x[s]; i--) y[i] = y[i - 1];
        y[i] = x[s];
    }
    out[0] = n % 2 ? y[n / 2] : (y[n / 2 - 1] + y[n / 2]) / 2;
    out[1] = y[0];
    out[2] = y[n - 1];
}
#line 2502 "chapters/08-using.nw"
#include "beam.h"
#line 2526 "chapters/08-using.nw"
static int by_rate(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void time_decoding(Model *m, const Dataset *d, int k, int B)
{
    enum { PASSES = 7 };
    Batch batch;
    batch_alloc(&batch, B, d->L);
    int *out = xcalloc((size_t)B * d->L, sizeof(int));
    int *rows = xcalloc(d->n, sizeof(int));
    for (int i = 0; i < d->n; i++) rows[i] = i;
    double rate[PASSES];
    for (int pass = 0; pass < PASSES; pass++) {
        
#line 2553 "chapters/08-using.nw"
double t0 = seconds_now();
for (int start = 0; start < d->n; start += B) {
    int count = d->n - start < B ? d->n - start : B;
    batch_fill(&batch, d, rows + start, count);
    BeamConfig bc = { k, BEAM_ALPHA };
    if (k == 0) greedy_decode(m, &batch, batch.T - 1, out, NULL);
    else beam_decode(m, &batch, &bc, batch.T - 1, out, NULL, NULL);
}
rate[pass] = d->n / (seconds_now() - t0);
#line 2543 "chapters/08-using.nw"
    }
    qsort(rate, PASSES, sizeof *rate, by_rate);
    printf("decode %-13s %7.0f sentences/s (range %.0f to %.0f)\n",
           k ? (k == 1 ? "beam 1" : "beam 4") : "greedy_decode",
           rate[PASSES / 2], rate[0], rate[PASSES - 1]);
    free(out); free(rows);
    batch_free(&batch);
}
#line 1158 "chapters/10-captions.nw"
#include "image.h"
#line 1165 "chapters/10-captions.nw"
static int by_seconds(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void time_network(double peak)
{
    enum { ROUNDS = 9, CALLS = 3 };
    static const struct { const char *what; int N, R, backward; }
    shape[3] = {
        { "8 canvases of 96 x 96, forward", 8, 96, 0 },
        { "64 pictures of 32 x 32, forward", 64, 32, 0 },
        { "64 pictures of 32 x 32, forward and backward", 64, 32, 1 },
    };
    ImageNet net;
    net_create(&net, NET_CNN, 4, 32, 1);
    Rng rng;
    rng_seed(&rng, 2);
    for (int k = 0; k < 3; k++) {
        int N = shape[k].N, R = shape[k].R;
        NetRun r;
        net_run_alloc(&r, &net, N, R);
        real *X = xcalloc((size_t)N * R * R, sizeof(real));
        for (int i = 0; i < N * R * R; i++)
            X[i] = (real)rng_uniform(&rng);
        double ms[ROUNDS];
        uint64_t flops = 0;
        for (int round = 0; round < ROUNDS; round++) {
            uint64_t f0 = flop_count;
            double t0 = seconds_now();
            for (int c = 0; c < CALLS; c++) {
                net_forward(&net, &r, X, N);
                if (!shape[k].backward) continue;
                init_normal(r.d_out, (size_t)N * r.G * r.G * net.Da,
                            1, &rng);
                net_backward(&net, &r, N);
            }
            ms[round] = (seconds_now() - t0) / CALLS * 1e3;
            flops = (flop_count - f0) / CALLS;
        }
        qsort(ms, ROUNDS, sizeof ms[0], by_seconds);
        double gflops = flops / ms[ROUNDS / 2] * 1e-6;
        check_below_peak("the network", gflops, peak);
        printf("conv network, %s: %.2f ms, %.1f MFLOP, %.2f GFLOP/s"
               " (%.1f%% of peak)\n", shape[k].what, ms[ROUNDS / 2],
               flops * 1e-6, gflops, 100 * gflops / peak);
        free(X);
        net_run_free(&r);
    }
    net_free(&net);
}
#line 1697 "chapters/A-programs.nw"
/* chapter 5 adds its headers here */
#line 1714 "chapters/A-programs.nw"
#include "families.h"
enum { RUNS = 3 };
#line 1785 "chapters/A-programs.nw"
static void report_training(FILE *table, FILE *models_table,
                            const char *name, const double st[3],
                            uint64_t flops, double peak, int cores)
{
    double gflop = flops * 1e-9, rate = gflop / st[0];
    double bound = gflop / (peak * cores);
    check_below_peak(name, rate, peak * cores);
    printf("train %-12s %5.2f s (%.2f-%.2f) %6.1f GFLOP %6.1f GFLOP/s"
           " %4.1f%% %4.2fx bound\n", name, st[0], st[1], st[2],
           gflop, rate, 100 * rate / (peak * cores), st[0] / bound);
    FILE *to[2] = {table, models_table};
    for (int i = 0; i < 2; i++)
        if (to[i])
            fprintf(to[i], "%s & %.1f (%.1f--%.1f) & %.1f & %.1f"
                    " & %.1f & %.2f \\\\\n", name, 1e3 * st[0],
                    1e3 * st[1], 1e3 * st[2], gflop, rate,
                    100 * rate / (peak * cores), st[0] / bound);
}

static void begin_training_table(FILE *table)
{
    if (table)
        fprintf(table, "\\begin{tabular}{lrrrrr}\n\\toprule\n"
                "run & ms & GFLOP & GFLOP/s & \\%% of peak"
                " & $\\times$ bound \\\\\n\\midrule\n");
}
#line 1817 "chapters/A-programs.nw"
static void write_name_list(FILE *f, const char *const *name,
                            const int *pick, int n)
{
    for (int i = 0, k = 0; i < n; i++) {
        if (!pick[i]) continue;
        int left = 0;
        for (int j = i + 1; j < n; j++) left += pick[j];
        fprintf(f, "%s\\texttt{%s}", k == 0 ? "" : left ? ", "
                : " and ", name[i]);
        k++;
    }
}

static void write_speed_words(FILE *f, const char *const *name,
                              double (*st)[3], int n)
{
    enum { SLOWER, FASTER, OVERLAP };
    int t = -1, rel[64] = {0}, count[3] = {0, 0, 0};
    for (int i = 0; i < n; i++)
        if (strcmp(name[i], "transformer") == 0) t = i;
    assert(t >= 0 && n <= 64);
    for (int i = 0; i < n; i++) {
        if (i == t) continue;
        rel[i] = st[t][1] > st[i][2] ? SLOWER
                 : st[t][2] < st[i][1] ? FASTER : OVERLAP;
        count[rel[i]]++;
    }
    
#line 1849 "chapters/A-programs.nw"
int pick[64], clear = count[SLOWER] + count[FASTER];
fprintf(f, "In this run the Transformer's training");
for (int r = SLOWER; r <= FASTER; r++) {
    if (!count[r]) continue;
    for (int i = 0; i < n; i++) pick[i] = i != t && rel[i] == r;
    fprintf(f, " %s than that of ", r == SLOWER ? "takes longer"
            : count[SLOWER] ? "and less" : "takes less time");
    write_name_list(f, name, pick, n);
}
if (clear)
    fprintf(f, ", with a range of times clear of %s",
            clear > 1 ? "theirs" : "that one's");
if (count[OVERLAP]) {
    int many = count[OVERLAP] > 1;
    for (int i = 0; i < n; i++) pick[i] = i != t && rel[i] == OVERLAP;
    fprintf(f, "%s overlaps th%s of ", clear ? "; its range of times"
            : " has a range of times that", many ? "ose" : "at");
    write_name_list(f, name, pick, n);
    fprintf(f, ", which the table therefore does not rank"
            " against it");
}
fprintf(f, ".%%\n");
#line 1845 "chapters/A-programs.nw"
}
#line 1876 "chapters/A-programs.nw"
typedef struct {
    const Dataset *train_set, *val_set;
    TrainConfig tc;
} BenchRuns;

static void bench_train(int index, void *ctx)
{
    static const int kinds[3] = {ATTN_ADDITIVE, ATTN_DOT, ATTN_NONE};
    const BenchRuns *br = ctx;
    ModelConfig mc = model_config_default();
    kind_config(&mc, kinds[index]);
    Model *m = model_create(&mc, br->tc.batch_size, br->train_set->L,
                            br->tc.seed);
    train_model(m, br->train_set, br->val_set, &br->tc, NULL, NULL);
    model_free(m);
}
#line 4734 "chapters/A-programs.nw"
#include "transformer.h"
#line 4740 "chapters/A-programs.nw"
static void time_attention(double peak)
{
    enum { B = 64, T = 8, D = 64, NH = 4, CALLS = 20, REPEATS = 15 };
    Params p;
    MultiHead mh;
    MhaCache c;
    Rng rng;
    params_init(&p);
    mha_declare(&mh, &p, "att", D, NH, D / NH);
    params_alloc(&p);
    rng_seed(&rng, 1);
    mha_init(&mh, &p, &rng);
    mha_cache_alloc(&c, &mh, B, T, T);
    
#line 4763 "chapters/A-programs.nw"
size_t n = (size_t)B * T * D;
real *x = xcalloc(4 * n, sizeof(real));
real *y = x + n, *dy = y + n, *dx = dy + n;
init_normal(x, n, 1, &rng);
init_normal(dy, n, 1, &rng);
int len[B], *mask = xcalloc((size_t)B * T * T, sizeof(int));
for (int b = 0; b < B; b++) len[b] = 5 + rng_below(&rng, 4);
attention_mask(mask, len, 0, B, T, T);
#line 4754 "chapters/A-programs.nw"
    
#line 4773 "chapters/A-programs.nw"
double us[REPEATS];
uint64_t flops = 0;
for (int r = 0; r < REPEATS; r++) {
    uint64_t f0 = flop_count;
    double t0 = seconds_now();
    for (int k = 0; k < CALLS; k++) {
        mha_forward(y, &c, &mh, &p, x, x, mask, B, T, T);
        mha_backward(dx, dx, &p, &c, &mh, dy, x, x, mask, B, T, T);
    }
    us[r] = (seconds_now() - t0) / CALLS * 1e6;
    flops = (flop_count - f0) / CALLS;
}
double st[3];           /* median, fastest, slowest */
median_range(st, us, REPEATS);
double gflops = flops / st[0] * 1e-3;
check_below_peak("multi-head attention", gflops, peak);
printf("mha fwd+bwd B=%d T=%d D=%d NH=%d: %8.1f us/call %7.2f GFLOP/s"
       " (%4.1f%% of peak)\n", B, T, D, NH, st[0], gflops,
       100 * gflops / peak);
printf("    (median of %d rounds of %d calls; fastest %.1f, slowest"
       " %.1f us/call)\n", REPEATS, CALLS, st[1], st[2]);
#line 4755 "chapters/A-programs.nw"
    
#line 4805 "chapters/A-programs.nw"
double head_us[REPEATS], soft_us[REPEATS];
uint64_t head_flops = 0;
for (int r = 0; r < REPEATS; r++) {
    uint64_t f0 = flop_count;
    double t0 = seconds_now();
    for (int k = 0; k < CALLS; k++) {
        sdpa_forward(c.heads, c.weights, c.q, c.k, c.v, mask,
                     mh.scale, B, NH, T, T, mh.dk, mh.dk);
        sdpa_backward(c.d_q, c.d_k, c.d_v, c.d_heads, c.weights, c.q,
                      c.k, c.v, mask, mh.scale, B, NH, T, T, mh.dk,
                      mh.dk);
    }
    head_us[r] = (seconds_now() - t0) / CALLS * 1e6;
    head_flops = (flop_count - f0) / CALLS;
    t0 = seconds_now();
    for (int k = 0; k < CALLS; k++)
        for (int h = 0; h < B * NH; h++)
            scaled_softmax_rows(c.weights + (size_t)h * T * T,
                                mask + (size_t)(h / NH) * T * T,
                                mh.scale, T, T);
    soft_us[r] = (seconds_now() - t0) / CALLS * 1e6;
}
double hs[3], ss[3];
median_range(hs, head_us, REPEATS);
median_range(ss, soft_us, REPEATS);
double all = st[0], heads = hs[0], soft = ss[0];
double head_gflops = head_flops / heads * 1e-3;
check_below_peak("the heads alone", head_gflops, peak);
printf("mha, the heads alone (sdpa):   %8.1f us/call %7.2f GFLOP/s"
       " (%4.1f%% of peak)\n", heads, head_gflops,
       100 * head_gflops / peak);
printf("    (medians again; %.1f%% of the mha time, %.1f%% of its"
       " FLOP)\n", 100 * heads / all, 100.0 * head_flops / flops);
printf("mha, their softmax, forward:   %8.1f us/call"
       " (%.1f%% of the mha time, %.1f%% of the heads')\n", soft,
       100 * soft / all, 100 * soft / heads);
#line 4756 "chapters/A-programs.nw"
    free(x);
    free(mask);
    mha_cache_free(&c);
    params_free(&p);
}
#line 5763 "chapters/A-programs.nw"
#include "han.h"

#line 1379 "chapters/A-programs.nw"
enum { REPEATS = 5 };
#line 1490 "chapters/A-programs.nw"
typedef float vfloat __attribute__((vector_size(VEC_BYTES)));
enum { PEAK_SUMS = VEC_REGS - 4, PEAK_LANES = VEC_BYTES / 4,
       REPS = 1000000000 / (PEAK_LANES * PEAK_SUMS) };
#define PEAK_LOOP_BODY                                          \
    vfloat acc[PEAK_SUMS], x, y;                                \
    for (int i = 0; i < PEAK_LANES; i++) {                      \
        x[i] = 0.999f;                                          \
        y[i] = 1e-3f;                                           \
    }                                                           \
    for (int a = 0; a < PEAK_SUMS; a++) acc[a] = y * (float)a;  \
    double t0 = thread_seconds_now();                           \
    for (long r = 0; r < REPS; r++)                             \
        _Pragma("GCC unroll 32")                                \
        for (int a = 0; a < PEAK_SUMS; a++)                     \
            acc[a] = acc[a] * x + y;                            \
    double t = thread_seconds_now() - t0;                       \
    float sink = 0;                                             \
    for (int a = 0; a < PEAK_SUMS; a++) sink += acc[a][0];      \
    if (sink != sink) printf("(impossible)\n");                 \
    return 2.0 * PEAK_LANES * PEAK_SUMS * (double)REPS / t * 1e-9;

static double FUSED peak_fused(void)
{
    CONTRACT_FAST PEAK_LOOP_BODY
}
static double UNFUSED peak_unfused(void)
{
    CONTRACT_OFF PEAK_LOOP_BODY
}
#line 1527 "chapters/A-programs.nw"
static double clock_ghz(void)
{
    enum { CHAIN = 100000000 };
    unsigned long sum = 1;
    double t0 = thread_seconds_now();
    for (long i = 0; i < CHAIN; i += 8)
        for (int j = 0; j < 8; j++) {
            sum += (unsigned long)i;
            __asm__ volatile("" : "+r"(sum));
        }
    double t = thread_seconds_now() - t0;
    if (sum == 0) printf("(impossible)\n");
    return CHAIN / t * 1e-9;
}
#line 1547 "chapters/A-programs.nw"
static double FUSED fma_chain_ns(void)
{
    CONTRACT_FAST
    enum { CHAIN = 20000000 };
    vfloat acc, x, y;
    for (int i = 0; i < PEAK_LANES; i++) {
        acc[i] = 0;
        x[i] = 0.999f;
        y[i] = 1e-3f;
    }
    double t0 = thread_seconds_now();
    for (long i = 0; i < CHAIN; i++) acc = acc * x + y;
    double t = thread_seconds_now() - t0;
    if (acc[0] != acc[0]) printf("(impossible)\n");
    return t / CHAIN * 1e9;
}
#line 1565 "chapters/A-programs.nw"
static double report_peaks(void)
{
    enum { ROUNDS = 9 };
    double fused[ROUNDS], unfused[ROUNDS], ghz[ROUNDS], lat[ROUNDS];
    double f[3], u[3], g[3], l[3];
    for (int r = 0; r < ROUNDS; r++) {
        fused[r] = peak_fused();
        unfused[r] = peak_unfused();
        ghz[r] = clock_ghz();
        lat[r] = fma_chain_ns() * ghz[r];   /* cycles */
    }
    median_range(f, fused, ROUNDS);
    median_range(u, unfused, ROUNDS);
    median_range(g, ghz, ROUNDS);
    median_range(l, lat, ROUNDS);
    
#line 1597 "chapters/A-programs.nw"
double per_cycle = f[2] / g[2];
printf("vector registers: %s, %d bytes, %d of them\n", VEC_TARGET,
       VEC_BYTES, VEC_REGS);
printf("best of %d rounds (median, lowest):\n", ROUNDS);
printf("peak, fused multiply-add:   %6.1f GFLOP/s (%.1f, %.1f)\n"
       "peak, unfused multiply-add: %6.1f GFLOP/s (%.1f, %.1f)\n",
       f[2], f[0], f[1], u[2], u[0], u[1]);
printf("clock, a chain of dependent additions: %.2f GHz"
       " (%.2f, %.2f)\n", g[2], g[0], g[1]);
printf("latency, a chain of multiply-adds: %.1f cycles"
       " (median; lowest %.1f, highest %.1f)\n", l[0], l[1], l[2]);
printf("fused: %.1f FLOP a cycle = 2 x %d lanes x %.1f units\n",
       per_cycle, PEAK_LANES, per_cycle / (2.0 * PEAK_LANES));
#line 1581 "chapters/A-programs.nw"
    return f[2];
}
#line 1634 "chapters/A-programs.nw"
typedef void (*KernelFn)(void *ctx);

static void time_kernel(double us[3] /* median, min, max */,
                        KernelFn f, void *ctx)
{
    double x[REPEATS];
    f(ctx);                             /* warm the caches */
    for (int r = 0; r < REPEATS; r++) {
        long calls = 0, run = 1;
        double t0 = thread_seconds_now(), t;
        do {
            for (long c = 0; c < run; c++) f(ctx);
            calls += run;
            run *= 2;
        } while ((t = thread_seconds_now() - t0) < 0.02);
        x[r] = t / calls * 1e6;
    }
    median_range(us, x, REPEATS);
}
#line 1658 "chapters/A-programs.nw"
typedef void (*MatmulFn)(real *, int, const real *, int,
                         const real *, int, int, int, int);
typedef struct {
    MatmulFn f;
    real *C, *A, *B;            /* [M, N], [M, K], [K, N] */
    int M, K, N, pieces;
} ProductCase;

static void run_product(void *ctx)
{
    const ProductCase *pc = ctx;
    int rows = pc->M / pc->pieces, K = pc->K, N = pc->N;
    for (int p = 0; p < pc->pieces; p++)
        pc->f(pc->C + (size_t)p * rows * N, N,
              pc->A + (size_t)p * rows * K, K, pc->B, N, rows, K, N);
}
#line 1676 "chapters/A-programs.nw"
static void time_matmul(const char *name, MatmulFn f, double peak)
{
    enum { M = 64, K = 128, N = 256 };
    ProductCase pc = { f, xcalloc(M * N, sizeof(real)),
                       xcalloc(M * K, sizeof(real)),
                       xcalloc(K * N, sizeof(real)), M, K, N, 1 };
    Rng rng;
    rng_seed(&rng, 1);
    init_normal(pc.A, M * K, 1, &rng);
    init_normal(pc.B, K * N, 1, &rng);
    double st[3];
    time_kernel(st, run_product, &pc);
    double gflops = 2.0 * M * K * N / (st[0] * 1e-6) * 1e-9;
    check_below_peak(name, gflops, peak);
    printf("%-12s [%d,%d]x[%d,%d] %7.1f us (%.1f-%.1f) %6.2f"
           " GFLOP/s %4.1f%%\n", name, M, K, K, N, st[0], st[1],
           st[2], gflops, 100 * gflops / peak);
    free(pc.C); free(pc.A); free(pc.B);
}
#line 2836 "chapters/B-fast.nw"
static void step_row(FILE *f, double peak, const char *step,
                     const char *kernel, KernelFn fn, void *ctx,
                     double flop)
{
    double us[3];
    time_kernel(us, fn, ctx);
    double rate = flop / us[0] * 1e-3;
    if (flop) check_below_peak(kernel, rate, peak);
    printf("step %-20s %-22s %8.2f us (%.2f-%.2f)", step, kernel,
           us[0], us[1], us[2]);
    if (flop) printf(" %6.1f GFLOP/s", rate);
    printf("\n");
    if (!f) return;
    if (*step) fprintf(f, "\\addlinespace\n");
    fprintf(f, "%s & \\verb|%s| & %.2f (%.2f--%.2f) & ", step, kernel,
            us[0], us[1], us[2]);
    if (flop) fprintf(f, "%.1f \\\\\n", rate);
    else fprintf(f, "-- \\\\\n");
}
#line 2858 "chapters/B-fast.nw"
typedef struct {
    real *C, *A, *P;            /* [M, N], [M, K], packed [K, N] */
    int M, K, N;
} PackedCase;

static void run_packed(void *ctx)
{
    const PackedCase *pc = ctx;
    matmul_packed(pc->C, pc->N, pc->A, pc->K, pc->P, pc->M, pc->K,
                  pc->N);
}
#line 2871 "chapters/B-fast.nw"
typedef void (*BackwardFn)(real *, int, real *, int, const real *,
                           int, const real *, int, const real *, int,
                           int, int, int);
typedef struct {
    BackwardFn f;
    real *dA, *dB, *dC, *A, *B;
    int M, K, N;
} BackwardCase;

static void run_backward(void *ctx)
{
    const BackwardCase *bc = ctx;
    int M = bc->M, K = bc->K, N = bc->N;
    bc->f(bc->dA, K, bc->dB, N, bc->dC, N, bc->A, K, bc->B, N,
          M, K, N);
}
#line 2892 "chapters/B-fast.nw"
enum { EXP_COUNT = 4096 };
typedef struct { float x[EXP_COUNT], y[EXP_COUNT]; } ExpCase;

static void run_expf(void *ctx)
{
    ExpCase *e = ctx;
    for (int i = 0; i < EXP_COUNT; i++) e->y[i] = expf(e->x[i]);
}

static void run_exp_fast(void *ctx)
{
    ExpCase *e = ctx;
    for (int i = 0; i < EXP_COUNT; i++) e->y[i] = exp_fast(e->x[i]);
}
#line 2910 "chapters/B-fast.nw"
enum { DOT_SUMS = 64, DOT_N = 64 };
typedef struct {
    real x[DOT_SUMS][DOT_N], y[DOT_N], e[DOT_SUMS];
} DotCase;

static void run_plain_sums(void *ctx)
{
    DotCase *d = ctx;
    for (int i = 0; i < DOT_SUMS; i++) {
        real e = 0;
        for (int k = 0; k < DOT_N; k++) e += d->x[i][k] * d->y[k];
        d->e[i] = e;
    }
}

static void run_dot_product(void *ctx)
{
    DotCase *d = ctx;
    for (int i = 0; i < DOT_SUMS; i++)
        d->e[i] = dot_product(d->x[i], d->y, DOT_N);
}
#line 2935 "chapters/B-fast.nw"
static void run_clock_read(void *ctx)
{
    (void)ctx;
    volatile double now = thread_seconds_now();
    (void)now;
}
#line 3012 "chapters/B-fast.nw"
static void time_tile(const char *path)
{
    enum { M = 64, K = 64, G = 256 };
    real *A = xcalloc((size_t)M * K, sizeof(real));
    real *W = xcalloc((size_t)K * G, sizeof(real));
    real *C = xcalloc((size_t)M * G, sizeof(real));
    init_normal(A, (size_t)M * K, 1, &(Rng){1});
    init_normal(W, (size_t)K * G, 1, &(Rng){2});
    
#line 3044 "chapters/B-fast.nw"
memset(C, 0, sizeof(real) * M * G);
matmul(C, G, A, K, W, G, M, K, G);
for (int i = 0; i < M; i++)
    for (int j = 0; j < G; j++) {
        double exact = 0, size = 0;
        for (int k = 0; k < K; k++) {
            double p = (double)A[i * K + k] * W[k * G + j];
            exact += p;
            size += fabs(p);
        }
        if (fabs(C[i * G + j] - exact) > K * FLT_EPSILON * size)
            die("the %d x %d tile's product is wrong at [%d, %d]",
                TILE_ROWS, TILE_VECS, i, j);
    }
#line 3021 "chapters/B-fast.nw"
    ProductCase step = { matmul, C, A, W, M, K, G, 1 };
    double us[2][3], flop = 2.0 * M * K * G;
    time_kernel(us[0], run_product, &step);
    step.M = 8;
    time_kernel(us[1], run_product, &step);
    FILE *f = out_open(path);
    int chosen = (int)TILE_ROWS == (int)CHOSEN_ROWS
                 && (int)TILE_VECS == (int)CHOSEN_VECS;
    fprintf(f, "$%d \\times %d$%s & %d & %d of %d", TILE_ROWS,
            TILE_VECS, chosen ? " (chosen)" : "",
            TILE_ROWS * TILE_VECS, TILE_ROWS * TILE_VECS + TILE_VECS
            + 1, VEC_REGS);
    for (int m = 0; m < 2; m++) {
        double mflop = (m ? 8.0 / M : 1) * flop * 1e-3;
        fprintf(f, " & %.1f (%.1f--%.1f)", mflop / us[m][0],
                mflop / us[m][2], mflop / us[m][1]);
    }
    fprintf(f, " \\\\\n");
    out_close(f);
    free(A); free(W); free(C);
}

#line 1385 "chapters/A-programs.nw"
int main(int argc, char **argv)
{
    program_name = "bench";
    
#line 1410 "chapters/A-programs.nw"
char *roofline = NULL, *steps = NULL, *models = NULL;
char *models_words = NULL, *tile_row = NULL;
int epochs = train_config_default().epochs;
Option options[] = {
    {"--tile-row", OPT_TEXT, &tile_row, 0, 0,
     "file for one row of the tile study: this build's tile, alone"},
    {"--roofline", OPT_TEXT, &roofline, 0, 0,
     "file for the table of training against the bound"},
    {"--steps", OPT_TEXT, &steps, 0, 0,
     "file for the table of the kernels, step by step"},
    {"--models", OPT_TEXT, &models, 0, 0,
     "file for the table of each model's training alone"},
    {"--models-words", OPT_TEXT, &models_words, 0, 0,
     "file for a sentence: the Transformer's time against others'"},
    {"--epochs", OPT_INT, &epochs, 1, 1e4,
     "epochs of each timed training run"},
};
parse_options(argc, argv, options, sizeof options / sizeof *options,
              "time the kernels and the experiments");
if (tile_row) {
    if (roofline || steps || models || models_words)
        refuse("--tile-row times the tile alone: give it without"
               " the other files");
    out_plan("--tile-row", tile_row);
    time_tile(tile_row);
    return 0;
}
if (roofline) out_plan("--roofline", roofline);
if (steps) out_plan("--steps", steps);
if (models) out_plan("--models", models);
if (models_words) out_plan("--models-words", models_words);
#line 1389 "chapters/A-programs.nw"
    printf("medians (min-max) of %d repeats, of %d for training"
           " (%d epochs); one core unless said; %% of the fused"
           " peak\n", REPEATS, RUNS, epochs);
    double peak = report_peaks();
    time_matmul("matmul_naive", matmul_naive, peak);
    time_matmul("matmul", matmul, peak);
    
#line 2504 "chapters/08-using.nw"
{
    DataConfig dc = data_config_default();
    TrainConfig tc = train_config_default();
    tc.epochs = epochs;
    Dataset train_set, val_set;
    datasets_make(&train_set, &val_set, &dc);
    ModelConfig mc = model_config_default();
    mc.attention = ATTN_DOT;
    Model *m = model_create(&mc, 4 * tc.batch_size, train_set.L,
                            tc.seed);
    train_model(m, &train_set, &val_set, &tc, NULL, NULL);
    for (int k = 0; k <= 4; k = k ? k * 4 : 1)
        time_decoding(m, &val_set, k, tc.batch_size);
    model_free(m);
    dataset_free(&train_set);
    dataset_free(&val_set);
}
#line 1161 "chapters/10-captions.nw"
time_network(peak);
#line 1699 "chapters/A-programs.nw"
/* chapter 5 adds its training runs here */
#line 1719 "chapters/A-programs.nw"
{
    DataConfig dc = data_config_default();
    TrainConfig tc = train_config_default();
    tc.epochs = epochs;
    Dataset train_set, val_set;
    datasets_make(&train_set, &val_set, &dc);
    FILE *table = roofline ? out_open(roofline) : NULL;
    FILE *models_table = models ? out_open(models) : NULL;
    begin_training_table(table);
    begin_training_table(models_table);
    double one_thread[3] = {0, 0, 0};   /* sums: median, min, max */
    enum { MAX_ROWS = 32 };
    const char *row_name[MAX_ROWS];
    double row_st[MAX_ROWS][3];     /* each model: median, min, max */
    int rows = 0;
    uint64_t ablation_flops = 0;
    for (int kind = ATTN_NONE; kind_name(kind); kind++) {
        
#line 1752 "chapters/A-programs.nw"
ModelConfig mc = model_config_default();
kind_config(&mc, kind);
if (!mc.family->start) continue;    /* chapter 11: no decoder */
double sec[RUNS], st[3];
uint64_t flops = 0;
for (int r = 0; r < RUNS; r++) {
    Model *m = model_create(&mc, tc.batch_size, train_set.L, tc.seed);
    uint64_t f0 = flop_count;
    double t0 = thread_seconds_now();
    train_model(m, &train_set, &val_set, &tc, NULL, NULL);
    sec[r] = thread_seconds_now() - t0;
    flops = flop_count - f0;
    model_free(m);
}
median_range(st, sec, RUNS);
report_training(table, models_table, kind_name(kind), st, flops,
                peak, 1);
assert(rows < MAX_ROWS);
row_name[rows] = kind_name(kind);
for (int i = 0; i < 3; i++) row_st[rows][i] = st[i];
rows++;
if (kind == ATTN_NONE || kind == ATTN_DOT || kind == ATTN_ADDITIVE) {
    for (int i = 0; i < 3; i++) one_thread[i] += st[i];
    ablation_flops += flops;
}
#line 1737 "chapters/A-programs.nw"
    }
    
#line 1894 "chapters/A-programs.nw"
BenchRuns br = { &train_set, &val_set, tc };
double wall[RUNS], two[3];
for (int r = 0; r < RUNS; r++) {
    double t0 = seconds_now();
    run_parallel(bench_train, &br, 3, 2);
    wall[r] = seconds_now() - t0;
}
median_range(two, wall, RUNS);
if (table) fprintf(table, "\\addlinespace\n");
report_training(table, NULL, "ablation x1", one_thread,
                ablation_flops, peak, 1);
report_training(table, NULL, "ablation x2", two, ablation_flops,
                peak, 2);
#line 1912 "chapters/A-programs.nw"
if (table)
    fprintf(table, "\\bottomrule\n\\multicolumn{6}{l}{\\footnotesize"
            " medians of %d runs of %d epochs;} \\\\\n"
            "\\multicolumn{6}{l}{\\footnotesize ablation x1: sums of"
            " the three rows' medians, minima and maxima}\n"
            "\\end{tabular}\n", RUNS, tc.epochs);
#line 1739 "chapters/A-programs.nw"
    
#line 1921 "chapters/A-programs.nw"
if (models_table)
    fprintf(models_table, "\\bottomrule\n\\multicolumn{6}{l}"
            "{\\footnotesize medians of %d runs of %d epochs; peak:"
            " %.1f GFLOP/s (fused multiply-add, one core)}\n"
            "\\end{tabular}\n", RUNS, tc.epochs, peak);
#line 1740 "chapters/A-programs.nw"
    if (table) out_close(table);
    if (models_table) out_close(models_table);
    if (models_words) {
        FILE *f = out_open(models_words);
        write_speed_words(f, row_name, row_st, rows);
        out_close(f);
    }
    dataset_free(&train_set);
    dataset_free(&val_set);
}
#line 4737 "chapters/A-programs.nw"
time_attention(peak);
#line 5765 "chapters/A-programs.nw"
{
    DataConfig dc = data_config_default();
    dc.task = &documents_task;
    dc.min_words = 2; dc.max_words = 6;   /* sentences: han-study */
    dc.n_train = 1000; dc.n_val = 500;
    TrainConfig tc = train_config_default();
    tc.epochs = epochs;
    Dataset train_set, val_set;
    datasets_make(&train_set, &val_set, &dc);
    ModelConfig mc = han_config_default();
    
#line 5781 "chapters/A-programs.nw"
double sec[RUNS], st[3];
uint64_t flops = 0;
for (int r = 0; r < RUNS; r++) {
    Model *m = model_create(&mc, tc.batch_size, train_set.L, tc.seed);
    uint64_t f0 = flop_count;
    double t0 = thread_seconds_now();
    train_model(m, &train_set, NULL, &tc, NULL, NULL);
    sec[r] = thread_seconds_now() - t0;
    flops = flop_count - f0;
    model_free(m);
}
median_range(st, sec, RUNS);
report_training(NULL, NULL, "han", st, flops, peak, 1);
#line 5776 "chapters/A-programs.nw"
    dataset_free(&train_set);
    dataset_free(&val_set);
}
#line 2948 "chapters/B-fast.nw"
{
    FILE *f = steps ? out_open(steps) : NULL;
    if (f) fprintf(f, "\\begin{tabular}{llrr}\n\\toprule\n"
                   "step & kernel & $\\mu$s & GFLOP/s \\\\\n"
                   "\\midrule\n");
    
#line 2963 "chapters/B-fast.nw"
enum { M = 448, K = 64, G = 256, V = 21 };
real *A = xcalloc((size_t)M * K, sizeof(real));
real *W = xcalloc((size_t)K * G, sizeof(real));
real *C = xcalloc((size_t)M * G, sizeof(real));
init_normal(A, (size_t)M * K, 1, &(Rng){1});
init_normal(W, (size_t)K * G, 1, &(Rng){2});
ProductCase lstm = { matmul_naive, C, A, W, 64, K, G, 1 };
ProductCase out = { matmul_naive, C, A, W, M, K, V, 64 };
double lstm_flop = 2.0 * 64 * K * G, out_flop = 2.0 * M * K * V;
step_row(f, peak, "LSTM step", "matmul_naive", run_product, &lstm,
         lstm_flop);
lstm.f = matmul;
step_row(f, peak, "", "matmul", run_product, &lstm, lstm_flop);
#line 2989 "chapters/B-fast.nw"
real *P = xcalloc(matmul_packed_size(K, G), sizeof(real));
matmul_pack(P, W, G, K, G);
PackedCase packed = { C, A, P, 64, K, G };
step_row(f, peak, "", "matmul_packed", run_packed, &packed,
         lstm_flop);
lstm.M = packed.M = 8;
step_row(f, peak, "LSTM step, 8 rows", "matmul", run_product, &lstm,
         lstm_flop / 8);
step_row(f, peak, "", "matmul_packed", run_packed, &packed,
         lstm_flop / 8);
free(P);
#line 2977 "chapters/B-fast.nw"
step_row(f, peak, "output, by sentence", "matmul_naive", run_product,
         &out, out_flop);
out.f = matmul;
step_row(f, peak, "", "matmul", run_product, &out, out_flop);
out.pieces = 1;
step_row(f, peak, "output, batched", "matmul", run_product, &out,
         out_flop);
#line 2954 "chapters/B-fast.nw"
    
#line 3060 "chapters/B-fast.nw"
real *dW = xcalloc((size_t)K * V, sizeof(real));
BackwardCase bw = { matmul_backward_naive, C, dW, A, A, W, M, K, V };
step_row(f, peak, "output, backward", "matmul_backward_naive",
         run_backward, &bw, 2 * out_flop);
bw.f = matmul_backward;
step_row(f, peak, "", "matmul_backward", run_backward, &bw,
         2 * out_flop);
ExpCase *e = xcalloc(1, sizeof *e);
for (int i = 0; i < EXP_COUNT; i++)
    e->x[i] = -10 + 20.0f * i / EXP_COUNT;
step_row(f, peak, "exp of 4096", "expf", run_expf, e, 0);
step_row(f, peak, "", "exp_fast", run_exp_fast, e, 0);
DotCase *d = xcalloc(1, sizeof *d);
init_normal((real *)d->x, DOT_SUMS * DOT_N, 1, &(Rng){3});
init_normal(d->y, DOT_N, 1, &(Rng){4});
step_row(f, peak, "64 sums of 64", "plain sum", run_plain_sums, d,
         0);
step_row(f, peak, "", "dot_product", run_dot_product, d, 0);
step_row(f, peak, "a read of the clock", "thread_seconds_now",
         run_clock_read, NULL, 0);
free(A); free(W); free(C); free(dW); free(e); free(d);
#line 2955 "chapters/B-fast.nw"
    if (f) {
        fprintf(f, "\\bottomrule\n\\multicolumn{4}{l}{\\footnotesize"
                " medians of %d bursts}\n\\end{tabular}\n", REPEATS);
        out_close(f);
    }
}
#line 1396 "chapters/A-programs.nw"
    return 0;
}
