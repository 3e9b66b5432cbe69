#line 274 "chapters/A-programs.nw"
/* bench: seconds and GFLOP/s of kernels and experiments. */
#include "toolkit.h"
#include <stdlib.h>
#line 1501 "chapters/08-using.nw"
#include "beam.h"
#line 1524 "chapters/08-using.nw"
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
        
#line 1551 "chapters/08-using.nw"
double t0 = seconds_now();
for (int start = 0; start < d->n; start += B) {
    int count = d->n - start < B ? d->n - start : B;
    batch_fill(&batch, d, rows + start, count);
    BeamConfig bc = { k, BEAM_ALPHA };
    if (k == 0) greedy_decode(m, &batch, batch.T - 1, out, NULL);
    else beam_decode(m, &batch, &bc, batch.T - 1, out, NULL, NULL);
}
rate[pass] = d->n / (seconds_now() - t0);
#line 1541 "chapters/08-using.nw"
    }
    qsort(rate, PASSES, sizeof *rate, by_rate);
    printf("decode %-13s %7.0f sentences/s (range %.0f to %.0f)\n",
           k ? (k == 1 ? "beam 1" : "beam 4") : "greedy_decode",
           rate[PASSES / 2], rate[0], rate[PASSES - 1]);
    free(out); free(rows);
    batch_free(&batch);
}
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
    
#line 1503 "chapters/08-using.nw"
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
