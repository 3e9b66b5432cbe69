#line 99 "chapters/C-solutions.nw"
/* Worked solutions to the coded exercises of chapter 2. */
#include "task.h"
#include <string.h>
#line 115 "chapters/C-solutions.nw"
int ex_count_overlap(const Dataset *train, const Dataset *val)
{
    int count = 0;
    for (int v = 0; v < val->n; v++)
        for (int t = 0; t < train->n; t++)
            if (val->src_len[v] == train->src_len[t]
                && !memcmp(val->src + (size_t)v * val->L,
                           train->src + (size_t)t * train->L,
                           sizeof(int) * val->src_len[v])) {
                count++;
                break;
            }
    return count;
}
#line 136 "chapters/C-solutions.nw"
int ex_gold_swap(int words, int step)
{
    if (step >= words) return -1;
    if (step % 2 == 1) return step;
    return step + 1 < words ? step + 2 : step + 1;
}
