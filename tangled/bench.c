#line 274 "chapters/A-programs.nw"
/* bench: seconds and GFLOP/s of kernels and experiments. */
#include "toolkit.h"
#include <stdlib.h>
#line 347 "chapters/A-programs.nw"
/* chapter 5 adds its headers here */
#line 354 "chapters/A-programs.nw"
#include "seq2seq.h"

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
#line 293 "chapters/A-programs.nw"
    return 0;
}
