/* Check for exercise 8.2: reading a checkpoint's configuration
   without its values. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>
#include "checkpoint.h"

typedef struct {
    int version, family, min_words, max_words;
    int src_vocab, tgt_vocab, E, H, attention;
} ExCkptInfo;
int ex_ckpt_info(const unsigned char *buf, size_t n, ExCkptInfo *info);

static void test_the_configuration_is_read_back(void **s)
{
    (void)s;
    ModelConfig c = model_config_default();
    c.attention = ATTN_GENERAL;
    c.E = 3;
    c.H = 5;
    Checkpoint ck = { 4, 9, model_create(&c, 2, 11, 1),
                      &reversal_task };
    size_t n = ckpt_encode(NULL, &ck);
    unsigned char *buf = malloc(n);
    ckpt_encode(buf, &ck);
    ExCkptInfo info;
    memset(&info, 0, sizeof info);
    assert_int_equal(ex_ckpt_info(buf, n, &info), 0);
    assert_int_equal(info.version, CKPT_FORMAT);
    assert_int_equal(info.family, 1);   /* the LSTM's number */
    assert_int_equal(info.min_words, 4);
    assert_int_equal(info.max_words, 9);
    assert_int_equal(info.src_vocab, REVERSAL_VOCAB);
    assert_int_equal(info.tgt_vocab, REVERSAL_VOCAB);
    assert_int_equal(info.E, 3);
    assert_int_equal(info.H, 5);
    assert_int_equal(info.attention, ATTN_GENERAL);
    /* the configuration ends at byte 60 + 4 + strlen("reversal") */
    assert_int_equal(ex_ckpt_info(buf, 72, &info), 0);
    free(buf);
    model_free(ck.model);
}

static void test_strangers_and_short_files_give_minus_one(void **s)
{
    (void)s;
    ModelConfig c = model_config_default();
    Checkpoint ck = { 3, 6, model_create(&c, 2, 8, 1),
                      &reversal_task };
    size_t n = ckpt_encode(NULL, &ck);
    unsigned char *buf = malloc(n);
    ckpt_encode(buf, &ck);
    ExCkptInfo info;
    assert_int_equal(ex_ckpt_info(buf, 71, &info), -1);
    assert_int_equal(ex_ckpt_info(buf, 0, &info), -1);
    buf[1] = 'X';
    assert_int_equal(ex_ckpt_info(buf, n, &info), -1);
    free(buf);
    model_free(ck.model);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_the_configuration_is_read_back),
        cmocka_unit_test(test_strangers_and_short_files_give_minus_one),
    };
    return cmocka_run_group_tests_name("exercise 8.2", tests, NULL, NULL);
}
