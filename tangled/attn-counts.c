#line 4560 "chapters/A-programs.nw"
/* attn-counts: parameters and FLOPs of an attention layer and a
   block, from the code's counters (chapter 7). */
#include "transformer.h"
#include <stdlib.h>
#line 4592 "chapters/A-programs.nw"
static void count_shape(int B, int T, int D, int NH, int F)
{
    Params p;
    Block blk;
    BlockCache c;
    Rng rng;
    params_init(&p);
    block_declare(&blk, &p, "blk", D, NH, D / NH, F);  /* A = D */
    params_alloc(&p);
    rng_seed(&rng, 1);
    block_init(&blk, &p, &rng);
    block_cache_alloc(&c, &blk, B, T);
    size_t n = (size_t)B * T * D;
    real *x = xcalloc(4 * n, sizeof(real));
    real *y = x + n, *dy = y + n, *dx = dy + n;
    init_normal(x, n, 1, &rng);
    init_normal(dy, n, 1, &rng);
    
#line 4619 "chapters/A-programs.nw"
uint64_t f0 = flop_count;
block_forward(y, &c, &blk, &p, x, NULL, B, T);
uint64_t f1 = flop_count;
block_backward(dx, &p, &c, &blk, dy, x, NULL, B, T);
uint64_t f2 = flop_count;
mha_forward(c.att_out, &c.att, &blk.att, &p, c.n1, c.n1, NULL, B, T,
            T);
uint64_t att = flop_count - f2;
size_t att_params = mha_param_count(D, D);
int agree = p.count == block_param_count(D, D, F)
            && f1 - f0 == block_forward_flops(B, T, D, D, F)
            && f2 - f1 == 2 * (f1 - f0)
            && att == mha_forward_flops(B, T, T, D, D);
printf("%d & %d & %d & %d & %zu & %zu & %.2f & %.2f & %.2f & %.2f"
       " & %s \\\\\n", T, D, NH, F, att_params, p.count, att * 1e-6,
       2 * att * 1e-6, (f1 - f0) * 1e-6, (f2 - f1) * 1e-6,
       agree ? "agrees" : "DIFFERS");
#line 4610 "chapters/A-programs.nw"
    free(x);
    block_cache_free(&c);
    params_free(&p);
}

#line 4566 "chapters/A-programs.nw"
int main(int argc, char **argv)
{
    program_name = "attn-counts";
    parse_options(argc, argv, NULL, 0, "write the table of parameter"
                  " and FLOP counts of chapter 7 (LaTeX, stdout)");
    static const int shape[][5] = {      /* B, T, D, NH, F */
        {64, 8, 64, 4, 128}, {64, 8, 64, 1, 128},
        {64, 8, 64, 8, 128}, {64, 16, 64, 4, 128},
        {64, 8, 128, 4, 256}, {64, 64, 64, 4, 128},
    };
    printf("\\begin{tabular}{rrrrrrrrrrl}\n\\toprule\n"
           "& & & & \\multicolumn{2}{c}{parameters} &"
           " \\multicolumn{2}{c}{att. MFLOP} &"
           " \\multicolumn{2}{c}{block MFLOP} & \\\\\n"
           "\\cmidrule(lr){5-6}\\cmidrule(lr){7-8}"
           "\\cmidrule(lr){9-10}\n"
           "$T$ & $D$ & $N_H$ & $F$ & att. & block & fwd & bwd &"
           " fwd & bwd & closed form \\\\\n\\midrule\n");
    for (int k = 0; k < 6; k++)
        count_shape(shape[k][0], shape[k][1], shape[k][2],
                    shape[k][3], shape[k][4]);
    printf("\\bottomrule\n\\end{tabular}\n");
    return 0;
}
