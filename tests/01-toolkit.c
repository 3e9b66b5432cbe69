/* Tests for chapter 1: the toolkit. Built in double precision. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "toolkit.h"

#define CLOSE 1e-12    /* agreement expected of exact double math */

static void test_rng_first_outputs_are_pinned(void **state)
{
    (void)state;
    /* the published SplitMix64 stream from state 0 */
    Rng rng;
    rng_seed(&rng, 0);
    assert_true(rng_next(&rng) == 0xE220A8397B1DCDAFULL);
    assert_true(rng_next(&rng) == 0x6E789E6AA1B965F4ULL);
    assert_true(rng_next(&rng) == 0x06C45D188009454FULL);
}

static void test_same_seed_gives_same_stream(void **state)
{
    (void)state;
    Rng a, b, c;
    rng_seed(&a, 7); rng_seed(&b, 7); rng_seed(&c, 8);
    int differ = 0;
    for (int i = 0; i < 1000; i++) {
        uint64_t x = rng_next(&a);
        assert_true(x == rng_next(&b));
        differ += x != rng_next(&c);
    }
    assert_true(differ > 990);
}

static void test_uniform_and_normal_have_the_right_moments(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 3);
    enum { N = 200000 };
    double su = 0, sn = 0, sn2 = 0;
    for (int i = 0; i < N; i++) {
        double u = rng_uniform(&rng);
        assert_true(u >= 0 && u < 1);
        su += u;
        double z = rng_normal(&rng);
        sn += z; sn2 += z * z;
    }
    assert_true(fabs(su / N - 0.5) < 0.005);
    assert_true(fabs(sn / N) < 0.01);
    assert_true(fabs(sn2 / N - 1) < 0.02);
}

static void test_rng_below_is_in_range_and_even(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 4);
    int count[7] = {0};
    for (int i = 0; i < 70000; i++) {
        int k = rng_below(&rng, 7);
        assert_in_range(k, 0, 6);
        count[k]++;
    }
    for (int k = 0; k < 7; k++) assert_in_range(count[k], 9600, 10400);
}

static void test_shuffle_gives_a_permutation(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 5);
    int a[50], seen[50] = {0}, moved = 0;
    for (int i = 0; i < 50; i++) a[i] = i;
    rng_shuffle(&rng, a, 50);
    for (int i = 0; i < 50; i++) { seen[a[i]]++; moved += a[i] != i; }
    for (int i = 0; i < 50; i++) assert_int_equal(seen[i], 1);
    assert_true(moved > 30);
}

static void test_parameter_buffers_mirror_each_other(void **state)
{
    (void)state;
    Params p;
    params_init(&p);
    int w = params_add(&p, "W", 3, 4), b = params_add(&p, "b", 1, 4);
    params_alloc(&p);
    assert_int_equal(p.count, 16);
    assert_ptr_equal(param(&p, b), param(&p, w) + 12);
    assert_ptr_equal(param_grad(&p, b) - p.grad, param(&p, b) - p.value);
    assert_ptr_equal(p.v, p.m + p.count);
    for (size_t i = 0; i < p.count; i++) assert_true(p.value[i] == 0);
    params_free(&p);
}

static void test_xavier_stays_within_its_bound(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 6);
    real w[64 * 32];
    init_xavier_uniform(w, 64, 32, &rng);
    double a = sqrt(6.0 / 96), max = 0;
    for (int i = 0; i < 64 * 32; i++) max = fmax(max, fabs(w[i]));
    assert_true(max <= a && max > 0.95 * a);
}

static void check_orthonormal(int K, int N)
{
    Rng rng;
    rng_seed(&rng, 9);
    real *w = calloc((size_t)K * N, sizeof *w);
    init_orthogonal(w, K, N, &rng);
    int rows = K <= N;   /* rows orthonormal, else columns */
    int count = rows ? K : N, len = rows ? N : K;
    for (int a = 0; a < count; a++)
        for (int b = 0; b < count; b++) {
            double dot = 0;
            for (int j = 0; j < len; j++)
                dot += rows ? w[a * N + j] * w[b * N + j]
                            : w[j * N + a] * w[j * N + b];
            assert_true(fabs(dot - (a == b)) < 1e-10);
        }
    free(w);
}

static void test_orthogonal_init_is_orthonormal(void **state)
{
    (void)state;
    check_orthonormal(16, 64);   /* like a recurrent [H, 4H] */
    check_orthonormal(40, 12);
    check_orthonormal(8, 8);
}

static void fill(real *x, size_t n, Rng *rng)
{
    init_normal(x, n, 1, rng);
}

static void test_fast_matmul_agrees_with_naive_on_odd_sizes(void **state)
{
    (void)state;
    int sizes[][3] = {{1, 1, 1}, {3, 5, 7}, {5, 17, 33}, {13, 64, 65},
                      {4, 1, 32}, {7, 9, 96}, {64, 128, 256}};
    Rng rng;
    rng_seed(&rng, 10);
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
        int M = sizes[s][0], K = sizes[s][1], N = sizes[s][2];
        int lda = K + 3, ldb = N + 1, ldc = N + 2;   /* strided */
        real *A = calloc((size_t)M * lda, sizeof(real));
        real *B = calloc((size_t)K * ldb, sizeof(real));
        real *C1 = calloc((size_t)M * ldc, sizeof(real));
        real *C2 = calloc((size_t)M * ldc, sizeof(real));
        fill(A, (size_t)M * lda, &rng);
        fill(B, (size_t)K * ldb, &rng);
        fill(C1, (size_t)M * ldc, &rng);
        memcpy(C2, C1, (size_t)M * ldc * sizeof(real));
        matmul_naive(C1, ldc, A, lda, B, ldb, M, K, N);
        matmul(C2, ldc, A, lda, B, ldb, M, K, N);
        for (int i = 0; i < M * ldc; i++)
            assert_true(fabs(C1[i] - C2[i]) < 1e-10 * (1 + K));
        free(A); free(B); free(C1); free(C2);
    }
}

/* loss = sum(R .* (X W + b)) for a fixed random R: its gradient
   with respect to Y is R, so linear_backward can be checked. */
typedef struct {
    int M, K, N;
    real *X, *W, *b, *Y, *R;
} LinearCase;

static double linear_loss(void *ctx)
{
    LinearCase *c = ctx;
    linear_forward(c->Y, c->X, c->W, c->b, c->M, c->K, c->N);
    double L = 0;
    for (int i = 0; i < c->M * c->N; i++) L += c->R[i] * c->Y[i];
    return L;
}

static void test_linear_backward_matches_finite_differences(void **s)
{
    (void)s;
    enum { M = 5, K = 7, N = 37 };
    real X[M * K], W[K * N], b[N], Y[M * N], R[M * N];
    real dX[M * K] = {0}, dW[K * N] = {0}, db[N] = {0};
    Rng rng;
    rng_seed(&rng, 11);
    fill(X, M * K, &rng); fill(W, K * N, &rng);
    fill(b, N, &rng); fill(R, M * N, &rng);
    LinearCase c = {M, K, N, X, W, b, Y, R};
    linear_backward(dX, dW, db, R, X, W, M, K, N);
    assert_int_equal(grad_check("X", X, dX, M * K, 100, linear_loss, &c), 0);
    assert_int_equal(grad_check("W", W, dW, K * N, 300, linear_loss, &c), 0);
    assert_int_equal(grad_check("b", b, db, N, 100, linear_loss, &c), 0);
}

static void test_grad_check_catches_a_wrong_gradient(void **s)
{
    (void)s;
    enum { M = 3, K = 4, N = 5 };
    real X[M * K], W[K * N], b[N], Y[M * N], R[M * N];
    real dX[M * K] = {0}, dW[K * N] = {0}, db[N] = {0};
    Rng rng;
    rng_seed(&rng, 12);
    fill(X, M * K, &rng); fill(W, K * N, &rng);
    fill(b, N, &rng); fill(R, M * N, &rng);
    LinearCase c = {M, K, N, X, W, b, Y, R};
    linear_backward(dX, dW, db, R, X, W, M, K, N);
    dW[7] *= 2;                            /* a factor-of-two bug */
    db[2] += 1e-3;                         /* a small wrong term */
    GradCheck w = grad_check_measure(W, dW, K * N, 100, linear_loss, &c);
    GradCheck bias = grad_check_measure(b, db, N, 100, linear_loss, &c);
    assert_int_equal(w.checked, K * N);
    assert_int_equal(w.failures, 1);
    assert_int_equal(w.bad[0], 7);          /* caught where it is */
    assert_true(fabs(w.bad_analytic[0] - 2 * w.bad_numeric[0])
                < 1e-6 * fabs(w.bad_numeric[0]));
    assert_int_equal(bias.failures, 1);
    assert_int_equal(bias.bad[0], 2);
    assert_true(bias.max_rel > GRAD_CHECK_RTOL);
}

static void test_fast_tanh_agrees_with_tanh(void **s)
{
    (void)s;
    double worst = 0;
    for (double x = -20; x <= 20; x += 0.001)
        worst = fmax(worst, fabs(fast_tanh(x) - tanh(x)));
    assert_true(worst < 1e-12);     /* absolute, in double precision */
    assert_true(fast_tanh(1e4) == 1 && fast_tanh(-1e4) == -1);
    assert_true(fast_tanh(0) == 0);
}

static void test_softmax_sums_to_one_even_at_1e4(void **s)
{
    (void)s;
    real z[4] = {1e4, -1e4, 1e4 - 1, 0}, p[4];
    softmax(p, z, 4);
    double sum = 0;
    for (int k = 0; k < 4; k++) { assert_true(isfinite(p[k])); sum += p[k]; }
    assert_true(fabs(sum - 1) < CLOSE);
    assert_true(fabs(p[0] - 1 / (1 + exp(-1.0))) < 1e-12);
    assert_true(p[1] == 0);
}

/* -sum_k q_k log p_k, straight from the definition */
static double xent_by_definition(const real *z, int y, int V, double eps)
{
    real p[64];
    softmax(p, z, V);
    double loss = 0;
    for (int k = 0; k < V; k++)
        loss -= (eps / V + (k == y ? 1 - eps : 0)) * log(p[k]);
    return loss;
}

static void test_cross_entropy_matches_its_definition(void **s)
{
    (void)s;
    enum { N = 4, V = 6 };
    real z[N * V], prob[N * V];
    int target[N] = {2, 0, 5, 0};      /* row 1 and 3: padding? */
    target[3] = -1;                    /* ignored */
    Rng rng;
    rng_seed(&rng, 13);
    fill(z, N * V, &rng);
    int counted;
    double total = cross_entropy_forward(prob, z, target, N, V, 0.1, -1,
                                         &counted);
    assert_int_equal(counted, 3);
    double expect = 0;
    for (int r = 0; r < 3; r++)
        expect += xent_by_definition(z + r * V, target[r], V, 0.1);
    assert_true(fabs(total - expect) < 1e-12);
}

static void test_cross_entropy_is_finite_for_huge_logits(void **s)
{
    (void)s;
    real z[3] = {-1e4, 1e4, 0}, prob[3];
    int y = 0, counted;
    double L = cross_entropy_forward(prob, z, &y, 1, 3, 0.1, -1, &counted);
    assert_true(isfinite(L));
    /* -(0.9 + 0.1/3)(z_0 - lse) - (0.1/3)(sum of (z_k - lse)) */
    double lse = 1e4, expect = -(0.9 + 0.1 / 3) * (-1e4 - lse)
                             - 0.1 / 3 * ((1e4 - lse) + (0 - lse));
    assert_true(fabs(L - expect) < 1e-8 * fabs(expect));
}

typedef struct { real *z, *prob; int *target; int N, V; } XentCase;

static double xent_loss(void *ctx)
{
    XentCase *c = ctx;
    int counted;
    return cross_entropy_forward(c->prob, c->z, c->target, c->N, c->V,
                                 0.1, 0, &counted) / counted;
}

static void test_cross_entropy_backward_matches_finite_differences(void **s)
{
    (void)s;
    enum { N = 5, V = 7 };
    real z[N * V], prob[N * V], dz[N * V] = {0};
    int target[N] = {3, 0, 6, 1, 0};     /* 0 is padding: ignored */
    Rng rng;
    rng_seed(&rng, 14);
    fill(z, N * V, &rng);
    XentCase c = {z, prob, target, N, V};
    xent_loss(&c);
    cross_entropy_backward(dz, prob, target, N, V, 0.1, 0, 1.0 / 3);
    for (int k = 0; k < V; k++) assert_true(dz[V + k] == 0);
    assert_int_equal(grad_check("logits", z, dz, N * V, 100, xent_loss, &c), 0);
}

static void test_loss_floor_is_the_loss_when_p_equals_q(void **s)
{
    (void)s;
    enum { V = 21 };
    real z[V], prob[V];
    for (int k = 0; k < V; k++) z[k] = log(0.1 / V + (k == 4 ? 0.9 : 0));
    int y = 4, counted;
    double L = cross_entropy_forward(prob, z, &y, 1, V, 0.1, -1, &counted);
    assert_true(fabs(L - smoothed_loss_floor(V, 0.1)) < 1e-12);
    assert_true(fabs(smoothed_loss_floor(V, 0.1) - 0.6) < 0.01);
    assert_true(smoothed_loss_floor(V, 0) == 0);
}

static void test_adam_first_step_has_the_size_of_the_rate(void **s)
{
    (void)s;
    Params p;
    params_init(&p);
    params_add(&p, "x", 1, 3);
    params_alloc(&p);
    p.grad[0] = 1e-4; p.grad[1] = -50; p.grad[2] = 0;
    Adam opt;
    adam_init(&opt);
    adam_step(&opt, &p, 0.01);
    assert_true(fabs(p.value[0] + 0.01) < 1e-6);
    assert_true(fabs(p.value[1] - 0.01) < 1e-9);
    assert_true(p.value[2] == 0);
    params_free(&p);
}

static void test_adam_finds_the_minimum_of_a_bowl(void **s)
{
    (void)s;
    Params p;
    params_init(&p);
    params_add(&p, "x", 1, 2);
    params_alloc(&p);
    p.value[0] = 3; p.value[1] = -2;
    Adam opt;
    adam_init(&opt);
    for (int t = 0; t < 2000; t++) {   /* L = (x0-1)^2 + 10 x1^2 */
        p.grad[0] = 2 * (p.value[0] - 1);
        p.grad[1] = 20 * p.value[1];
        adam_step(&opt, &p, lr_schedule(t, 100, 2000, 0.05, 0));
    }
    assert_true(fabs(p.value[0] - 1) < 1e-3 && fabs(p.value[1]) < 1e-3);
    params_free(&p);
}

static void test_schedule_warms_up_then_decays_to_the_floor(void **s)
{
    (void)s;
    assert_true(fabs(lr_schedule(0, 10, 110, 1, 0.1) - 0.1) < CLOSE);
    assert_true(fabs(lr_schedule(9, 10, 110, 1, 0.1) - 1) < CLOSE);
    assert_true(fabs(lr_schedule(10, 10, 110, 1, 0.1) - 1) < CLOSE);
    assert_true(fabs(lr_schedule(60, 10, 110, 1, 0.1) - 0.55) < CLOSE);
    double last = lr_schedule(109, 10, 110, 1, 0.1);
    assert_true(last > 0.1 && last < 0.101);
    for (int t = 10; t < 109; t++)
        assert_true(lr_schedule(t + 1, 10, 110, 1, 0.1)
                    < lr_schedule(t, 10, 110, 1, 0.1));
}

/* Vaswani et al. 2017, eq. 3, at d_model = 512 and 4000 warmup
   steps: d^-0.5 min(n^-0.5, n w^-1.5) at step n = s + 1. */
static void test_inverse_sqrt_is_the_papers_schedule(void **s)
{
    (void)s;
    double d = 512, w = 4000, peak = 1 / sqrt(d * w);
    long steps[] = { 0, 1, 999, 3998, 3999, 4000, 20000, 99999 };
    for (int k = 0; k < 8; k++) {
        double n = (double)(steps[k] + 1);
        double paper = fmin(1 / sqrt(n), n * pow(w, -1.5)) / sqrt(d);
        assert_true(fabs(lr_inverse_sqrt(steps[k], 4000, peak) - paper)
                    < 1e-12);
    }
    /* no warmup: the decay starts at the peak */
    assert_true(fabs(lr_inverse_sqrt(0, 0, 2) - 2) < CLOSE);
    assert_true(fabs(lr_inverse_sqrt(3, 0, 2) - 1) < CLOSE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rng_first_outputs_are_pinned),
        cmocka_unit_test(test_same_seed_gives_same_stream),
        cmocka_unit_test(test_uniform_and_normal_have_the_right_moments),
        cmocka_unit_test(test_rng_below_is_in_range_and_even),
        cmocka_unit_test(test_shuffle_gives_a_permutation),
        cmocka_unit_test(test_parameter_buffers_mirror_each_other),
        cmocka_unit_test(test_xavier_stays_within_its_bound),
        cmocka_unit_test(test_orthogonal_init_is_orthonormal),
        cmocka_unit_test(test_fast_matmul_agrees_with_naive_on_odd_sizes),
        cmocka_unit_test(test_linear_backward_matches_finite_differences),
        cmocka_unit_test(test_grad_check_catches_a_wrong_gradient),
        cmocka_unit_test(test_fast_tanh_agrees_with_tanh),
        cmocka_unit_test(test_softmax_sums_to_one_even_at_1e4),
        cmocka_unit_test(test_cross_entropy_matches_its_definition),
        cmocka_unit_test(test_cross_entropy_is_finite_for_huge_logits),
        cmocka_unit_test(test_cross_entropy_backward_matches_finite_differences),
        cmocka_unit_test(test_loss_floor_is_the_loss_when_p_equals_q),
        cmocka_unit_test(test_adam_first_step_has_the_size_of_the_rate),
        cmocka_unit_test(test_adam_finds_the_minimum_of_a_bowl),
        cmocka_unit_test(test_schedule_warms_up_then_decays_to_the_floor),
        cmocka_unit_test(test_inverse_sqrt_is_the_papers_schedule),
    };
    return cmocka_run_group_tests_name("chapter 1: the toolkit", tests,
                                       NULL, NULL);
}
