/* Exercises of chapter 11, hierarchical attention. Replace each TODO
   with your code, then check it: make exercise EX=11.3 (or
   EX=11.4). */
#include "han.h"

/* Exercise 11.3: the best class a bag of words can give a document.
   ids [len] are a document's source word numbers in the task's list
   (DW_ADJ .. DW_ADJ + 3 say big, the next four small). Return 0
   (big) if more adjectives say big than small or as many, else 1
   (small). */
int ex_bag_of_words_class(const int *ids, int len)
{
    (void)ids; (void)len;
    return -1;  /* TODO */
}

/* Exercise 11.4: one step of one row of PyTorch's GRU, whose reset
   gate multiplies the recurrent product:
     r = sigmoid(x Wx_r + b_r + h_prev Wh_r + bias_h_r)
     z = sigmoid(x Wx_z + b_z + h_prev Wh_z + bias_h_z)
     n = tanh(x Wx_n + b_n + r * (h_prev Wh_n + bias_h_n))
     h = z * h_prev + (1 - z) * n
   Wx [I, 3H], Wh [H, 3H] and bias, bias_h [3H] have the columns
   r, z, n in that order, as gru_forward's. */
void ex_gru_step_after_reset(real *h /* [H] */,
                             const real *x /* [I] */,
                             const real *h_prev /* [H] */,
                             const real *Wx, const real *Wh,
                             const real *bias, const real *bias_h,
                             int I, int H)
{
    (void)x; (void)h_prev; (void)Wx; (void)Wh; (void)bias;
    (void)bias_h; (void)I;
    for (int k = 0; k < H; k++) h[k] = 0;   /* TODO */
}
