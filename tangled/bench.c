#line 656 "chapters/A-programs.nw"
/* bench: seconds and GFLOP/s of kernels and experiments. */
#include "toolkit.h"
#include <stdlib.h>
#line 1445 "chapters/08-using.nw"
#include "beam.h"
#line 1468 "chapters/08-using.nw"
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
        
#line 1495 "chapters/08-using.nw"
double t0 = seconds_now();
for (int start = 0; start < d->n; start += B) {
    int count = d->n - start < B ? d->n - start : B;
    batch_fill(&batch, d, rows + start, count);
    BeamConfig bc = { k, BEAM_ALPHA };
    if (k == 0) greedy_decode(m, &batch, batch.T - 1, out, NULL);
    else beam_decode(m, &batch, &bc, batch.T - 1, out, NULL, NULL);
}
rate[pass] = d->n / (seconds_now() - t0);
#line 1485 "chapters/08-using.nw"
    }
    qsort(rate, PASSES, sizeof *rate, by_rate);
    printf("decode %-13s %7.0f sentences/s (range %.0f to %.0f)\n",
           k ? (k == 1 ? "beam 1" : "beam 4") : "greedy_decode",
           rate[PASSES / 2], rate[0], rate[PASSES - 1]);
    free(out); free(rows);
    batch_free(&batch);
}
#line 806 "chapters/A-programs.nw"
/* chapter 5 adds its headers here */
#line 816 "chapters/A-programs.nw"
#include "seq2seq.h"
#line 2569 "chapters/A-programs.nw"
#include "transformer.h"
#line 2575 "chapters/A-programs.nw"
static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void time_attention(double peak)
{
    enum { B = 64, T = 8, D = 64, NH = 4, CALLS = 20, REPEATS = 15 };
    Params p;
    MultiHead mh;
    MhaCache c;
    Rng rng;
    params_init(&p);
    mha_declare(&mh, &p, "att", D, NH);
    params_alloc(&p);
    rng_seed(&rng, 1);
    mha_init(&mh, &p, &rng);
    mha_cache_alloc(&c, &mh, B, T, T);
    
#line 2603 "chapters/A-programs.nw"
size_t n = (size_t)B * T * D;
real *x = xcalloc(4 * n, sizeof(real));
real *y = x + n, *dy = y + n, *dx = dy + n;
init_normal(x, n, 1, &rng);
init_normal(dy, n, 1, &rng);
int len[B], *mask = xcalloc((size_t)B * T * T, sizeof(int));
for (int b = 0; b < B; b++) len[b] = 5 + rng_below(&rng, 4);
attention_mask(mask, len, 0, B, T, T);
#line 2595 "chapters/A-programs.nw"
    
#line 2613 "chapters/A-programs.nw"
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
qsort(us, REPEATS, sizeof us[0], compare_doubles);
double gflops = flops / us[REPEATS / 2] * 1e-3;
printf("mha fwd+bwd B=%d T=%d D=%d NH=%d: %8.1f us/call %7.2f GFLOP/s"
       " (%4.1f%% of peak)\n", B, T, D, NH, us[REPEATS / 2], gflops,
       100 * gflops / peak);
printf("    (median of %d rounds of %d calls; fastest %.1f, slowest"
       " %.1f us/call)\n", REPEATS, CALLS, us[0], us[REPEATS - 1]);
#line 2596 "chapters/A-programs.nw"
    free(x);
    free(mask);
    mha_cache_free(&c);
    params_free(&p);
}
#line 3217 "chapters/A-programs.nw"
static void time_transformer(double peak)
{
    enum { RUNS = 3 };
    DataConfig dc = data_config_default();
    TrainConfig tc = train_config_default();
    ModelConfig mc = model_config_default();
    mc.attention = ATTN_TRANSFORMER;
    Dataset train_set, val_set;
    datasets_make(&train_set, &val_set, &dc);
    double sec[RUNS];
    uint64_t flops = 0;
    for (int r = 0; r < RUNS; r++) {
        Model *m = model_create(&mc, tc.batch_size, train_set.L,
                                tc.seed);
        uint64_t f0 = flop_count;
        double t0 = seconds_now();
        train_model(m, &train_set, &val_set, &tc, NULL, NULL);
        sec[r] = seconds_now() - t0;
        flops = flop_count - f0;
        model_free(m);
    }
    
#line 3244 "chapters/A-programs.nw"
qsort(sec, RUNS, sizeof sec[0], compare_doubles);
double gflops = flops / sec[RUNS / 2] * 1e-9;
printf("train transformer 16 epochs: %6.2f s (median of %d; %.2f to"
       " %.2f) %6.2f GFLOP/s (%4.1f%% of peak)\n", sec[RUNS / 2],
       RUNS, sec[0], sec[RUNS - 1], gflops, 100 * gflops / peak);
#line 3239 "chapters/A-programs.nw"
    dataset_free(&train_set);
    dataset_free(&val_set);
}

#line 661 "chapters/A-programs.nw"
enum { REPEATS = 5 };
#line 683 "chapters/A-programs.nw"
static void median_range(double out[3] /* median, min, max */,
                         const double *x, int n)
{
    double y[64];
    for (int s = 0; s < n && s < 64; s++) {
        int i = s;
        for (; i > 0 && y[i - 1] > x[s]; i--) y[i] = y[i - 1];
        y[i] = x[s];
    }
    out[0] = n % 2 ? y[n / 2] : (y[n / 2 - 1] + y[n / 2]) / 2;
    out[1] = y[0];
    out[2] = y[n - 1];
}
#line 709 "chapters/A-programs.nw"
#if defined(__clang__)
#define CONTRACT_FAST _Pragma("clang fp contract(fast)")
#define CONTRACT_OFF _Pragma("clang fp contract(off)")
#define FUSED
#define UNFUSED
#else
#define CONTRACT_FAST
#define CONTRACT_OFF
#define FUSED __attribute__((optimize("fp-contract=fast")))
#define UNFUSED __attribute__((optimize("fp-contract=off")))
#endif
#line 728 "chapters/A-programs.nw"
typedef float vec16 __attribute__((vector_size(64)));
enum { ACC = 12, REPS = 4000000 };
#define PEAK_LOOP_BODY                                          \
    vec16 acc[ACC], x = {0}, y = {0};                           \
    for (int i = 0; i < 16; i++) { x[i] = 0.999f; y[i] = 1e-3f; } \
    for (int a = 0; a < ACC; a++) acc[a] = y * (float)a;        \
    double t0 = seconds_now();                                  \
    for (long r = 0; r < REPS; r++)                             \
        for (int a = 0; a < ACC; a++) acc[a] = acc[a] * x + y;  \
    double t = seconds_now() - t0;                              \
    float sink = 0;                                             \
    for (int a = 0; a < ACC; a++) sink += acc[a][0];            \
    if (sink != sink) printf("(impossible)\n");                 \
    return 2.0 * 16 * ACC * (double)REPS / t * 1e-9;

static double FUSED peak_fused(void)
{
    CONTRACT_FAST PEAK_LOOP_BODY
}
static double UNFUSED peak_unfused(void)
{
    CONTRACT_OFF PEAK_LOOP_BODY
}
#line 753 "chapters/A-programs.nw"
static double report_peaks(void)
{
    double fused[REPEATS], unfused[REPEATS], f[3], u[3];
    for (int r = 0; r < REPEATS; r++) {
        fused[r] = peak_fused();
        unfused[r] = peak_unfused();
    }
    median_range(f, fused, REPEATS);
    median_range(u, unfused, REPEATS);
    printf("peak, fused multiply-add:   %6.1f GFLOP/s (%.1f-%.1f)\n"
           "peak, unfused multiply-add: %6.1f GFLOP/s (%.1f-%.1f)\n",
           f[0], f[1], f[2], u[0], u[1], u[2]);
    return f[0];
}
#line 772 "chapters/A-programs.nw"
typedef void (*MatmulFn)(real *, int, const real *, int,
                         const real *, int, int, int, int);

static void time_matmul(const char *name, MatmulFn f, double peak)
{
    enum { M = 64, K = 128, N = 256 };
    real *A = xcalloc(M * K, sizeof(real));
    real *B = xcalloc(K * N, sizeof(real));
    real *C = xcalloc(M * N, sizeof(real));
    Rng rng;
    rng_seed(&rng, 1);
    init_normal(A, M * K, 1, &rng);
    init_normal(B, K * N, 1, &rng);
    f(C, N, A, K, B, N, M, K, N);
    
#line 791 "chapters/A-programs.nw"
double us[REPEATS], st[3];
for (int r = 0; r < REPEATS; r++) {
    long calls = 0;
    double t0 = seconds_now(), t;
    do { f(C, N, A, K, B, N, M, K, N); calls++; }
    while ((t = seconds_now() - t0) < 0.1);
    us[r] = t / calls * 1e6;
}
median_range(st, us, REPEATS);
double gflops = 2.0 * M * K * N / (st[0] * 1e-6) * 1e-9;
printf("%-12s [%d,%d]x[%d,%d] %7.1f us (%.1f-%.1f) %6.2f GFLOP/s"
       " %4.1f%%\n", name, M, K, K, N, st[0], st[1], st[2], gflops,
       100 * gflops / peak);
#line 787 "chapters/A-programs.nw"
    free(A); free(B); free(C);
}

#line 666 "chapters/A-programs.nw"
int main(int argc, char **argv)
{
    program_name = "bench";
    parse_options(argc, argv, NULL, 0,
                  "time the kernels and the experiments");
    printf("medians (min-max) of %d runs, or of the epochs in"
           " training; one core; %% of the fused peak\n", REPEATS);
    double peak = report_peaks();
    time_matmul("matmul_naive", matmul_naive, peak);
    time_matmul("matmul", matmul, peak);
    
#line 1447 "chapters/08-using.nw"
{
    DataConfig dc = data_config_default();
    TrainConfig tc = train_config_default();
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
#line 808 "chapters/A-programs.nw"
/* chapter 5 adds its training runs here */
#line 818 "chapters/A-programs.nw"
{
    DataConfig dc = data_config_default();
    TrainConfig tc = train_config_default();
    Dataset train_set, val_set;
    datasets_make(&train_set, &val_set, &dc);
    for (int kind = ATTN_NONE; attention_name[kind]; kind++) {
        
#line 831 "chapters/A-programs.nw"
ModelConfig mc = model_config_default();
mc.attention = kind;
Model *m = model_create(&mc, tc.batch_size, train_set.L, tc.seed);
int epochs = tc.epochs;
double sec[64], st[3];
uint64_t flops0 = flop_count;
TrainConfig one = tc;
one.epochs = 1;
for (int e = 0; e < epochs && e < 64; e++) {
    double t0 = seconds_now();
    train_model(m, &train_set, &val_set, &one, NULL, NULL);
    sec[e] = seconds_now() - t0;
}
median_range(st, sec, epochs);
double gflops = (double)(flop_count - flops0) / epochs / st[0] * 1e-9;
printf("train %-8s epoch %5.3f s (%.3f-%.3f) x%d %5.2f s %5.2f"
       " GFLOP/s %4.1f%%\n", attention_name[kind], st[0], st[1],
       st[2], epochs, epochs * st[0], gflops, 100 * gflops / peak);
model_free(m);
#line 825 "chapters/A-programs.nw"
    }
    dataset_free(&train_set);
    dataset_free(&val_set);
}
#line 2572 "chapters/A-programs.nw"
time_attention(peak);
#line 3214 "chapters/A-programs.nw"
time_transformer(peak);
#line 677 "chapters/A-programs.nw"
    return 0;
}
