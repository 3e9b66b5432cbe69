#line 59 "chapters/01-toolkit.nw"
/* toolkit.h: the numerical toolkit of chapter 1. */
#ifndef TOOLKIT_H
#define TOOLKIT_H
#line 110 "chapters/01-toolkit.nw"
#include <float.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#line 681 "chapters/B-fast.nw"
#include <math.h>
#include <string.h>
#line 211 "chapters/B-fast.nw"
#if defined(__AVX512F__)
#define VEC_TARGET "AVX-512"
#define VEC_NATIVE 64           /* bytes in a vector register */
#define VEC_REGS 32             /* vector registers */
#elif defined(__AVX2__) && defined(__FMA__)
#define VEC_TARGET "AVX2 and FMA"
#define VEC_NATIVE 32
#define VEC_REGS 16
#elif defined(__aarch64__) && defined(__ARM_NEON)
#define VEC_TARGET "NEON"
#define VEC_NATIVE 16
#define VEC_REGS 32
#else
#define VEC_TARGET "no vector set of this book's (plain C)"
#define VEC_NATIVE 16
#define VEC_REGS 16
#endif
#ifndef VEC_BYTES       /* a test build may choose another width */
#define VEC_BYTES VEC_NATIVE
#endif
#line 2455 "chapters/B-fast.nw"
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
#define UNROLL _Pragma("GCC unroll 16")
#define INLINED __attribute__((always_inline))
#line 136 "chapters/01-toolkit.nw"
#ifdef REAL_DOUBLE
typedef double real;
#define REAL_MAX DBL_MAX
#define exp_real exp
#else
typedef float real;
#define REAL_MAX FLT_MAX
#define exp_real exp_fast
#endif
#line 685 "chapters/B-fast.nw"
/* e^x in float within EXP_FAST_RTOL (relative) for x in
   [EXP_FAST_MIN, EXP_FAST_MAX]; 0 below, e^EXP_FAST_MAX above;
   NaN for NaN */
#define EXP_FAST_MIN (-87.0f)
#define EXP_FAST_MAX 88.0f
#define EXP_FAST_RTOL 1e-7
static inline float exp_fast(float x)
{
    float y = x >= EXP_FAST_MIN ? (x <= EXP_FAST_MAX ? x
                                                  : EXP_FAST_MAX)
                                : EXP_FAST_MIN;   /* NaN: the min */
    /* y = n ln 2 + r with n whole, |r| <= ln 2 / 2 */
    float n = (y * 1.44269504f + 12582912.0f) - 12582912.0f;
    float r = (y - n * 0.693359375f) + n * 2.12194440e-4f;
    
#line 704 "chapters/B-fast.nw"
float p = 1.9875691500e-4f;
p = fmaf(p, r, 1.3981999507e-3f);
p = fmaf(p, r, 8.3334519073e-3f);
p = fmaf(p, r, 4.1665795894e-2f);
p = fmaf(p, r, 1.6666665459e-1f);
p = fmaf(p, r, 5.0000001201e-1f);
p = fmaf(p * r, r, r) + 1;
#line 700 "chapters/B-fast.nw"
    
#line 712 "chapters/B-fast.nw"
int32_t bits = (int32_t)(n + 127) << 23;
float two_n;
memcpy(&two_n, &bits, sizeof two_n);
return x != x ? x : x < EXP_FAST_MIN ? 0 : p * two_n;
#line 701 "chapters/B-fast.nw"
}
#line 777 "chapters/B-fast.nw"
/* x . y in DOT_LANES partial sums, added in a fixed order */
enum { DOT_LANES = 16 };
_Static_assert(DOT_LANES == 16, "the halving below assumes 16");
static inline real dot_product(const real *x, const real *y, int n)
{
    real lane[DOT_LANES] = {0};
    int k = 0;
    for (; k + DOT_LANES <= n; k += DOT_LANES)
        for (int l = 0; l < DOT_LANES; l++)
            lane[l] += x[k + l] * y[k + l];
    for (int l = 0; k + l < n; l++)     /* the last n % DOT_LANES */
        lane[l] += x[k + l] * y[k + l];
    for (int l = 0; l < 8; l++) lane[l] += lane[l + 8];
    for (int l = 0; l < 4; l++) lane[l] += lane[l + 4];
    for (int l = 0; l < 2; l++) lane[l] += lane[l + 2];
    return lane[0] + lane[1];
}
#line 34 "chapters/A-programs.nw"
enum { EXIT_USAGE = 2 };
_Noreturn void refuse(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));
_Noreturn void die(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));
void *xcalloc(size_t count, size_t size);
extern _Thread_local size_t bytes_allocated;
const char *shown(const char *text);
long parse_long(const char *option, const char *text,
                long min, long max);
double parse_double(const char *option, const char *text,
                    double min, double max);
#line 94 "chapters/A-programs.nw"
extern const char *program_name;
#line 274 "chapters/A-programs.nw"
typedef enum { OPT_INT, OPT_REAL, OPT_TEXT, OPT_FLAG } OptionKind;
typedef struct {
    const char *name;           /* "--epochs" */
    OptionKind kind;
    void *value;                /* int *, double *, char **, int * */
    double min, max;            /* the range of a number */
    const char *help;
} Option;
void parse_options(int argc, char **argv, const Option *opt,
                   int n_opt, const char *summary);
#line 318 "chapters/A-programs.nw"
int option_given(int argc, char **argv, const char *name);
#line 377 "chapters/A-programs.nw"
int split_list(char *buf /* [size] */, size_t size,
               const char *option, const char *list,
               char **item /* [max] */, int max);
#line 423 "chapters/A-programs.nw"
void out_plan(const char *option, const char *path);
char *out_name(const char *prefix, const char *suffix);
FILE *out_open(const char *path);
void out_close(FILE *f);
void out_commit(void);
#line 1051 "chapters/A-programs.nw"
double memory_budget(const char **what);
void memory_check(double bytes, const char *lower);
void progress(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));
#line 230 "chapters/01-toolkit.nw"
typedef struct { uint64_t state; } Rng;
void rng_seed(Rng *rng, uint64_t seed);
uint64_t rng_next(Rng *rng);
double rng_uniform(Rng *rng);
double rng_normal(Rng *rng);
int rng_below(Rng *rng, int n);
void rng_shuffle(Rng *rng, int *a /* [n] */, int n);
#line 305 "chapters/01-toolkit.nw"
enum { TENSOR_NAME_MAX = 32, PARAMS_MAX_TENSORS = 192 };
typedef struct {
    char name[TENSOR_NAME_MAX];
    int rows, cols;
    size_t offset;                  /* into the buffers below */
} Tensor;
typedef struct {
    Tensor tensor[PARAMS_MAX_TENSORS];
    int n_tensors;
    size_t count;                   /* numbers in all tensors */
    real *value, *grad, *m, *v;     /* [count] each */
} Params;
#line 331 "chapters/01-toolkit.nw"
void params_init(Params *p);
int params_add(Params *p, const char *name, int rows, int cols);
void params_alloc(Params *p);
real *param(const Params *p, int id);
real *param_grad(const Params *p, int id);
void params_zero_grad(Params *p);
void params_free(Params *p);
#line 379 "chapters/01-toolkit.nw"
void alloc_parts(real **arrays[], const size_t sizes[], size_t n);
#line 447 "chapters/01-toolkit.nw"
void init_xavier_uniform(real *w /* [K, N] */, int K, int N,
                         Rng *rng);
void init_normal(real *w /* [n] */, size_t n, double std,
                 Rng *rng);
void init_orthogonal(real *w /* [K, N] */, int K, int N,
                     Rng *rng);
#line 526 "chapters/01-toolkit.nw"
void matmul_naive(real *C, int ldc,       /* [M, N] */
                  const real *A, int lda, /* [M, K] */
                  const real *B, int ldb, /* [K, N] */
                  int M, int K, int N);
#line 577 "chapters/01-toolkit.nw"
void transpose(real *T /* [N, M] */, const real *X, int ldx,
               int M, int N);
void matmul_backward_naive(real *dA, int ldda,  /* [M, K] */
                           real *dB, int lddb,  /* [K, N] */
                           const real *dC, int lddc, /* [M, N] */
                           const real *A, int lda,
                           const real *B, int ldb,
                           int M, int K, int N);
#line 618 "chapters/01-toolkit.nw"
void linear_forward(real *Y /* [M, N] */,
                    const real *X /* [M, K] */,
                    const real *W /* [K, N] */,
                    const real *b /* [N] */, int M, int K, int N);
void linear_backward(real *dX, real *dW, real *db, const real *dY,
                     const real *X, const real *W,
                     int M, int K, int N);
#line 245 "chapters/B-fast.nw"
#if VEC_BYTES == 64
enum { CHOSEN_ROWS = 8, CHOSEN_VECS = 2 };
#elif VEC_REGS == 32
enum { CHOSEN_ROWS = 8, CHOSEN_VECS = 3 };
#else
enum { CHOSEN_ROWS = 6, CHOSEN_VECS = 2 };
#endif
#ifdef STUDY_ROWS       /* the study of shapes chooses another */
enum { TILE_ROWS = STUDY_ROWS, TILE_VECS = STUDY_VECS };
#else
enum { TILE_ROWS = CHOSEN_ROWS, TILE_VECS = CHOSEN_VECS };
_Static_assert(VEC_BYTES != VEC_NATIVE || TILE_ROWS * TILE_VECS
               + TILE_VECS + 1 <= VEC_REGS,
               "the tile's registers must fit in the register file");
#endif
typedef real vreal __attribute__((vector_size(VEC_BYTES)));
enum { VEC = VEC_BYTES / sizeof(real), NR = TILE_VECS * VEC };
#line 2408 "chapters/B-fast.nw"
void matmul(real *C, int ldc, const real *A, int lda,
            const real *B, int ldb, int M, int K, int N);
void matmul_tn(real *C /* [M, N] */, int ldc,
               const real *A /* [K, M] */, int lda,
               const real *B /* [K, N] */, int ldb,
               int M, int K, int N);
void matmul_nt(real *C /* [M, N] */, int ldc,
               const real *A /* [M, K] */, int lda,
               const real *B /* [N, K] */, int ldb,
               int M, int K, int N);
#line 2420 "chapters/B-fast.nw"
void matmul_backward(real *dA, int ldda,       /* [M, K] */
                     real *dB, int lddb,       /* [K, N] */
                     const real *dC, int lddc, /* [M, N] */
                     const real *A, int lda,
                     const real *B, int ldb, int M, int K, int N);
#line 2427 "chapters/B-fast.nw"
size_t matmul_packed_size(int K, int N);
void matmul_pack(real *P, const real *B /* [K, N] */, int ldb,
                 int K, int N);
void matmul_pack_t(real *P, const real *B /* [N, K] */, int ldb,
                   int K, int N);
void matmul_packed(real *C /* [M, N] */, int ldc,
                   const real *A /* [M, K] */, int lda,
                   const real *P /* packed [K, N] */,
                   int M, int K, int N);
#line 2440 "chapters/B-fast.nw"
typedef struct {
    const Params *params;
    real *panels[PARAMS_MAX_TENSORS][2];  /* [id][as B^T], or NULL */
    char packed[PARAMS_MAX_TENSORS][2];   /* in this pass */
} WeightPanels;
void weight_panels_init(WeightPanels *wp, const Params *p);
void weight_panels_free(WeightPanels *wp);
void weight_panels_begin(WeightPanels *wp);
void weight_panels_end(void);
#line 671 "chapters/01-toolkit.nw"
void softmax(real *p /* [n] */, const real *z /* [n] */, int n);
#line 705 "chapters/01-toolkit.nw"
static inline real fast_tanh(real x)
{
    return 1 - 2 / (exp_real(2 * x) + 1);
}
#line 748 "chapters/01-toolkit.nw"
double cross_entropy_forward(real *prob /* [N, V] */,
                             const real *logits /* [N, V] */,
                             const int *target /* [N] */,
                             int N, int V, double smoothing,
                             int ignore, int *counted);
void cross_entropy_backward(real *dlogits /* [N, V] */,
                            const real *prob /* [N, V] */,
                            const int *target /* [N] */,
                            int N, int V, double smoothing,
                            int ignore, double scale);
double smoothed_loss_floor(int V, double smoothing);
#line 864 "chapters/01-toolkit.nw"
typedef struct {
    double beta1, beta2, eps;
    long t;                         /* steps taken */
} Adam;
void adam_init(Adam *opt);
void adam_step(Adam *opt, Params *p, double lr);
double grad_norm(const Params *p);
#line 928 "chapters/01-toolkit.nw"
double lr_schedule(long step, long warmup, long total,
                   double peak, double floor);
#line 955 "chapters/01-toolkit.nw"
double lr_inverse_sqrt(long step, long warmup, double peak);
#line 1000 "chapters/01-toolkit.nw"
typedef double (*LossFn)(void *ctx);
#define GRAD_CHECK_STEP 1e-5
#define GRAD_CHECK_ATOL 1e-7
#define GRAD_CHECK_RTOL 1e-4
enum { GRAD_CHECK_SHOWN = 5 };
typedef struct {
    size_t checked;      /* entries compared */
    int failures;        /* entries outside the tolerance */
    double max_rel;      /* the largest relative error, below */
    /* the first failures: index, analytic and numeric derivative */
    size_t bad[GRAD_CHECK_SHOWN];
    double bad_analytic[GRAD_CHECK_SHOWN];
    double bad_numeric[GRAD_CHECK_SHOWN];
} GradCheck;
GradCheck grad_check_measure(real *x /* [n] */,
                             const real *analytic /* [n] */,
                             size_t n, size_t max_checks,
                             LossFn loss, void *ctx);
int grad_check(const char *name, real *x /* [n] */,
               const real *analytic /* [n] */, size_t n,
               size_t max_checks, LossFn loss, void *ctx);
#line 1151 "chapters/01-toolkit.nw"
double seconds_now(void);
extern _Thread_local uint64_t flop_count;
#line 2801 "chapters/B-fast.nw"
double thread_seconds_now(void);
#line 2752 "chapters/B-fast.nw"
enum { THREADS_MAX = 64 };
typedef void (*RunFn)(int index, void *ctx);
void run_parallel(RunFn fn, void *ctx, int runs, int threads);
int default_threads(void);
#line 74 "chapters/01-toolkit.nw"
#endif
