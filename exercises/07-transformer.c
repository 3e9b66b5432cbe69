/* Exercises of chapter 7, the Transformer bridge. Replace each TODO
   with your code, then check it: make exercise EX=7.1 (or EX=7.2,
   EX=7.7, EX=7.8). */
#include "transformer.h"

/* Exercise 7.1: the mask of restricted self attention, [B, Tq, Tk]:
   1 where query i of sentence b may look at key j, 0 where it may
   not. Key j is hidden when it is padding (key_len is not NULL and
   j >= key_len[b]), when it lies more than r positions from i, and,
   when causal is set, when j > i. */
void ex_window_mask(int *mask, const int *key_len, int r, int causal,
                    int B, int Tq, int Tk)
{
    (void)mask; (void)key_len; (void)r; (void)causal; (void)B;
    (void)Tq; (void)Tk;
    /* TODO */
}

/* Exercise 7.2: the sinusoidal positional encoding, [T, D] with D
   even, pe[p][2i] = sin(p w_i) and pe[p][2i+1] = cos(p w_i) with
   w_i = 10000^(-2i/D); calling sin and cos for row 1 only, and
   making every later row from the row before it by a rotation. */
void ex_positional_encoding_by_rotation(real *pe, int T, int D)
{
    (void)pe; (void)T; (void)D;
    /* TODO */
}

/* Exercise 7.7: the number of parameters of the Transformer of
   chapter 7 with source and target vocabularies Vs and Vt, width D,
   feed-forward width F and `layers` blocks on each side. */
size_t ex_transformer_param_count(int Vs, int Vt, int D, int F,
                                  int layers)
{
    (void)Vs; (void)Vt; (void)D; (void)F; (void)layers;
    return 0;   /* TODO */
}

/* Exercise 7.8: a model that emits each sentence's words in a
   uniformly random order, then <eos>. Given the sentences' lengths
   in words, words[0..n-1], set *token to the expected fraction of
   target tokens (words and <eos>) it gets right, and *exact to the
   expected fraction of sentences it gets entirely right. */
void ex_order_blind_accuracy(const int *words, int n, double *token,
                             double *exact)
{
    (void)words; (void)n;
    *token = *exact = 0;    /* TODO */
}
