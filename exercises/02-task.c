/* Exercises of chapter 2, the task. Replace each TODO with your
   code, then check it: make exercise EX=2.3 (or EX=2.4). */
#include "task.h"

/* Exercise 2.3: how many pairs of val have a source sentence that
   also occurs, token for token, in train? */
int ex_count_overlap(const Dataset *train, const Dataset *val)
{
    (void)train; (void)val;
    return -1;  /* TODO */
}

/* Exercise 2.4: the gold source index of decoder step `step` for
   the task "translate word for word, then swap adjacent pairs"
   (the last word stays put when the sentence has an odd number of
   words); -1 for the step that predicts <eos>. */
int ex_gold_swap(int words, int step)
{
    (void)words; (void)step;
    return -1;  /* TODO */
}
