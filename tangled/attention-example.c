#line 1301 "chapters/A-programs.nw"
/* attention-example: score, softmax and average on four positions,
   as the rows of a LaTeX table (chapter 4). */
#include "attention.h"
#include <stdio.h>

enum { S = 4, H = 3 };

int main(int argc, char **argv)
{
    program_name = "attention-example";
    parse_options(argc, argv, NULL, 0,
                  "chapter 4's worked example, as LaTeX");
    const real h_t[H] = { 1, 0, 2 };
    const real enc[S * H] = { 1, 1, 0,   0, 1, 1,   2, 0, 1,
                              1, 2, 3 };
    const int mask[S] = { 1, 1, 1, 0 }, dec_len[1] = { 1 };
    
#line 1325 "chapters/A-programs.nw"
Scorer sc;
Params p;
params_init(&p);
scorer_declare(&sc, &p, SCORE_DOT, H, H);   /* no parameter */
params_alloc(&p);
AttnCache cache;
attn_cache_alloc(&cache, &sc, 1, 1, S);
real context[H];
attention_forward(context, &cache, &sc, &p, h_t, enc, mask, dec_len,
                  1, 1, S);
#line 1318 "chapters/A-programs.nw"
    
#line 1338 "chapters/A-programs.nw"
printf("\\begin{tabular}{llrr}\n\\toprule\nposition $s$ & vector &"
       " score $e_{ts} = h_t \\cdot \\bar h_s$ & weight"
       " $\\alpha_{ts}$ \\\\\n\\midrule\n");
printf("decoder state & $h_t = (%g, %g, %g)$ & & \\\\\n\\midrule\n",
       (double)h_t[0], (double)h_t[1], (double)h_t[2]);
for (int s = 0; s < S; s++) {
    const real *h = enc + s * H;
    printf("%d%s & $\\bar h_%d = (%g, %g, %g)$ & ", s + 1,
           mask[s] ? "" : " (padding)", s + 1, (double)h[0],
           (double)h[1], (double)h[2]);
    if (mask[s]) printf("$%g$", (double)dot_product(h_t, h, H));
    else printf("not scored");
    printf(" & $%.3f$ \\\\\n", (double)cache.weights[s]);
}
printf("\\midrule\ncontext & \\multicolumn{3}{l}{$\\mathit{ctx}_t ="
       " \\sum_s \\alpha_{ts} \\bar h_s = (%.3f, %.3f, %.3f)$}"
       " \\\\\n\\bottomrule\n\\end{tabular}\n", (double)context[0],
       (double)context[1], (double)context[2]);
#line 1319 "chapters/A-programs.nw"
    params_free(&p);
    attn_cache_free(&cache);
    return 0;
}
