/* Exercises of chapter 8, using a trained model. Replace each TODO
   with your code, then check it: make exercise EX=8.2 (or EX=8.3). */
#include "checkpoint.h"

/* Exercise 8.2: what a checkpoint's header and configuration say. */
typedef struct {
    int version, family, min_words, max_words;
    int src_vocab, tgt_vocab, E, H, attention;
} ExCkptInfo;

/* Fill info from the first bytes of a checkpoint (figure 8.1 gives
   the offsets; integers are 4 bytes, least significant first).
   Return 0, or -1 if buf has too few bytes for the configuration or
   does not begin with ckpt_magic. Do not read the values. */
int ex_ckpt_info(const unsigned char *buf, size_t n, ExCkptInfo *info)
{
    (void)buf; (void)n; (void)info;
    return -1;  /* TODO */
}

/* Exercise 8.3: Wu et al.'s coverage penalty of one hypothesis,
   beta * sum over source positions i < src_len of
   log(min(sum over rows j of w[j, i], 1)). w is [rows, S]; the
   positions from src_len to S-1 are padding and do not count. */
double ex_coverage_penalty(const real *w, int rows, int S, int src_len,
                           double beta)
{
    (void)w; (void)rows; (void)S; (void)src_len; (void)beta;
    return 1;   /* TODO */
}
