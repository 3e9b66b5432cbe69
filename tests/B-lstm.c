/* Tests for appendix B's LSTM: the packed, batched kernel against
   chapter 3's plain loop over sentences and steps. Built in double
   precision. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "seq2seq.h"
#include "agree.h"

enum { B = 4, T = 7, I = 5, H = 6, G = 4 * H };

static real *filled(size_t n, Rng *rng)
{
    real *x = calloc(n, sizeof(real));
    init_normal(x, n, 0.5, rng);
    return x;
}

/* what one version computes: its outputs and every gradient */
typedef struct {
    real h[B * T * H], c[B * T * H], gates[B * T * G];
    real h_last[B * H], c_last[B * H];
    real dx[B * T * I], dh0[B * H], dc0[B * H];
    real dWx[I * G], dWh[H * G], db[G];
} Run;

static void check_versions(const int *len, int with_h0)
{
    Rng rng;
    rng_seed(&rng, 19);
    real *x = filled(B * T * I, &rng), *h0 = filled(B * H, &rng);
    real *c0 = filled(B * H, &rng), *Wx = filled(I * G, &rng);
    real *Wh = filled(H * G, &rng), *bias = filled(G, &rng);
    real *dh = filled(B * T * H, &rng);
    real *dh_last = filled(B * H, &rng), *dc_last = filled(B * H, &rng);
    const real *h0_ = with_h0 ? h0 : NULL, *c0_ = with_h0 ? c0 : NULL;
    Run *run = calloc(2, sizeof *run);      /* [0] fast, [1] plain */
    for (int v = 0; v < 2; v++) {
        Run *r = &run[v];
        (v ? lstm_forward_plain : lstm_forward_packed)(
            r->h, r->c, r->gates, r->h_last, r->c_last, x, len, h0_,
            c0_, Wx, Wh, bias, B, T, I, H);
        (v ? lstm_backward_plain : lstm_backward_packed)(
            r->dx, with_h0 ? r->dh0 : NULL, with_h0 ? r->dc0 : NULL,
            r->dWx, r->dWh, r->db, dh, dh_last, dc_last, r->h, r->c,
            r->gates, x, len, h0_, c0_, Wx, Wh, B, T, I, H);
    }
    assert_agree("h", run[0].h, run[1].h, B * T * H);
    assert_agree("c", run[0].c, run[1].c, B * T * H);
    assert_agree("h_last", run[0].h_last, run[1].h_last, B * H);
    assert_agree("c_last", run[0].c_last, run[1].c_last, B * H);
    assert_agree("dx", run[0].dx, run[1].dx, B * T * I);
    assert_agree("dh0", run[0].dh0, run[1].dh0, B * H);
    assert_agree("dc0", run[0].dc0, run[1].dc0, B * H);
    assert_agree("dWx", run[0].dWx, run[1].dWx, I * G);
    assert_agree("dWh", run[0].dWh, run[1].dWh, H * G);
    assert_agree("dbias", run[0].db, run[1].db, G);
    free(run); free(x); free(h0); free(c0); free(Wx); free(Wh);
    free(bias); free(dh); free(dh_last); free(dc_last);
}

static void test_packed_lstm_agrees_with_the_plain_loop(void **state)
{
    (void)state;
    int ragged[B] = {7, 5, 5, 1}, full[B] = {7, 7, 7, 7};
    int short_batch[B] = {2, 1, 1, 1}, unsorted[B] = {5, 7, 1, 5};
    for (int with_h0 = 0; with_h0 < 2; with_h0++) {
        check_versions(unsorted, with_h0);
        check_versions(ragged, with_h0);
        check_versions(full, with_h0);
        check_versions(short_batch, with_h0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_packed_lstm_agrees_with_the_plain_loop),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
