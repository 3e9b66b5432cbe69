#line 274 "chapters/A-programs.nw"
/* bench: seconds and GFLOP/s of kernels and experiments. */
#include "toolkit.h"
#include <stdlib.h>
#line 347 "chapters/A-programs.nw"
/* chapter 5 adds its headers here */
#line 354 "chapters/A-programs.nw"
#include "seq2seq.h"
#line 1696 "chapters/A-programs.nw"
#include "transformer.h"
#line 1702 "chapters/A-programs.nw"
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
    
#line 1730 "chapters/A-programs.nw"
size_t n = (size_t)B * T * D;
real *x = xcalloc(4 * n, sizeof(real));
real *y = x + n, *dy = y + n, *dx = dy + n;
init_normal(x, n, 1, &rng);
init_normal(dy, n, 1, &rng);
int len[B], *mask = xcalloc((size_t)B * T * T, sizeof(int));
for (int b = 0; b < B; b++) len[b] = 5 + rng_below(&rng, 4);
attention_mask(mask, len, 0, B, T, T);
#line 1722 "chapters/A-programs.nw"
    
#line 1740 "chapters/A-programs.nw"
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
#line 1723 "chapters/A-programs.nw"
    free(x);
    free(mask);
    mha_cache_free(&c);
    params_free(&p);
}

#line 301 "chapters/A-programs.nw"
typedef float vec16 __attribute__((vector_size(64)));

static double peak_gflops(void)
{
    enum { ACC = 12, REPS = 20000000 };
    vec16 acc[ACC], x = {0}, y = {0};
    for (int i = 0; i < 16; i++) { x[i] = 0.999f; y[i] = 1e-3f; }
    for (int a = 0; a < ACC; a++) acc[a] = y * (float)a;
    double t0 = seconds_now();
    for (long r = 0; r < REPS; r++)
        for (int a = 0; a < ACC; a++) acc[a] = acc[a] * x + y;
    double t = seconds_now() - t0;
    float sink = 0;
    for (int a = 0; a < ACC; a++) sink += acc[a][0];
    if (sink != sink) printf("(impossible)\n");
    return 2.0 * 16 * ACC * (double)REPS / t * 1e-9;
}
#line 321 "chapters/A-programs.nw"
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
    long calls = 0;
    double t0 = seconds_now(), t;
    do { f(C, N, A, K, B, N, M, K, N); calls++; }
    while ((t = seconds_now() - t0) < 0.5);
    double gflops = 2.0 * M * K * N * calls / t * 1e-9;
    printf("%-14s [%d,%d]x[%d,%d]: %8.2f us/call %7.2f GFLOP/s"
           " (%4.1f%% of peak)\n", name, M, K, K, N,
           t / calls * 1e6, gflops, 100 * gflops / peak);
    free(A); free(B); free(C);
}

#line 282 "chapters/A-programs.nw"
int main(int argc, char **argv)
{
    program_name = "bench";
    parse_options(argc, argv, NULL, 0,
                  "time the kernels and the experiments");
    double peak = peak_gflops();
    printf("peak (independent multiply-adds, one core):"
           " %.1f GFLOP/s\n", peak);
    time_matmul("matmul_naive", matmul_naive, peak);
    time_matmul("matmul", matmul, peak);
    
#line 349 "chapters/A-programs.nw"
/* chapter 5 adds its training runs here */
#line 356 "chapters/A-programs.nw"
{
    DataConfig dc = data_config_default();
    TrainConfig tc = train_config_default();
    Dataset train_set, val_set;
    datasets_make(&train_set, &val_set, &dc);
    double three = 0;
    for (int kind = ATTN_NONE; kind <= ATTN_ADDITIVE; kind++) {
        
#line 372 "chapters/A-programs.nw"
ModelConfig mc = model_config_default();
mc.attention = kind;
Model *m = model_create(&mc, tc.batch_size, train_set.L, tc.seed);
uint64_t flops0 = flop_count;
double t0 = seconds_now();
train_model(m, &train_set, &val_set, &tc, NULL, NULL);
double t = seconds_now() - t0;
double gflops = (double)(flop_count - flops0) / t * 1e-9;
printf("train %-9s 16 epochs: %6.2f s %7.2f GFLOP/s (%4.1f%% of"
       " peak)\n", attention_name[kind], t, gflops,
       100 * gflops / peak);
if (kind != ATTN_GENERAL) three += t;
model_free(m);
#line 364 "chapters/A-programs.nw"
    }
    printf("ablation none+dot+additive, 16 epochs each: %.2f s\n",
           three);
    dataset_free(&train_set);
    dataset_free(&val_set);
}
#line 1699 "chapters/A-programs.nw"
time_attention(peak);
#line 293 "chapters/A-programs.nw"
    return 0;
}
