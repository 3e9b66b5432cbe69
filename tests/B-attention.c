/* Tests for appendix B's attention: the version in rows against
   chapter 4's plain loops, forward and backward. Built in double
   precision. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "attention.h"
#include "agree.h"

enum { B = 3, T = 4, S = 5 };

/* what one version computes, zero past each sentence's end */
typedef struct { real *ctx, *w, *d_dec, *d_enc, *grad; } Run;

static void check_versions(int kind, int Hd, int He)
{
    Scorer sc;
    Params p;
    Rng rng;
    params_init(&p);
    scorer_declare(&sc, &p, kind, Hd, He);
    params_add(&p, "unused", 1, 1);
    params_alloc(&p);
    rng_seed(&rng, 53);
    scorer_init(&sc, &p, &rng);
    real *dec = calloc(B * T * Hd, sizeof(real));
    real *enc = calloc(B * S * He, sizeof(real));
    real *d_ctx = calloc(B * T * He, sizeof(real));
    init_normal(dec, B * T * Hd, 1, &rng);
    init_normal(enc, B * S * He, 1, &rng);
    init_normal(d_ctx, B * T * He, 1, &rng);
    int mask[B * S] = {1, 1, 1, 1, 1,  1, 1, 1, 0, 0,  1, 1, 0, 0, 0};
    int dec_len[B] = {4, 2, 3};
    Run run[2];                             /* [0] rows, [1] plain */
    for (int v = 0; v < 2; v++) {
        AttnCache c;
        attn_cache_alloc(&c, &sc, B, T, S);
        run[v].ctx = calloc(B * T * He, sizeof(real));
        run[v].d_dec = calloc(B * T * Hd, sizeof(real));
        run[v].d_enc = calloc(B * S * He, sizeof(real));
        run[v].grad = calloc(p.count, sizeof(real));
        params_zero_grad(&p);
        (v ? attention_forward_plain : attention_forward_rows)(
            run[v].ctx, &c, &sc, &p, dec, enc, mask, dec_len, B, T, S);
        (v ? attention_backward_plain : attention_backward_rows)(
            run[v].d_dec, run[v].d_enc, &p, &c, &sc, d_ctx, dec, enc,
            mask, dec_len, B, T, S);
        run[v].w = calloc(B * T * S, sizeof(real));
        for (int b = 0; b < B; b++)       /* the real steps' rows */
            memcpy(run[v].w + b * T * S, c.weights + b * T * S,
                   sizeof(real) * dec_len[b] * S);
        memcpy(run[v].grad, p.grad, sizeof(real) * p.count);
        attn_cache_free(&c);
    }
    assert_agree("weights", run[0].w, run[1].w, B * T * S);
    assert_agree("context", run[0].ctx, run[1].ctx, B * T * He);
    assert_agree("d_dec", run[0].d_dec, run[1].d_dec, B * T * Hd);
    assert_agree("d_enc", run[0].d_enc, run[1].d_enc, B * S * He);
    assert_agree("parameter gradients", run[0].grad, run[1].grad,
                 p.count);
    for (int v = 0; v < 2; v++) {
        free(run[v].ctx); free(run[v].w); free(run[v].d_dec);
        free(run[v].d_enc); free(run[v].grad);
    }
    free(dec); free(enc); free(d_ctx);
    params_free(&p);
}

static void test_rows_attention_agrees_with_the_plain_loops(void **s)
{
    (void)s;
    check_versions(SCORE_DOT, 5, 5);
    check_versions(SCORE_GENERAL, 3, 5);
    check_versions(SCORE_ADDITIVE, 3, 5);
    check_versions(SCORE_LAST, 4, 4);
    /* 37 = 2 * 16 + 5: the sums in lanes run their tails too */
    check_versions(SCORE_DOT, 37, 37);
    check_versions(SCORE_GENERAL, 37, 6);
    check_versions(SCORE_ADDITIVE, 6, 37);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rows_attention_agrees_with_the_plain_loops),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
