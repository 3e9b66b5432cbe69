/* Tests for appendix B: each fast kernel against its naive
   reference. Built in double precision. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "toolkit.h"

/* a sum of K products in double, reordered: within this of the
   reference, relative to the sum of the magnitudes */
#define REORDERED_SUM_RTOL 1e-13

typedef void (*Product)(real *, int, const real *, int, const real *,
                        int, int, int, int);

/* sizes on both sides of every target's tile (TILE_ROWS 6 or 8, NR
   up to 32) and of a packed panel (KB = 128 rows), and the output
   layer's 21 columns */
static const int sizes[][3] = {{1, 1, 1}, {3, 5, 7}, {7, 64, 21},
    {448, 64, 21}, {13, 64, 65}, {5, 129, 33}, {64, 300, 96},
    {4, 1, 32}, {9, 128, 256}};
enum { N_SIZES = sizeof sizes / sizeof *sizes };

static real *filled(size_t n, Rng *rng)
{
    real *x = calloc(n, sizeof(real));
    init_normal(x, n, 1, rng);
    return x;
}

/* |C - ref| <= tol * (sum over k of |a_ik b_kj|), with row strides */
static void assert_close(const real *C, const real *ref,
                         const real *mag, int M, int N, int ldc)
{
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++) {
            size_t at = (size_t)i * ldc + j;
            if (fabs(C[at] - ref[at])
                > REORDERED_SUM_RTOL * (1 + mag[at]))
                fail_msg("[%d,%d]: %.17g, reference %.17g", i, j,
                         C[at], ref[at]);
        }
}

/* C0 + A B by matmul_naive, and the sum of |a_ik b_kj| */
static void reference(real *ref, real *mag, const real *C0,
                      const real *A, int lda, const real *B, int ldb,
                      int M, int K, int N, int ldc)
{
    real *absA = calloc((size_t)M * lda, sizeof(real));
    real *absB = calloc((size_t)K * ldb, sizeof(real));
    for (size_t i = 0; i < (size_t)M * lda; i++) absA[i] = fabs(A[i]);
    for (size_t i = 0; i < (size_t)K * ldb; i++) absB[i] = fabs(B[i]);
    memcpy(ref, C0, sizeof(real) * M * ldc);
    memset(mag, 0, sizeof(real) * M * ldc);
    matmul_naive(ref, ldc, A, lda, B, ldb, M, K, N);
    matmul_naive(mag, ldc, absA, lda, absB, ldb, M, K, N);
    free(absA); free(absB);
}

/* which operand the kernel reads transposed: 'n' none, 'a', 'b' */
static void check_product(Product f, char transposed)
{
    Rng rng;
    rng_seed(&rng, 20);
    for (int s = 0; s < N_SIZES; s++) {
        int M = sizes[s][0], K = sizes[s][1], N = sizes[s][2];
        int lda = K + 3, ldb = N + 1, ldc = N + 2;   /* strided */
        int ldat = M + 1, ldbt = K + 2;
        real *A = filled((size_t)M * lda, &rng);
        real *B = filled((size_t)K * ldb, &rng);
        real *C = filled((size_t)M * ldc, &rng);
        real *At = calloc((size_t)K * ldat, sizeof(real));
        real *Bt = calloc((size_t)N * ldbt, sizeof(real));
        real *ref = calloc((size_t)M * ldc, sizeof(real));
        real *mag = calloc((size_t)M * ldc, sizeof(real));
        for (int i = 0; i < M; i++)
            for (int k = 0; k < K; k++)
                At[(size_t)k * ldat + i] = A[(size_t)i * lda + k];
        for (int k = 0; k < K; k++)
            for (int j = 0; j < N; j++)
                Bt[(size_t)j * ldbt + k] = B[(size_t)k * ldb + j];
        reference(ref, mag, C, A, lda, B, ldb, M, K, N, ldc);
        if (transposed == 'a') f(C, ldc, At, ldat, B, ldb, M, K, N);
        else if (transposed == 'b') f(C, ldc, A, lda, Bt, ldbt, M, K, N);
        else f(C, ldc, A, lda, B, ldb, M, K, N);
        assert_close(C, ref, mag, M, N, ldc);
        free(A); free(B); free(C); free(At); free(Bt);
        free(ref); free(mag);
    }
}

static void test_matmul_agrees_with_naive(void **state)
{
    (void)state;
    check_product(matmul, 'n');
}

static void test_transposed_products_agree_with_naive(void **state)
{
    (void)state;
    check_product(matmul_tn, 'a');
    check_product(matmul_nt, 'b');
}

/* the weight packed once, then multiplied: as B, and as B^T */
static void packed_product(real *C, int ldc, const real *A, int lda,
                           const real *B, int ldb, int M, int K, int N)
{
    real *P = calloc(matmul_packed_size(K, N), sizeof(real));
    matmul_pack(P, B, ldb, K, N);
    matmul_packed(C, ldc, A, lda, P, M, K, N);
    free(P);
}

static void packed_product_t(real *C, int ldc, const real *A,
                             int lda, const real *Bt, int ldbt,
                             int M, int K, int N)
{
    real *P = calloc(matmul_packed_size(K, N), sizeof(real));
    matmul_pack_t(P, Bt, ldbt, K, N);
    matmul_packed(C, ldc, A, lda, P, M, K, N);
    free(P);
}

static void test_prepacked_products_agree_with_naive(void **state)
{
    (void)state;
    check_product(packed_product, 'n');
    check_product(packed_product_t, 'b');
}

/* C0 + A B into a fresh copy of C0 */
static real *product_of(Product f, const real *C0, int ldc,
                        const real *A, int lda, const real *B, int ldb,
                        int M, int K, int N)
{
    real *C = malloc(sizeof(real) * M * ldc);
    memcpy(C, C0, sizeof(real) * M * ldc);
    f(C, ldc, A, lda, B, ldb, M, K, N);
    return C;
}

/* inside a pass, a whole tensor read as B or as B^T comes from its
   panels, packed once: the same bits as outside; a part of a tensor
   and a copy of one are packed as before; and the next pass, after
   the weight changed, packs it again. W is [K, N]. */
static void check_pass(int K, int N, Rng *rng)
{
    enum { M = 11 };
    Params p;
    params_init(&p);
    int id = params_add(&p, "W", K, N);
    params_add(&p, "b", 1, N);
    params_alloc(&p);
    real *W = param(&p, id), *copy = malloc(sizeof(real) * K * N);
    init_normal(W, (size_t)K * N, 1, rng);
    real *A = filled((size_t)M * K, rng);       /* A W: [M, N] */
    real *G = filled((size_t)M * N, rng);       /* G W^T: [M, K] */
    real *C0 = filled((size_t)M * (K > N ? K : N), rng);
    WeightPanels wp;
    weight_panels_init(&wp, &p);
    for (int pass = 0; pass < 2; pass++) {
        memcpy(copy, W, sizeof(real) * K * N);
        real *out[2][4];        /* [outside, inside][which] */
        for (int in = 0; in < 2; in++) {
            if (in) weight_panels_begin(&wp);
            out[in][0] = product_of(matmul, C0, N, A, K, W, N, M, K, N);
            out[in][1] = product_of(matmul_nt, C0, K, G, N, W, N, M, N,
                                    K);
            out[in][2] = product_of(matmul, C0, N, A, K, copy, N, M, K,
                                    N);
            out[in][3] = product_of(matmul, C0, N, A, K, W, N, M, K,
                                    N - 1);     /* N - 1 columns */
            if (in) weight_panels_end();
        }
#ifndef PLAIN_KERNELS           /* which packs nothing */
        assert_true(wp.packed[id][0] && wp.packed[id][1]);
#endif
        for (int w = 0; w < 4; w++) {
            size_t n = (size_t)M * (w == 1 ? K : N);
            assert_memory_equal(out[0][w], out[1][w], sizeof(real) * n);
            free(out[0][w]);
            free(out[1][w]);
        }
        for (int i = 0; i < K * N; i++) W[i] += 1;
    }
    weight_panels_free(&wp);
    params_free(&p);
    free(copy); free(A); free(G); free(C0);
}

static void test_weights_packed_once_a_pass_give_the_same_bits(void **s)
{
    (void)s;
    Rng rng;
    rng_seed(&rng, 24);
    check_pass(37, 45, &rng);
    check_pass(131, 133, &rng);     /* two blocks of KB = 128 rows */
}

static void test_matmul_backward_agrees_with_naive(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 21);
    for (int s = 0; s < N_SIZES; s++) {
        int M = sizes[s][0], K = sizes[s][1], N = sizes[s][2];
        size_t nA = (size_t)M * K, nB = (size_t)K * N;
        real *A = filled(nA, &rng), *B = filled(nB, &rng);
        real *dC = filled((size_t)M * N, &rng);
        real *dA = filled(nA, &rng), *dB = filled(nB, &rng);
        real *dA0 = calloc(nA, sizeof(real));
        real *dB0 = calloc(nB, sizeof(real));
        memcpy(dA0, dA, sizeof(real) * nA);
        memcpy(dB0, dB, sizeof(real) * nB);
        matmul_backward(dA, K, dB, N, dC, N, A, K, B, N, M, K, N);
        matmul_backward_naive(dA0, K, dB0, N, dC, N, A, K, B, N,
                              M, K, N);
        for (size_t i = 0; i < nA; i++)
            assert_true(fabs(dA[i] - dA0[i]) < 1e-12 * (1 + N));
        for (size_t i = 0; i < nB; i++)
            assert_true(fabs(dB[i] - dB0[i]) < 1e-12 * (1 + M));
        free(A); free(B); free(dC); free(dA); free(dB);
        free(dA0); free(dB0);
    }
}

static void test_exp_fast_is_within_its_bound(void **state)
{
    (void)state;
    enum { STEPS = 2000000 };
    double worst = 0, span = EXP_FAST_MAX - EXP_FAST_MIN;
    for (int i = 0; i <= STEPS; i++) {
        float x = (float)(EXP_FAST_MIN + span * i / STEPS);
        double exact = exp((double)x);
        double rel = fabs(exp_fast(x) - exact) / exact;
        if (rel > worst) worst = rel;
    }
    print_message("exp_fast: largest relative error %.3g\n", worst);
    assert_true(worst <= EXP_FAST_RTOL);
    /* outside the range: zero below, finite and clamped above */
    assert_true(exp_fast(-1e4f) == 0 && exp_fast(-FLT_MAX) == 0);
    assert_true(exp_fast(EXP_FAST_MIN) > 0);
    assert_true(exp_fast(FLT_MAX) == exp_fast(EXP_FAST_MAX));
    assert_true(isfinite(exp_fast(FLT_MAX)));
}

/* dot_product against the sum from k = 0 up, for lengths on both
   sides of DOT_LANES and of its multiples */
static void test_dot_product_agrees_with_the_plain_sum(void **state)
{
    (void)state;
    enum { MAX_N = 100 };
    Rng rng = {7};
    real *x = filled(MAX_N, &rng), *y = filled(MAX_N, &rng);
    for (int n = 0; n <= MAX_N; n++) {
        real plain = 0, mag = 0;
        for (int k = 0; k < n; k++) {
            plain += x[k] * y[k];
            mag += fabs(x[k] * y[k]);
        }
        real fast = dot_product(x, y, n);
        if (fabs(fast - plain) > REORDERED_SUM_RTOL * (1 + mag))
            fail_msg("n = %d: %.17g, plain sum %.17g", n, fast, plain);
    }
    free(x); free(y);
}

/* dot_product bit for bit against its documented order: product k
   added to lane k % 16, then lanes l and l + 8, l and l + 4, l and
   l + 2, and the last two */
static void test_dot_product_adds_in_the_documented_order(void **st)
{
    (void)st;
    enum { MAX_N = 100 };
    Rng rng = {11};
    real *x = filled(MAX_N, &rng), *y = filled(MAX_N, &rng);
    for (int n = 0; n <= MAX_N; n++) {
        real lane[16] = {0};
        for (int k = 0; k < n; k++) lane[k % 16] += x[k] * y[k];
        for (int half = 8; half >= 2; half /= 2)
            for (int l = 0; l < half; l++) lane[l] += lane[l + half];
        real in_order = lane[0] + lane[1];
        if (dot_product(x, y, n) != in_order)
            fail_msg("n = %d: %.17g, in lane order %.17g", n,
                     dot_product(x, y, n), in_order);
    }
    free(x); free(y);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_matmul_agrees_with_naive),
        cmocka_unit_test(test_transposed_products_agree_with_naive),
        cmocka_unit_test(test_prepacked_products_agree_with_naive),
        cmocka_unit_test(test_weights_packed_once_a_pass_give_the_same_bits),
        cmocka_unit_test(test_matmul_backward_agrees_with_naive),
        cmocka_unit_test(test_exp_fast_is_within_its_bound),
        cmocka_unit_test(test_dot_product_agrees_with_the_plain_sum),
        cmocka_unit_test(test_dot_product_adds_in_the_documented_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
