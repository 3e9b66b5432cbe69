#line 4395 "chapters/A-programs.nw"
/* scale-sweep: why 1/sqrt(d_k), measured (chapter 7). */
#include "transformer.h"
#include <stdlib.h>
enum { MAX_WIDTHS = 16 };
#line 4453 "chapters/A-programs.nw"
/* x with two significant digits, as LaTeX: 0.047, or $2.4 \times
   10^{-7}$ for the very small and very large (a static buffer per
   call of a printf: two at a time) */
static const char *tex_number(double x)
{
    static char buf[2][48];
    static int k;
    char *b = buf[k++ % 2];
    int e = x > 0 ? (int)floor(log10(x)) : 0;
    if (e >= -3 && e < 4) snprintf(b, 48, "%.2g", x);
    else snprintf(b, 48, "$%.2g \\times 10^{%d}$", x / pow(10, e),
                  e);
    return b;
}

static FILE *open_sentence(const char *prefix, const char *what)
{
    char suffix[64];
    snprintf(suffix, sizeof suffix, "-%s.tex", what);
    return out_open(out_name(prefix, suffix));
}
#line 4476 "chapters/A-programs.nw"
static void write_sentences(const char *prefix,
                            ScoreStats st[2][MAX_WIDTHS],
                            const int *dk, int n, int keys,
                            int trials)
{
    int last = n - 1, at16 = -1, at64 = -1;
    double lo = st[1][0].score_var, hi = lo;
    for (int k = 0; k < n; k++) {
        if (dk[k] == 16) at16 = k;
        if (dk[k] == 64) at64 = k;
        lo = fmin(lo, st[1][k].score_var);
        hi = fmax(hi, st[1][k].score_var);
    }
    FILE *f = open_sentence(prefix, "intro");
    fprintf(f, "At $d_k = %d$, section~\\ref{sec:why-scale} measures"
            " that variance at %.0f without the scale and %.2f with"
            " it.\n", dk[last], st[0][last].score_var,
            st[1][last].score_var);
    out_close(f);
    f = open_sentence(prefix, "trials");
    fprintf(f, "%d%%", trials);      /* no space after it */
    out_close(f);
    f = open_sentence(prefix, "summary");
    
#line 4507 "chapters/A-programs.nw"
fprintf(f, "From $d_k = %d$ to $d_k = %d$, the variance of an"
        " unscaled score grows from %.2f to %.0f, as $d_k$ does;"
        " the scaled score's stays between %.2f and %.2f at every"
        " width. Without"
        " the scale, the largest of the %d weights averages %.2f at"
        " $d_k = %d$ and %.3f at $d_k = %d$ (a uniform row would"
        " give %.3f); with it, %.2f and %.2f. ", dk[0], dk[last],
        st[0][0].score_var, st[0][last].score_var, lo, hi, keys,
        st[0][0].max_weight, dk[0], st[0][last].max_weight,
        dk[last], 1.0 / keys, st[1][0].max_weight,
        st[1][last].max_weight);
fprintf(f, "Pooled over all trials, the RMS gradient reaching the"
        " scores falls only from %.3f to %.3f without the scale, a"
        " factor of %.1f. The median row's gradient falls from"
        " %.3f to %s, a factor of %s; with the scale the median is"
        " %.3f and %.3f. The query's gradient, one step further, has"
        " an RMS norm that grows from %.2f to %.2f without the scale"
        " and stays at %.2f and %.2f with it.", st[0][0].grad_rms,
        st[0][last].grad_rms,
        st[0][0].grad_rms / st[0][last].grad_rms,
        st[0][0].grad_median, tex_number(st[0][last].grad_median),
        tex_number(st[0][0].grad_median / st[0][last].grad_median),
        st[1][0].grad_median, st[1][last].grad_median,
        st[0][0].query_grad, st[0][last].query_grad,
        st[1][0].query_grad, st[1][last].query_grad);
if (at16 >= 0)
    fprintf(f, " At $d_k = 16$, the width of a head in the"
            " Transformer of the chapter's second part, the largest"
            " weight is already %.2f without the scale, against"
            " %.2f with it.", st[0][at16].max_weight,
            st[1][at16].max_weight);
fprintf(f, "\n");
#line 4500 "chapters/A-programs.nw"
    out_close(f);
    f = open_sentence(prefix, "dk64");
    
#line 4543 "chapters/A-programs.nw"
if (at64 >= 0)
    fprintf(f, "a mean largest weight of %.2f with the scale and"
            " %.2f without it, where a uniform row of %d keys would"
            " give %.3f%%", st[1][at64].max_weight,
            st[0][at64].max_weight, keys, 1.0 / keys);
#line 4503 "chapters/A-programs.nw"
    out_close(f);
}

#line 4401 "chapters/A-programs.nw"
int main(int argc, char **argv)
{
    program_name = "scale-sweep";
    int trials = 4000, keys = 8, seed = 1, max_dk = 1024;
    char *summary = NULL;
    
#line 4422 "chapters/A-programs.nw"
Option options[] = {
    {"--trials", OPT_INT, &trials, 10, 1e7, "queries per width"},
    {"--keys", OPT_INT, &keys, 2, 1024, "keys per query"},
    {"--seed", OPT_INT, &seed, 0, 1e9, "random seed"},
    {"--max-dk", OPT_INT, &max_dk, 4, 65536, "largest d_k"},
    {"--summary", OPT_TEXT, &summary, 0, 0, "prefix of sentences"},
};
parse_options(argc, argv, options, 5,
              "measure why attention scores are divided by"
              " sqrt(d_k)");
const char *sentence_names[] = {"-intro.tex", "-trials.tex",
                                "-summary.tex", "-dk64.tex"};
for (int k = 0; summary && k < 4; k++)
    out_plan("--summary", out_name(summary, sentence_names[k]));
#line 4407 "chapters/A-programs.nw"
    ScoreStats st[2][MAX_WIDTHS] = {{{0}}};
    int dk[MAX_WIDTHS], n = 0;
    printf("# d_k, then unscaled and scaled: score variance,"
           " largest weight, RMS gradient at the scores,"
           " RMS norm of the query's gradient, median of each"
           " row's RMS gradient at the scores\n");
    for (int d = 4; d <= max_dk; d *= 2, n++) {
        dk[n] = d;
        
#line 4438 "chapters/A-programs.nw"
for (int scaled = 0; scaled < 2; scaled++) {
    Rng rng;
    rng_seed(&rng, (uint64_t)seed);
    st[scaled][n] = score_statistics(d, keys, trials,
                                     scaled ? 1 / sqrt(d) : 1, &rng);
}
printf("%d %.6g %.6g %.6g %.6g %.6g %.6g %.6g %.6g %.6g %.6g\n",
       d, st[0][n].score_var, st[1][n].score_var,
       st[0][n].max_weight, st[1][n].max_weight, st[0][n].grad_rms,
       st[1][n].grad_rms, st[0][n].query_grad, st[1][n].query_grad,
       st[0][n].grad_median, st[1][n].grad_median);
#line 4416 "chapters/A-programs.nw"
    }
    if (summary) write_sentences(summary, st, dk, n, keys, trials);
    return 0;
}
